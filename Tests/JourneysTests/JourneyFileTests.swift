import Journeys
import Testing

@Suite struct JourneyFileTests {
    @Test func theExportedExampleParsesVerbatim() throws {
        let text = """
            <journey name="pick a signed-up ring pubky">
              <description>Pick a signed-up Ring pubky. Catalogue scenario 2 (spec/06). Preconditions: … Bitkit shows Pubky Choice with &lt;ring-pubky-a&gt; (signed up) and &lt;ring-pubky-b&gt; (not signed up) …</description>
              <actions>
                <action>Tap the Pubky Ring row (id "PubkyChoiceRing_&lt;ring-pubky-a&gt;")</action>
                <action>Verify the Create Profile screen shows the text "pubky&lt;ring-pubky-a&gt;"</action>
                <action>Go back to Home, then tap the profile button (id "ProfileButton")</action>
                <action>Verify the Profile screen shows the text "pubky&lt;ring-pubky-a&gt;"</action>
              </actions>
            </journey>
            """
        let file = try JourneyFile.parse(text)
        #expect(file.name == "pick a signed-up ring pubky")
        #expect(
            file.description
                == "Pick a signed-up Ring pubky. Catalogue scenario 2 (spec/06). Preconditions: … Bitkit shows Pubky Choice with <ring-pubky-a> (signed up) and <ring-pubky-b> (not signed up) …"
        )
        #expect(
            file.actions == [
                .init(
                    number: 1, text: #"Tap the Pubky Ring row (id "PubkyChoiceRing_<ring-pubky-a>")"#, line: 4,
                    column: 5),
                .init(
                    number: 2, text: #"Verify the Create Profile screen shows the text "pubky<ring-pubky-a>""#, line: 5,
                    column: 5),
                .init(
                    number: 3, text: #"Go back to Home, then tap the profile button (id "ProfileButton")"#, line: 6,
                    column: 5),
                .init(
                    number: 4, text: #"Verify the Profile screen shows the text "pubky<ring-pubky-a>""#, line: 7,
                    column: 5),
            ])
        let all = file.actions.flatMap(JourneyAction.split)
        #expect(all.map(\.index) == ["1", "2", "3.1", "3.2", "4"])
        #expect(
            all.map(\.form) == [
                .tap(.id("PubkyChoiceRing_<ring-pubky-a>"), showing: nil),
                .check(screen("createProfile", shows: "pubky<ring-pubky-a>")),
                .goHome,
                .tap(.id("ProfileButton"), showing: nil),
                .check(screen("Profile", shows: "pubky<ring-pubky-a>")),
            ])
        #expect(all[2].text == "Go back to Home")
        #expect(all[3].text == #"tap the profile button (id "ProfileButton")"#)
    }

    @Test func textsAreDecodedTrimmedAndWhitespaceCollapsed() throws {
        let file = try JourneyFile.parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment before the root -->
            <journey name="  two   words ">
              <description>
                Line one,
                \tline &quot;two&quot; &apos;x&apos; &#65;&#x42; a &amp; b
              </description>
              <actions>
                <!-- a comment between actions -->
                <action>Run `xcrun simctl openurl &lt;UDID&gt; "https://x/?a=1&amp;relay=2"`</action>
                <action><![CDATA[Tap "A & <B>"]]>  (id "X")</action>
              </actions>
            </journey>
            <!-- and after -->

            """)
        #expect(file.name == "two words")
        #expect(file.description == #"Line one, line "two" 'x' AB a & b"#)
        #expect(
            file.actions.map(\.text) == [
                #"Run `xcrun simctl openurl <UDID> "https://x/?a=1&relay=2"`"#, #"Tap "A & <B>" (id "X")"#,
            ])
        #expect(file.actions.map(\.line) == [10, 11])
        #expect(file.actions.map(\.column) == [5, 5])
    }

    @Test func aMissingDescriptionIsAllowedAndCRLFCountsOneLine() throws {
        let file = try JourneyFile.parse(
            "<journey name='n'>\r\n<actions>\r\n  <action>Go back</action></actions></journey>")
        #expect(file.description == "")
        #expect(file.actions == [.init(number: 1, text: "Go back", line: 3, column: 3)])
    }

    @Test func usageErrorsNameLineAndColumn() {
        let cases: [(String, Int, Int, JourneyFileError.Reason)] = [
            ("", 1, 1, .noRootElement),
            ("<journey name=\"n\">\n  <actions>\n    <action>Go back</action>\n", 2, 3, .unclosedElement("actions")),
            (
                "<journey name=\"n\"><actions><action>Go back</actions></journey>", 1, 43,
                .mismatchedClose(found: "actions", open: "action", openedLine: 1, openedColumn: 28)
            ),
            (
                "<journey name=\"n\"><actions><action>A &nbsp; B</action></actions></journey>", 1, 38,
                .badEntity("&nbsp;")
            ),
            ("<journey name=\"n\"><actions><action>A & B</action></actions></journey>", 1, 38, .badEntity("&")),
            ("<journey name=\"n\"><actions><action>A &#0; B</action></actions></journey>", 1, 38, .badEntity("&#0;")),
            (
                "<journey name=\"n\"><actions><action>Go back</action></actions></journey>\ntrailing", 2, 1,
                .contentAfterRoot
            ),
            (
                "<journey name=\"n\"><actions><action>Go back</action></actions></journey><journey/>", 1, 72,
                .contentAfterRoot
            ),
            ("<scenario name=\"n\"/>", 1, 1, .rootNotJourney("scenario")),
            ("<journey>\n<actions><action>Go back</action></actions></journey>", 1, 1, .nameMissing),
            ("<journey name=\" \"><actions><action>Go back</action></actions></journey>", 1, 10, .nameEmpty),
            ("<journey name=\"n\">\n  <description>d</description>\n</journey>", 1, 1, .noActions),
            ("<journey name=\"n\">\n  <actions>\n  </actions>\n</journey>", 2, 3, .noAction),
            (
                "<journey name=\"n\"><actions>\n<action>Go back</action>\n<action>  \n </action></actions></journey>",
                3, 1,
                .emptyAction(number: 2)
            ),
            ("<journey name=\"n\"><actions><action/></actions></journey>", 1, 28, .emptyAction(number: 1)),
            (
                "<journey name=\"n\"><actions><action>Tap <b>X</b></action></actions></journey>", 1, 40,
                .unexpectedElement("b", parent: "action")
            ),
            (
                "<journey name=\"n\"><setup/><actions><action>Go back</action></actions></journey>", 1, 19,
                .unexpectedElement("setup", parent: "journey")
            ),
            (
                "<journey name=\"n\"><actions><step>Go back</step></actions></journey>", 1, 28,
                .unexpectedElement("step", parent: "actions")
            ),
            (
                "<journey name=\"n\" suite=\"x\"><actions><action>Go back</action></actions></journey>", 1, 19,
                .unexpectedAttribute("suite", element: "journey")
            ),
            (
                "<journey name=\"n\"><actions><action id=\"1\">Go back</action></actions></journey>", 1, 36,
                .unexpectedAttribute("id", element: "action")
            ),
            (
                "<journey name=\"n\">\n  stray<actions><action>Go back</action></actions></journey>", 2, 3,
                .unexpectedText(parent: "journey")
            ),
            (
                "<journey name=\"n\"><actions><action>Go back</action></actions>\n<description>d</description></journey>",
                2, 1, .wrongOrder("description", after: "actions")
            ),
            (
                "<journey name=\"n\"><description>a</description><description>b</description><actions/></journey>", 1,
                47,
                .duplicateElement("description")
            ),
            ("<journey name=\"n\" name=\"m\"/>", 1, 19, .duplicateAttribute("name")),
            ("<journey name=n/>", 1, 15, .malformed("expected a quoted value for attribute name")),
            ("<journey name=\"a<b\"/>", 1, 17, .malformed("< may not occur in an attribute value (write &lt;)")),
            (
                "<journey name=\"n\"><actions><!-- unclosed", 1, 28,
                .unexpectedEnd(expected: "the end of this comment, -->")
            ),
            ("<!DOCTYPE journey><journey/>", 1, 1, .unsupportedMarkup("a DOCTYPE or other declaration")),
            ("hello <journey/>", 1, 1, .malformed("text occurs before the root element")),
            (
                "<journey name=\"n\"></actions></journey>", 1, 19,
                .mismatchedClose(found: "actions", open: "journey", openedLine: 1, openedColumn: 1)
            ),
        ]
        for (text, line, column, reason) in cases {
            let error = parseError(text)
            #expect(error == JourneyFileError(line: line, column: column, reason: reason), "\(text)")
        }
    }

    @Test func anErrorDescribesItselfInOneLine() {
        let error = parseError("<journey name=\"n\">\n  <actions>\n  </actions>\n</journey>")
        #expect(error?.description == "line 2, column 3: <actions> has no <action>")
        #expect(
            parseError("<journey name=\"n\"><actions><action>Go back</actions></journey>")?.description
                == "line 1, column 43: </actions> closes <action>, opened at line 1, column 28")
    }
}
