import Foundation
import Testing

/// The doc test itself: how it reads documents, and that a broken example fails it.
@Suite struct DocRunnerTests {
    static func page(_ markdown: String) -> DocPage { MarkdownPage.page(name: "test.md", markdown: markdown) }

    static func run(_ page: DocPage) throws -> [String] {
        var runner = DocRunner()
        return try runner.failures(of: page)
    }

    /// The page's cost is its CPU time, which a loaded machine does not inflate the way it does the
    /// wall clock: a command that sleeps costs nothing, one that computes costs what it computes.
    @Test func aPageIsMeasuredInCPUSecondsNotWallTime() throws {
        var sleeping = DocRunner()
        #expect(try sleeping.failures(of: Self.page("```sh\nsleep 1\n```")).isEmpty)
        #expect(sleeping.seconds >= 1)
        #expect(sleeping.cpuSeconds < 0.5)
        var computing = DocRunner()
        let busy = "```sh\ni=0; while [ $i -lt 300000 ]; do i=$((i + 1)); done\n```"
        #expect(try computing.failures(of: Self.page(busy)).isEmpty)
        #expect(computing.cpuSeconds > 0.2)
        #expect(DocRunner.cpuSeconds(times: "0m0.010s 0m0.004s\n1m2.500s 0m0.486s\n") == 63.0)
    }

    @Test func aBrokenExampleFailsTheDocTestNamingItsLine() throws {
        let page = Self.page(
            """
            Text.

            ```sh
            W=$(mktemp -d)/world
            simctl world init --with-apps --world "$W"
            simctl device frobnicate --world "$W"
            simctl device lock --world "$W"
            ```
            """)
        let failures = try Self.run(page)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("test.md:6: exited 2, documented 0") == true, "\(failures)")
        #expect(failures.first?.contains("Unknown command 'frobnicate'") == true)
    }

    @Test func aDocumentedExitStatusMustBeTheOneItGets() throws {
        let passing = Self.page(
            """
            ```sh
            simctl device lock --world /nonexistent/world   # exit 3: no world there
            ```
            """)
        #expect(try Self.run(passing).isEmpty)
        let failing = Self.page(
            """
            ```sh
            simctl world init --world "$(mktemp -d)/w"   # exit 3: wrongly documented
            ```
            """)
        let failures = try Self.run(failing)
        #expect(failures.first?.contains("exited 0, documented 3") == true, "\(failures)")
    }

    @Test func documentedOutputLinesMustBePrinted() throws {
        let page = Self.page(
            """
            ```sh
            W=$(mktemp -d)/world
            simctl world init --world "$W"
            # Created world at …/world.
            simctl device status --world "$W"
            # Device: locked
            ```
            """)
        let failures = try Self.run(page)
        #expect(failures.count == 1, "\(failures)")
        #expect(failures.first?.contains("test.md:5: the output lacks the documented line `Device: locked`") == true)
    }

    @Test func anOutputBlockBelongsToTheLastCommandOfTheShellBlockBeforeIt() throws {
        let markdown = """
            ```sh
            echo one; echo 'Race: 200 iterations in 4.4 s'
            ```

            Measured:

            ```output
            Race: 200 iterations in … s
            two
            ```
            """
        let page = Self.page(markdown)
        #expect(page.commands.first?.output == ["Race: 200 iterations in … s", "two"])
        let failures = try Self.run(page)
        #expect(failures.count == 1)
        #expect(failures.first?.contains("lacks the documented line `two`") == true)
    }

    @Test func noRunBlocksAndOtherLanguagesAreNotRun() throws {
        let page = Self.page(
            """
            ```sh no-run
            scripts/qa
            ```

            ```
            bitkit pick {A} &
            ```

            ```json
            {"a": 1}
            ```
            """)
        #expect(page.commands.isEmpty)
    }

    @Test func commandsAreReadAsTheShellReadsThem() {
        let page = Self.page(
            """
            ```sh
            ring-sim open '#1'                 # a comment, not an argument
            # shown by it
            simctl race --a 'ring relaunch' \\
              --b 'bitkit foreground'          # exit 1: the race is found

            # a comment before a command is not output
            echo "a # b"
            ```
            """)
        #expect(page.commands.map(\.location) == ["test.md:2", "test.md:4", "test.md:8"])
        #expect(page.commands[0].output == ["shown by it"])
        #expect(page.commands[0].exitStatus == 0)
        #expect(page.commands[1].text.contains("--b 'bitkit foreground'"))
        #expect(page.commands[1].exitStatus == 1)
        #expect(page.commands[1].output.isEmpty)
        #expect(page.commands[2].output.isEmpty)
        #expect(ShellText.trailingComment(of: "ring-sim open '#1'") == nil)
        #expect(ShellText.trailingComment(of: "ring-sim open #1") == "1")
        #expect(ShellText.documentedExit(in: "x  # exit 2: usage") == 2)
        #expect(ShellText.documentedExit(in: "x  # exits with 2") == nil)
    }

    @Test func aHereDocumentIsPartOfItsCommand() throws {
        let page = Self.page(
            """
            ```sh
            cat > note.txt <<'EOF'
            # not output: a line of the file
            two words
            EOF
            grep -c words note.txt
            # 1
            ```
            """)
        #expect(page.commands.count == 2)
        #expect(page.commands[0].text.hasSuffix("two words\nEOF"))
        #expect(page.commands[0].output.isEmpty)
        #expect(page.commands[1].output == ["1"])
        #expect(try Self.run(page).isEmpty)
    }

    @Test func outputLinesMatchWithTheEllipsisStandingForAnyText() {
        #expect(
            ShellText.line(
                "  app.pubkyring:tkrq8…xp7qy  [pubky.shared.v1] valid", shows: "app.pubkyring:tkrq8…xp7qy  [pubky"))
        #expect(ShellText.line("#1 tkrq8zmwb8a3m9k15", shows: "#1 tkrq8…15"))
        #expect(!ShellText.line("#1 tkrq8zmwb8a3m9k15", shows: "#2 tkrq8"))
        #expect(
            ShellText.line(
                "Race: 200 iterations in 4.4 s (48.6 per second)", shows: "Race: 200 iterations in … s (… per second)"))
    }

    @Test func helpSectionsAreReadUpToTheBlankLine() {
        let help = "OVERVIEW: x\n\nEXAMPLES:\n  simctl a\n  simctl b  # exit 2\n\nSee more.\n"
        #expect(HelpPages.section("EXAMPLES:", of: help) == ["simctl a", "simctl b  # exit 2"])
    }
}
