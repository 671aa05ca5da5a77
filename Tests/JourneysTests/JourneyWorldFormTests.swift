import Journeys
import Testing

/// spec/08 §2.4.5–§2.4.10 as read: the world's placeholder rules, places by meaning, captures, notes,
/// timings, waits, the Android forms and the other forms of the apps' files.
@Suite struct JourneyWorldFormTests {
    @Test func theWorldsPlaceholderRulesAreData() {
        #expect(JourneyPlaceholderRules.rule(for: "UDID") == .constant("booted"))
        #expect(JourneyPlaceholderRules.rule(for: "ring-pubky") == .ringIdentities)
        #expect(JourneyPlaceholderRules.rule(for: "pubky", inID: "PubkyChoiceRing_<pubky>") == .ringIdentities)
        #expect(JourneyPlaceholderRules.rule(for: "pubky", inID: "Contact_<pubky>") == .contacts)
        #expect(JourneyPlaceholderRules.rule(for: "pubky") == nil, "a bare <pubky> outside an id has no rule")
        #expect(JourneyPlaceholderRules.rule(for: "named-ring-pubky") == .namedRingIdentity)
        #expect(JourneyPlaceholderRules.rule(for: "buyer-public-key") == .ownKey)
        #expect(JourneyPlaceholderRules.rule(for: "seller-public-key") == .issuerKey)
        #expect(JourneyPlaceholderRules.rule(for: "negotiated-receiver-path") == .negotiatedReceiverPath)
        #expect(JourneyPlaceholderRules.rule(for: "payment-request-id") == .paymentRequestID)
        #expect(JourneyPlaceholderRules.rule(for: "current address") == .currentAddress)
        #expect(JourneyPlaceholderRules.rule(for: "named-ring-pubky-caption") == .caption(of: "named-ring-pubky"))
        #expect(JourneyPlaceholderRules.rule(for: "friend-key") == nil)
        #expect(JourneyPlaceholderRules.rule(for: "ring-pubky-a") == nil, "scenario only")
        #expect(JourneyPlaceholderRules.isSet(.ringIdentities) && !JourneyPlaceholderRules.isSet(.ownKey))
    }

