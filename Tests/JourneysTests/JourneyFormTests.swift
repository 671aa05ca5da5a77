import Journeys
import Testing

/// One test per row of spec/08 §2.2, several phrasings each, the spec's own examples verbatim (as §2.4 reads them).
@Suite struct JourneyFormTests {
    @Test func row1TapByIdWithAnyTapVerb() {
        #expect(form(#"Tap Continue (id "ProfileIntro-button")"#) == .tap(.id("ProfileIntro-button"), showing: nil))
        #expect(form(#"Open Profile (testTag "DrawerProfile")"#) == .tap(.testTag("DrawerProfile"), showing: nil))
        #expect(
            form(#"press Save (identifier "CreateProfileSave")."#)
                == .tap(.identifier("CreateProfileSave"), showing: nil))
        #expect(
            form(#"Select the row (id "PaymentRequestRow-<payment-request-id>")"#)
                == .tap(.id("PaymentRequestRow-<payment-request-id>"), showing: nil))
        #expect(
            form(#"CHOOSE Use (testID "ExternalPubkyBox-0-UseButton")"#)
                == .tap(.testID("ExternalPubkyBox-0-UseButton"), showing: nil))
        #expect(
            form(#"Toggle the details (id "SendConfirmToggleDetails")"#)
                == .tap(.id("SendConfirmToggleDetails"), showing: nil))
        #expect(form(#"Swipe to pay (id "GRAB")"#) == .tap(.id("GRAB"), showing: nil))
        #expect(
            form(#"tap (testID "UseExternalPubkyConfirmButton")"#)
                == .tap(.testID("UseExternalPubkyConfirmButton"), showing: nil))
        #expect(
            form(#"Tap the Pubky Ring row showing "<a-caption>" (testTag "PubkyChoiceIdentity")"#)
                == .tap(.testTag("PubkyChoiceIdentity"), showing: "<a-caption>"))
    }

    @Test func row2TapByVisibleLabelIsATapOfALabel() {
        #expect(form(#"Tap "Yes, Delete""#) == .tap(.label("Yes, Delete"), showing: nil))
        #expect(form(#"tap Import (no testTag; titled "Import")"#) == .tap(.label("Import"), showing: nil))
        #expect(form(#"Press “Wipe Pubky Ring”"#) == .tap(.label("Wipe Pubky Ring"), showing: nil))
        #expect(form("Tap Continue") == .unrecognised("tap names no id and no quoted label"))
    }

    @Test func row3EnterText() {
        #expect(
            form(#"Enter "Satoshi" in the name field (id "CreateProfileUsername")"#)
                == .enterText("Satoshi", into: .id("CreateProfileUsername")))
        #expect(
            form(#"enter "N" (testID "EditPubkyNameInput")"#) == .enterText("N", into: .testID("EditPubkyNameInput")))
        #expect(
            form(#"Type "hello world" into the bio (testTag "CreateProfileBio")"#)
                == .enterText("hello world", into: .testTag("CreateProfileBio")))
        #expect(
            form(#"Fill the invite field (id "InviteCode") with <invite-code>"#)
                == .enterText("<invite-code>", into: .id("InviteCode")))
        #expect(form(#"Type "x""#) == .enterText("x", into: nil))
        #expect(form("Enter the PIN") == .unrecognised("enter names no quoted text to enter"))
    }

    @Test func row4VerifyIdsVisibleKeepingQuotedDisambiguators() {
        #expect(
            form(
                #"Verify the Pubky Ring rows (id "PubkyChoiceRing_<ring-pubky-a>") and (id "PubkyChoiceRing_<ring-pubky-b>") are shown"#
            )
                == .check(
                    JourneyCheck([
                        conjunct(.elements([.id("PubkyChoiceRing_<ring-pubky-a>")], showing: nil), .shown),
                        conjunct(.elements([.id("PubkyChoiceRing_<ring-pubky-b>")], showing: nil), .shown),
                    ])))
        #expect(
            form(#"Check the Pubky Ring row showing "TKRQ...P7QY" (testTag "PubkyChoiceIdentity") is visible"#)
                == .check(.visible([.testTag("PubkyChoiceIdentity")], showing: "TKRQ...P7QY")))
        #expect(
            form(#"Verify the contact row with "Alice" (id "ContactRow") is shown"#)
                == .check(.visible([.id("ContactRow")], showing: "Alice")))
        #expect(form(#"Verify the row (id "ContactRow") showing "Alice""#) == .check(.text(.id("ContactRow"), "Alice")))
        #expect(
            form(#"Confirm the bell (id "PaymentRequestsBell") appears"#)
                == .check(.visible([.id("PaymentRequestsBell")])))
        #expect(
            form(#"Verify both Ring identities are listed (id "A") (id "B")"#)
                == .check(JourneyCheck([conjunct(.elements([.id("A"), .id("B")], showing: nil), .shown)])))
    }

