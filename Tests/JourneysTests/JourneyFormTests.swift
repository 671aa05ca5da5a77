import Journeys
import Testing

/// One test per row of spec/08 §2.2, several phrasings each, the spec's own examples verbatim.
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
            form(#"Verify the choice screen shows one row per Ring identity (id "PubkyChoiceRing_<ring-pubky>")"#)
                == .verifyVisible([.id("PubkyChoiceRing_<ring-pubky>")], quoted: []))
        #expect(
            form(
                #"Verify the Pubky Ring rows (id "PubkyChoiceRing_<ring-pubky-a>") and (id "PubkyChoiceRing_<ring-pubky-b>") are shown"#
            )
                == .verifyVisible(
                    [.id("PubkyChoiceRing_<ring-pubky-a>"), .id("PubkyChoiceRing_<ring-pubky-b>")], quoted: []))
        #expect(
            form(#"Check the Pubky Ring row showing "TKRQ...P7QY" (testTag "PubkyChoiceIdentity") is visible"#)
                == .verifyVisible([.testTag("PubkyChoiceIdentity")], quoted: ["TKRQ...P7QY"]))
        #expect(
            form(#"Verify the contact row with "Alice" (id "ContactRow") is shown"#)
                == .verifyVisible([.id("ContactRow")], quoted: ["Alice"]))
        #expect(
            form(#"Verify the row (id "ContactRow") showing "Alice""#) == .verifyText(.id("ContactRow"), text: "Alice"))
        #expect(
            form(#"Confirm the bell (id "PaymentRequestsBell") appears"#)
                == .verifyVisible([.id("PaymentRequestsBell")], quoted: []))
    }

    @Test func row5VerifyAbsentInItsWordings() {
        let absent = JourneyForm.verifyAbsent([.id("PaymentRequestsBell")], quoted: [], missingFromTargets: false)
        #expect(form(#"Verify the bell (id "PaymentRequestsBell") is not visible"#) == absent)
        #expect(form(#"Check that the bell (id "PaymentRequestsBell") is absent"#) == absent)
        #expect(form(#"Verify the bell (id "PaymentRequestsBell") disappears"#) == absent)
        #expect(form(#"Verify the bell (id "PaymentRequestsBell") is no longer shown"#) == absent)
        #expect(form(#"Verify the bell (id "PaymentRequestsBell") is missing"#) == absent)
        #expect(form(#"Ensure the bell (id "PaymentRequestsBell") does not appear"#) == absent)
        #expect(
            form(#"from the snapshot … the "PubkyChoiceRing_" rows missing from Targets"#)
                == .verifyAbsent([], quoted: ["PubkyChoiceRing_"], missingFromTargets: true))
        #expect(
            form(
                #"Verify from the snapshot that Pay (id "PaymentRequestPay-<payment-request-id>") is missing from Targets"#
            )
                == .verifyAbsent([.id("PaymentRequestPay-<payment-request-id>")], quoted: [], missingFromTargets: true))
    }

    @Test func row6VerifyDisabledOrEnabled() {
        #expect(
            form(#"Verify Select (id "ContactImportOverviewSelect") is disabled"#)
                == .verifyDisabled(.id("ContactImportOverviewSelect"), disabled: true))
        #expect(
            form(#"Check that Save (id "CreateProfileSave") is enabled"#)
                == .verifyDisabled(.id("CreateProfileSave"), disabled: false))
        #expect(form(#"Verify "Continue" is greyed out"#) == .verifyDisabled(.label("Continue"), disabled: true))
        #expect(
            form(#"Verify Save (testTag "SaveButton") is not enabled"#)
                == .verifyDisabled(.testTag("SaveButton"), disabled: true))
    }

    @Test func row7VerifyTextOfAnElementOrOfTheScreen() {
        #expect(
            form(#"Verify the name (id "ProfileViewName") shows "Satoshi""#)
                == .verifyText(.id("ProfileViewName"), text: "Satoshi"))
        #expect(
            form(#"Verify the screen shows the text "Profile deleted""#) == .verifyText(nil, text: "Profile deleted"))
        #expect(
            form(#"Verify the Create Profile screen shows the text "pubky<ring-pubky-a>""#)
                == .verifyText(nil, text: "pubky<ring-pubky-a>"))
        #expect(
            form(#"Check the title (testTag "ProfileTitle") reads "Profile""#)
                == .verifyText(.testTag("ProfileTitle"), text: "Profile"))
        #expect(form(#"Confirm "Satoshi" is shown"#) == .verifyText(nil, text: "Satoshi"))
        #expect(
            form(#"Verify the caption (id "Caption") contains the text: "TKRQ""#)
                == .verifyText(.id("Caption"), text: "TKRQ"))
        #expect(
            form("Verify the Profile screen is shown") == .unrecognised("a check that names no id and no quoted text"))
    }

    @Test func row8WaitWrapsACheckAndDropsThePredicate() {
        #expect(
            form(#"Wait for the name (id "ProfileViewName", predicate exists)"#)
                == .waitFor(.verifyVisible([.id("ProfileViewName")], quoted: [])))
        #expect(
            form(#"Wait for the confirmation (id "PaymentRequestConfirm")"#)
                == .waitFor(.verifyVisible([.id("PaymentRequestConfirm")], quoted: [])))
        #expect(
            form(#"Wait for the name (testTag "ProfileViewName")"#)
                == .waitFor(.verifyVisible([.testTag("ProfileViewName")], quoted: [])))
        #expect(form(#"Wait until the screen shows the text "Paid""#) == .waitFor(.verifyText(nil, text: "Paid")))
        #expect(form(#"wait for "Paid""#) == .waitFor(.verifyText(nil, text: "Paid")))
        #expect(
            form(#"Wait for the spinner (id "ProfileLoading") to disappear"#)
                == .waitFor(.verifyAbsent([.id("ProfileLoading")], quoted: [], missingFromTargets: false)))
        #expect(form("Wait a moment") == .waitBriefly)
    }

    @Test func row9ConditionsApplyToTheirSubAction() {
        let intro = steps(#"If the Profile intro (id "ProfileIntro") appears, tap Continue (id "ProfileIntro-button")"#)
        #expect(intro.count == 1)
        #expect(intro.first?.condition == .element(.id("ProfileIntro")))
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
        #expect(again.map(\.form) == [.waitBriefly, .tapAgain])
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
        #expect(spinner.first?.form == .verifyVisible([.id("ProfileLoading")], quoted: []))
        let inline = steps(
            #"Verify the status (id "Status") shows "Resolving", or report "already resolved" rather than failing"#)
        #expect(inline.map(\.timingClause) == ["already resolved"])
        #expect(inline.map(\.form) == [.verifyText(.id("Status"), text: "Resolving")])
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
        #expect(form("Confirm the spinner animates") == .needsPerson("Confirm the spinner animates"))
        #expect(
            form(#"Verify the avatar image (id "ProfileAvatar") is visible"#)
                == .verifyVisible([.id("ProfileAvatar")], quoted: []))
    }

    @Test func row16GoBackHomeAndTo() {
        #expect(form(#"Tap Back (id "NavigationBack")"#) == .tap(.id("NavigationBack"), showing: nil))
        #expect(form("Go back") == .goBack)
        #expect(form("Press the back button") == .goBack)
        #expect(form("Go back to Home") == .goHome)
        #expect(form("Go to Home") == .goHome)
        #expect(form("go home.") == .goHome)
        #expect(form("Return to the Home screen") == .goHome)
        #expect(form("Go to Profile") == .goTo("Profile"))
        #expect(form("Open Settings") == .goTo("Settings"))
        #expect(form("Navigate to the Contacts screen") == .goTo("Contacts"))
        let settings = steps("In Pubky Ring, go to Settings")
        #expect(settings.map(\.form) == [.goTo("Settings")])
        #expect(settings.map(\.app) == [.ring])
    }

    @Test func anythingElseIsUnrecognisedWithAReason() {
        #expect(form("Open the link `pubkyauth://x`") == .unrecognised("open names no id and no quoted label"))
        #expect(form("Scroll down") == .unrecognised(#"no form of spec/08 §2.2 starts with "Scroll""#))
        #expect(form("The wallet syncs") == .unrecognised(#"no form of spec/08 §2.2 starts with "The""#))
        #expect(
            form("Run `xcrun simctl terminate <UDID> to.bitkit` and `xcrun simctl launch <UDID> to.bitkit`")
                == .command(.unrecognised("several commands in one sub-action")))
    }
}