    @Test func placesByMeaningComeFromTheTable() {
        #expect(JourneyPlaces.place(named: "your existing profile via the Home header")?.name == "Profile")
        #expect(JourneyPlaces.place(named: "the Contacts screen")?.name == "Contacts")
        #expect(JourneyPlaces.place(named: "my Settings")?.routes[.ring] == [.command(["settings"])])
        #expect(
            JourneyPlaces.place(named: "Contacts via the menu")?.routes[.bitkit] == [
                .tap("HeaderMenu"), .tap("DrawerContacts"),
            ])
        #expect(
            JourneyPlaces.place(named: "profile from the Home header")?.routes[.bitkit] == [
                .place("Home"), .tap("ProfileButton"),
            ])
        #expect(JourneyPlaces.place(named: "the wallet history") == nil)
        // Every route's places exist, and every navigation place has a route in some app.
        for place in JourneyPlaces.table {
            for step in place.routes.values.flatMap({ $0 }) {
                if case .place(let name) = step { #expect(JourneyPlaces.place(withName: name) != nil) }
            }
            #expect(!place.shownAs.isEmpty, "\(place.name) can be checked")
        }
        #expect(
            forms("Reopen your existing profile via the Home header") == [
                .goTo("profile via the Home header", existing: true)
            ])
        #expect(forms("Return Home") == [.goHome])
        #expect(forms("Open the wallet history") == [.goTo("wallet history", existing: false)])
    }

    @Test func capturesNotesAndTimings() {
        #expect(forms("Take a snapshot") == [.capture(["snapshot"])])
        #expect(forms("Capture a layout dump before the adoption finishes") == [.capture(["layout dump"])])
        #expect(forms("Record a screenshot plus a layout dump") == [.capture(["screenshot", "layout dump"])])
        #expect(forms(#"Note the name (id "ProfileViewName")"#) == [.note("name", .id("ProfileViewName"))])
        #expect(forms("Note the number of rows") == [.note("number of rows", nil)])
        #expect(forms("Note the time") == [.note("time", nil)])
        #expect(forms("Report how long the row lookups take") == [.reportDuration("the row lookups")])
        #expect(forms("Report how long the adoption took") == [.reportDuration("the adoption")])
    }

    @Test func waitsOnTheSimulatedClock() {
        #expect(
            forms(#"Wait at most a minute until the spinner (id "ProfileLoading") disappears"#)
                == [.waitFor(.absent([.id("ProfileLoading")]), limit: 60)])
        #expect(
            forms(#"Wait up to 10 seconds for the spinner (id "S") to be gone"#) == [
                .waitFor(.absent([.id("S")]), limit: 10)
            ])
        #expect(forms("Wait for the adoption to finish") == [.waitForProcess(.adoption, limit: 30)])
        #expect(forms("Wait up to 5 seconds until the lookups finish") == [.waitForProcess(.lookups, limit: 5)])
        #expect(forms("Wait a few seconds") == [.waitSeconds(3)])
        #expect(forms("Wait 5 seconds") == [.waitSeconds(5)])
    }

    @Test func theAndroidForms() {
        #expect(
            forms(#"Press the named identity's row (testTag "PubkyChoiceIdentity", told apart by its key caption)"#)
                == [.tapReferent(.forKey("<named-ring-pubky>"), within: .testTag("PubkyChoiceIdentity"))])
        let ignored = steps(
            #"Verify all rows are disabled. Disabled rows ignore taps, so tap a different row (testTag "T") and verify nothing changes: no second adoption"#
        )
        #expect(ignored.map(\.expectsNoChange) == [false, true, false])
        #expect(
            ignored.last?.form == .check(JourneyCheck([conjunct(.screen, .unchanged(effects: ["no second adoption"]))]))
        )
        #expect(forms(#"tap Import (no testTag; titled "Import")"#) == [.tap(.label("Import"), showing: nil)])
    }

    @Test func theOtherFormsOfTheAppsFiles() {
        #expect(
            forms("Launch the E2E Bitkit app with Paykit UI enabled and a contact on bitkit/server")
                == [
                    .launchApp(.bitkit), .precondition("Paykit UI enabled"),
                    .precondition("a contact on bitkit/server"),
                ])
        #expect(
            forms(#"Have the issuer publish endpoint "btc-regtest-p2wpkh" holding {"value":"<current address>"}"#)
                == [.issuerPublish(identifier: "btc-regtest-p2wpkh", payload: #"{"value":"<current address>"}"#)])
        #expect(
            forms(#"Have the issuer send request "Q1" for 100,000 sats via btc-regtest-p2wpkh"#)
                == [.issuerRequest(id: "Q1", amount: "0.00100000", identifiers: ["btc-regtest-p2wpkh"])])
        #expect(
            forms("Have the seller send a request") == [
                .unrecognised("only the world's Paykit issuer acts for a journey (`Have the issuer publish|send …`)")
            ])
        #expect(forms("Confirm the deletion") == [.dialog(confirm: true, noun: "deletion")])
        #expect(forms("Cancel the disconnect") == [.dialog(confirm: false, noun: "disconnect")])
        #expect(forms("Dismiss the confirmation without paying") == [.dismiss("confirmation", withoutPaying: true)])
        #expect(
            forms("Scroll down to Delete Profile, then tap it") == [
                .scrollTo(.label("Delete Profile")), .tapReferent(.focus, within: nil),
            ])
        #expect(forms(#"Scroll up to the row (id "R")"#) == [.scrollTo(.id("R"))])
        #expect(forms("Otherwise, carry on") == [.carryOn])
    }
}