    @Test func row5VerifyAbsentInItsWordings() {
        let absent = JourneyForm.check(.absent([.id("PaymentRequestsBell")]))
        #expect(form(#"Verify the bell (id "PaymentRequestsBell") is not visible"#) == absent)
        #expect(form(#"Check that the bell (id "PaymentRequestsBell") is absent"#) == absent)
        #expect(form(#"Verify the bell (id "PaymentRequestsBell") disappears"#) == absent)
        #expect(form(#"Verify the bell (id "PaymentRequestsBell") is no longer shown"#) == absent)
        #expect(form(#"Verify the bell (id "PaymentRequestsBell") is missing"#) == absent)
        #expect(form(#"Ensure the bell (id "PaymentRequestsBell") does not appear"#) == absent)
        #expect(
            form(#"Verify from the snapshot … the "PubkyChoiceRing_" rows missing from Targets"#)
                == .check(
                    JourneyCheck([conjunct(.idPrefix("PubkyChoiceRing_"), .missingFromTargets)], source: .snapshot)))
        #expect(
            form(
                #"Verify from the snapshot that Pay (id "PaymentRequestPay-<payment-request-id>") is missing from Targets"#
            )
                == .check(
                    JourneyCheck(
                        [
                            conjunct(
                                .elements([.id("PaymentRequestPay-<payment-request-id>")], showing: nil),
                                .missingFromTargets)
                        ],
                        source: .snapshot)))
    }

    @Test func row6VerifyDisabledOrEnabled() {
        #expect(
            form(#"Verify Select (id "ContactImportOverviewSelect") is disabled"#)
                == .check(.disabled(.id("ContactImportOverviewSelect"), true)))
        #expect(
            form(#"Check that Save (id "CreateProfileSave") is enabled"#)
                == .check(.disabled(.id("CreateProfileSave"), false)))
        #expect(
            form(#"Verify "Continue" is greyed out"#) == .check(JourneyCheck([conjunct(.label("Continue"), .disabled)]))
        )
        #expect(
            form(#"Verify Save (testTag "SaveButton") is not enabled"#)
                == .check(.disabled(.testTag("SaveButton"), true)))
    }

    @Test func row7VerifyTextOfAnElementOrOfTheScreen() {
        #expect(
            form(#"Verify the name (id "ProfileViewName") shows "Satoshi""#)
                == .check(.text(.id("ProfileViewName"), "Satoshi")))
        #expect(form(#"Verify the screen shows the text "Profile deleted""#) == .check(.text(nil, "Profile deleted")))
        #expect(
            form(#"Verify the Create Profile screen shows the text "pubky<ring-pubky-a>""#)
                == .check(screen("createProfile", shows: "pubky<ring-pubky-a>")))
        #expect(
            form(#"Check the title (testTag "ProfileTitle") reads "Profile""#)
                == .check(.text(.testTag("ProfileTitle"), "Profile")))
        #expect(form(#"Confirm "Satoshi" is shown"#) == .check(.text(nil, "Satoshi")))
        #expect(
            form(#"Verify the caption (id "Caption") contains the text: "TKRQ""#)
                == .check(.text(.id("Caption"), "TKRQ")))
        #expect(
            form("Verify the Profile screen is shown") == .check(JourneyCheck([conjunct(.place("Profile"), .shown)])))
        // A check it cannot read stays for a person, never held by guess.
        #expect(
            form("Verify the wallet is synced")
                == .check(JourneyCheck([conjunct(.screen, .needsEyes("the wallet is synced"))])))
        #expect(form("Verify") == .unrecognised("a check that names nothing to check"))
    }

    @Test func row8WaitWrapsACheckAndDropsThePredicate() {
        #expect(
            form(#"Wait for the name (id "ProfileViewName", predicate exists)"#)
                == .waitFor(.visible([.id("ProfileViewName")]), limit: 30))
        #expect(
            form(#"Wait for the confirmation (id "PaymentRequestConfirm")"#)
                == .waitFor(.visible([.id("PaymentRequestConfirm")]), limit: 30))
        #expect(
            form(#"Wait for the name (testTag "ProfileViewName")"#)
                == .waitFor(.visible([.testTag("ProfileViewName")]), limit: 30))
        #expect(form(#"Wait until the screen shows the text "Paid""#) == .waitFor(.text(nil, "Paid"), limit: 30))
        #expect(form(#"wait for "Paid""#) == .waitFor(.text(nil, "Paid"), limit: 30))
        #expect(
            form(#"Wait for the spinner (id "ProfileLoading") to disappear"#)
                == .waitFor(.absent([.id("ProfileLoading")]), limit: 30))
        #expect(form("Wait a moment") == .waitSeconds(1))
        #expect(form("Wait a few seconds") == .waitSeconds(3))
    }

    @Test func row9ConditionsApplyToTheirSentence() {
        let intro = steps(#"If the Profile intro (id "ProfileIntro") appears, tap Continue (id "ProfileIntro-button")"#)
        #expect(intro.count == 1)
        #expect(intro.first?.condition == .check(.visible([.id("ProfileIntro")])))
        #expect(intro.first?.form == .tap(.id("ProfileIntro-button"), showing: nil))
        #expect(intro.first?.index == "1")
        #expect(
            steps("If the PIN screen appears, unlock the wallet").first?.condition == .promptNeverShown("PIN screen"))
        #expect(
            steps("If camera permission is requested, deny it to use clipboard input").first?.condition
                == .promptNeverShown("camera permission"))
        #expect(
            steps("If the notification permission prompt shows, tap \"Allow\"").first?.condition
                == .promptNeverShown("notification permission"))
        #expect(steps("If the wallet is funded, tap \"Send\"").first?.condition == .other("the wallet is funded"))
        let again = steps("If nothing happens, Pubky is still initializing: wait a moment and tap it again")
        #expect(again.map(\.index) == ["1.1", "1.2"])
        #expect(again.map(\.condition) == [.nothingHappened, .nothingHappened])
        #expect(again.map(\.form) == [.waitSeconds(1), .tapAgain])
        #expect(again.first?.notes == ["Pubky is still initializing"])
        #expect(
            again.map(\.text) == ["If nothing happens, Pubky is still initializing: wait a moment", "tap it again"])
        #expect(form(#"if the sheet (id "Sheet") shows, then tap "OK""#) == .tap(.label("OK"), showing: nil))
    }

    @Test func row10CommandsBacktickedOrBare() {
        #expect(
            forms("Run `xcrun simctl terminate <UDID> to.bitkit` then `xcrun simctl launch <UDID> to.bitkit`")
                == [.command(.terminate(bundle: "to.bitkit")), .command(.launch(bundle: "to.bitkit"))])
        #expect(
            form(#"Run `xcrun simctl openurl <UDID> "pubkyauth:///?caps=/pub/x:rw&relay=https://r"`"#)
                == .command(.openURL("pubkyauth:///?caps=/pub/x:rw&relay=https://r")))
        #expect(form("xcrun simctl launch booted <ring-bundle-id>") == .command(.launch(bundle: "<ring-bundle-id>")))
        #expect(form("Run `adb shell am force-stop to.bitkit.dev`") == .command(.terminate(bundle: "to.bitkit.dev")))
        #expect(
            form("`adb shell am start -n to.bitkit.dev/to.bitkit.ui.MainActivity`")
                == .command(.launch(bundle: "to.bitkit.dev")))
        #expect(
            form("Run `adb shell am start -n app.pubkyring/to.pubkyring.MainActivity`")
                == .command(.launch(bundle: "app.pubkyring")))
        #expect(
            form(#"Run `adb shell am start -a android.intent.action.VIEW -d "bitkit://x?a=1" to.bitkit.dev`"#)
                == .command(.openURLIn(package: "to.bitkit.dev", url: "bitkit://x?a=1")))
        #expect(
            form("run adb -s emulator-5554 shell am force-stop app.pubkyring")
                == .command(.terminate(bundle: "app.pubkyring")))
        #expect(
            form("Run `rm -rf /tmp/x`")
                == .command(
                    .unrecognised("`rm -rf /tmp/x` is not an xcrun simctl or adb command a journey runner performs")))
        #expect(
            form("Run `xcrun simctl erase <UDID>`")
                == .command(.unrecognised("`xcrun simctl erase <UDID>` is not a command of spec/08 §2.2")))
        #expect(
            form(#"Simulator capability "faults": run `fault add --app bitkit --op read --error busy`"#)
                == .command(.capability(name: "faults", line: "fault add --app bitkit --op read --error busy")))
        #expect(
            form(#"Simulator capability "races": run `bitkit pick <ring-pubky-a> & wait`"#)
                == .command(.capability(name: "races", line: "bitkit pick <ring-pubky-a> & wait")))
    }

    @Test func row11NetworkThrottling() {
        #expect(form("Run `adb emu network delay gprs`") == .networkThrottle("adb emu network delay gprs"))
        #expect(
            form("Throttle the network with `adb emu network speed edge`")
                == .networkThrottle("adb emu network speed edge"))
        #expect(form("adb emu network delay none") == .networkThrottle("adb emu network delay none"))
    }

    @Test func row12ClipboardAndPaste() {
        #expect(
            forms(#"Copy <pubkyauth-link> to the clipboard, tap Scan (id "Scan"), then tap "Paste""#)
                == [
                    .copyToClipboard("<pubkyauth-link>"), .tap(.id("Scan"), showing: nil),
                    .tap(.label("Paste"), showing: nil),
                ])
        #expect(form(#"Copy "pubkyauth:///?x=1" to the clipboard"#) == .copyToClipboard("pubkyauth:///?x=1"))
        #expect(form("copy `bitkit://pay` into the clipboard") == .copyToClipboard("bitkit://pay"))
        #expect(
            form(#"tap Paste (testID "QRScannerPasteButton")"#) == .tap(.testID("QRScannerPasteButton"), showing: nil))
        #expect(form("Paste it") == .tap(.label("Paste"), showing: nil))
    }

    @Test func row13InAnAppAndSwitchingApps() {
        let ring = steps(#"In Pubky Ring, tap Delete (testID "PubkyDetailDeleteButton")"#)
        #expect(ring.map(\.app) == [.ring])
        #expect(ring.map(\.form) == [.tap(.testID("PubkyDetailDeleteButton"), showing: nil)])
        #expect(steps(#"In Bitkit, verify the name (id "ProfileViewName") shows "Satoshi""#).map(\.app) == [.bitkit])
        #expect(form("Switch to Pubky Ring") == .switchApp(.ring))
        #expect(form("Open Pubky Ring") == .switchApp(.ring))
        #expect(form("switch back to the Bitkit app") == .switchApp(.bitkit))
        let carried = steps(#"Switch to Pubky Ring and tap Authorize (testID "ConfirmAuthAuthorizeButton")"#)
        #expect(carried.map(\.app) == [.ring, .ring])
        #expect(steps(#"Tap "Done" and switch to Bitkit"#).map(\.app) == [nil, .bitkit])
    }

    @Test func row14TimingClauseIsCarriedNotAStep() {
        let spinner = steps(
            #"Verify the spinner (id "ProfileLoading") is visible; if it has already loaded, report "already loaded" rather than failing"#
        )
        #expect(spinner.count == 1)
        #expect(spinner.first?.timingClause == "already loaded")
        #expect(spinner.first?.timing?.condition == .other("it has already loaded"))
        #expect(spinner.first?.form == .check(.visible([.id("ProfileLoading")])))
        let inline = steps(
            #"Verify the status (id "Status") shows "Resolving", or report "already resolved" rather than failing"#)
        #expect(inline.map(\.timingClause) == ["already resolved"])
        #expect(inline.map(\.form) == [.check(.text(.id("Status"), "Resolving"))])
        #expect(steps(#"Tap "OK""#).first?.timingClause == nil)
    }

    @Test func row15NeedsAPerson() {
        let toast =
            #"Verify the toast "Profile saved" appears (check it from a screenshot; toasts are not in the layout dump)"#
        #expect(form(toast) == .needsPerson(toast))
        #expect(
            form("Verify the avatar shows the uploaded image")
                == .needsPerson("Verify the avatar shows the uploaded image"))
        #expect(form("Check the colours of the header") == .needsPerson("Check the colours of the header"))
        #expect(
            form("Verify the layout of the Profile screen") == .needsPerson("Verify the layout of the Profile screen"))
        #expect(
            form(#"Verify the avatar image (id "ProfileAvatar") is visible"#)
                == .check(.visible([.id("ProfileAvatar")])))
        #expect(form("Confirm the spinner animates") == .needsPerson("Confirm the spinner animates"))
    }

    @Test func row16GoBackHomeAndTo() {
        #expect(form(#"Tap Back (id "NavigationBack")"#) == .tap(.id("NavigationBack"), showing: nil))
        #expect(form("Go back") == .goBack)
        #expect(form("Press the back button") == .goBack)
        #expect(form("Go back to Home") == .goHome)
        #expect(form("Go to Home") == .goHome)
        #expect(form("go home.") == .goHome)
        #expect(form("Return to the Home screen") == .goHome)
        #expect(form("Go to Profile") == .goTo("Profile", existing: false))
        #expect(form("Open Settings") == .goTo("Settings", existing: false))
        #expect(form("Navigate to the Contacts screen") == .goTo("Contacts", existing: false))
        #expect(
            form("Reopen your existing profile via the Home header")
                == .goTo("profile via the Home header", existing: true))
        let settings = steps("In Pubky Ring, go to Settings")
        #expect(settings.map(\.form) == [.goTo("Settings", existing: false)])
        #expect(settings.map(\.app) == [.ring])
    }

    @Test func anythingElseIsUnrecognisedWithAReason() {
        #expect(form("Open the link `pubkyauth://x`") == .unrecognised("open names no id and no quoted label"))
        #expect(form("Scroll down") == .unrecognised("scroll names nothing to scroll to"))
        #expect(
            form("Frobnicate the profile widget")
                == .unrecognised(#"no form of spec/08 §2.2 or §2.4 starts with "Frobnicate""#))
        #expect(
            form("Run `xcrun simctl terminate <UDID> to.bitkit` and `xcrun simctl launch <UDID> to.bitkit`")
                == .command(.unrecognised("several commands in one sub-action")))
    }
}
