import Foundation
import Testing

/// The acceptance table of spec/08 §2.5, one test per row (both outcomes where the row has two): each
/// action run by `simctl journey run` in the row's world, the statuses of its steps compared with the
/// row's. The worlds: R (Paykit UI on, intro seen, no identity, on Pubky Choice; Ring lists A, published
/// name `Ada`, and B, none; lookups done), Rh (lookups held), Rs (they end 4 s later), R0 (Ring empty), P
/// (an identity on Home; the issuer a contact `Shop` on `bitkit/server`; request Q1 pending), Ra (R on
/// Android).
@Suite struct JourneyAcceptanceEndToEndTests {
    /// A world of the table, as the setup steps that make it.
    enum World {
        case r, rAtHome, rHeld, rSlow, r0, rWithoutNames, rAdopting
        case p, pBellOpen, pDetails, pWithoutIssuer, pPaykitOff, generalTab, editProfile, profile, deleteDialog

        var steps: String {
            let scenarios = CatalogueFiles.scenarios.path
            let baseline = "include \(scenarios)/baseline.steps"
            let ring = [
                "ring import --secret {A.secret}", "ring signup {A}",
                "simctl backend put-profile --pubky {A} --name Ada",
                "ring import --secret {B.secret}",
            ]
            let held = [
                "break bitkit bitkit.choice.before-profile-fetch", "bitkit open profile &",
                "wait-paused bitkit bitkit.choice.before-profile-fetch",
            ]
            let p = [
                "include \(scenarios)/P-common.steps", "issuer address --network regtest --type p2wpkh",
                "set X = .address",
                "issuer publish --identifier btc-regtest-p2wpkh --value {X}",
                "issuer request --to bitkit --id Q1 --amount 0.001 --identifier btc-regtest-p2wpkh",
                "bitkit requests sync", "bitkit requests dismiss",
            ]
            let identity = [baseline, "bitkit create-profile --name Satoshi", "bitkit save", "bitkit home"]
            let lines: [String]
            switch self {
            case .r: lines = [baseline] + ring + ["bitkit open profile"]
            case .rAtHome: lines = [baseline] + ring + ["bitkit open profile", "bitkit home"]
            case .rHeld, .rSlow: lines = [baseline] + ring + held
            case .r0: lines = [baseline, "bitkit open profile"]
            case .rWithoutNames:
                lines = [baseline] + ring.filter { !$0.contains("put-profile") } + ["bitkit open profile"]
            case .rAdopting:
                lines =
                    [baseline] + ring + [
                        "bitkit open profile", "break bitkit bitkit.pick.before-sign-in", "bitkit pick {A} &",
                        "wait-paused bitkit bitkit.pick.before-sign-in",
                    ]
            case .p: lines = p
            case .pBellOpen: lines = p + ["bitkit requests bell"]
            case .pDetails: lines = p + ["bitkit requests open Q1"]
            case .pWithoutIssuer: lines = identity
            case .pPaykitOff: lines = p + ["bitkit settings dev paykit-ui off", "bitkit home"]
            case .generalTab: lines = [baseline, "bitkit settings"]
            case .editProfile: lines = identity + ["bitkit profile edit"]
            case .profile: lines = identity + ["bitkit profile"]
            case .deleteDialog: lines = identity + ["bitkit profile delete"]
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// Rs: the held lookups end 4 simulated seconds into the journey.
        var options: [String] { self == .rSlow ? ["--release-held-after", "4"] : [] }
    }

    struct Outcome {
        var run: Sim.Run
        var document: [String: Any]
        var world: URL
        var statuses: [String] {
            (document["actions"] as? [[String: Any]] ?? []).map { $0["status"] as? String ?? "" }
        }
        var details: [String] {
            (document["actions"] as? [[String: Any]] ?? []).map { $0["detail"] as? String ?? "" }
        }
    }

    /// Runs `actions` as one journey in a new world of `world` (Android when `android`).
    func journey(
        _ actions: [String], in world: World, android: Bool = false, options: [String] = [],
        inspect: ((URL) throws -> Void)? = nil
    ) throws -> Outcome {
        let sim = try Sim(android: android)
        defer { sim.cleanup() }
        // The journey and its setup beside the world, which the world's cleanup removes with them.
        let folder = sim.world.appendingPathComponent("acceptance")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = sim.world
        let escaped = actions.map {
            $0.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let file = folder.appendingPathComponent("row.xml")
        try
            ("<journey name=\"acceptance row\"><actions>" + escaped.map { "<action>\($0)</action>" }.joined()
            + "</actions></journey>\n").write(to: file, atomically: true, encoding: .utf8)
        let setup = folder.appendingPathComponent("row.steps")
        try world.steps.write(to: setup, atomically: true, encoding: .utf8)
        let run = try Sim.run(
            "simctl",
            ["journey", "run", file.path, "--setup-file", setup.path, "--world", path.path, "--json"]
                + (android ? ["--platform", "android"] : []) + world.options + options)
        let document = (try? run.json()) ?? [:]
        try inspect?(path)
        return Outcome(run: run, document: document, world: path)
    }

    @Test func row1NothingHappensIsFalseAfterAStepThatChangedTheScreen() throws {
        let outcome = try journey(
            [#"Press Profile (id "ProfileButton"). If nothing happens, wait a few seconds, then tap it again"#],
            in: .rAtHome)
        #expect(outcome.statuses == ["held", "skipped", "skipped"], "\(outcome.run.stdout)")
    }

    @Test func row2NothingHappensIsTrueAfterATapThatChangedNothingAndTapItAgainRepeatsIt() throws {
        let outcome = try journey(
            [#"Tap General (id "Tab-general"). If nothing happens, tap it again"#], in: .generalTab)
        #expect(outcome.statuses == ["held", "held"], "\(outcome.run.stdout)")
    }

    @Test func row3AConditionEndsWithItsSentence() throws {
        let outcome = try journey(
            [
                #"If Profile intro (id "ProfileIntro") is shown, press its button (id "ProfileIntro-button"). Verify the card (id "PubkyChoiceCreate") shows"#
            ], in: .r0)
        #expect(outcome.statuses == ["skipped", "held"], "\(outcome.run.stdout)")
    }

    @Test func row4OneRowPerRingPubkyAndANegatedConjunct() throws {
        let action =
            #"Verify Pubky Choice lists one row per Ring pubky (id "PubkyChoiceRing_<ring-pubky>") and no create card (id "PubkyChoiceCreate")"#
        let r = try journey([action], in: .r)
        #expect(r.statuses == ["held"], "\(r.run.stdout)")
        let members = try #require((r.document["actions"] as? [[String: Any]])?.first?["members"] as? [[String: Any]])
        #expect(members.map { $0["member"] as? String } == [Fixture.a, Fixture.b], "each Ring identity's result")
        #expect((r.document["bindings"] as? [String: Any])?["ring-pubky"] as? [String] == [Fixture.a, Fixture.b])
        let r0 = try journey([action], in: .r0)
        #expect(r0.statuses == ["did-not-hold"], "\(r0.run.stdout)")
        #expect(r0.details.first?.contains("expected PubkyChoiceCreate absent, found it") == true)
        #expect(r0.run.status == 1)
    }

    @Test func row5NeitherNorMakesBothConjunctsNegative() throws {
        let outcome = try journey(
            [
                #"Verify neither the card (id "PubkyChoiceCreate") nor a spinner (id "PubkyChoiceRingLookup_<ring-pubky>") shows"#
            ], in: .rHeld)
        #expect(outcome.statuses == ["did-not-hold"], "\(outcome.run.stdout)")
        #expect(outcome.details.first?.contains("PubkyChoiceRingLookup_\(Fixture.a) absent, found it") == true)
    }

    @Test func row6EachRowsCaptionIsItsTruncatedKeyInUpperCase() throws {
        let outcome = try journey([#"Verify each row's caption is its truncated key in upper case"#], in: .r)
        #expect(outcome.statuses == ["held"], "\(outcome.run.stdout)")
    }

    @Test func row7APublishedNameThatHasNotArrivedIsNotTheTitle() throws {
        let outcome = try journey(
            [#"Verify the row (id "PubkyChoiceRing_<named-ring-pubky>") is titled with its published name"#], in: .rHeld
        )
        #expect(outcome.statuses == ["did-not-hold"], "\(outcome.run.stdout)")
        #expect(outcome.details.first?.contains("\"Ada\"") == true, "names the published name it expected")
    }

    @Test(arguments: [(World.rHeld, "did-not-hold"), (World.rSlow, "held")])
    func row8AWaitAdvancesTheSimulatedClockUntilThatRowIsTitled(world: World, expected: String) throws {
        let outcome = try journey(
            [
                #"Verify the row (id "PubkyChoiceRing_<named-ring-pubky>") is titled with its published name"#,
                "Wait up to 10 seconds until that row is titled with its published name",
            ], in: world)
        #expect(outcome.statuses == ["did-not-hold", expected], "\(outcome.run.stdout)")
        #expect(outcome.details.last?.hasPrefix(expected == "held" ? "after 4 s" : "after 10 s") == true)
    }

    @Test func row9ARowWhoseIdentityLacksAPublishedNameKeepsItsTruncatedKey() throws {
        let outcome = try journey(
            ["Verify each row whose pubky lacks a published name still has its truncated key as title"], in: .r)
        #expect(outcome.statuses == ["held"], "\(outcome.run.stdout)")
        let members = (outcome.document["actions"] as? [[String: Any]])?.first?["members"] as? [[String: Any]]
        #expect(members?.map { $0["member"] as? String } == [Fixture.b], "only B lacks a name")
    }

    @Test(arguments: [(World.r, "timing"), (World.rHeld, "held")])
    func row10EachRowWhoseLookupRunsShowsItsSpinner(world: World, expected: String) throws {
        let outcome = try journey(
            [
                #"Verify each row whose lookup runs shows a spinner (id "PubkyChoiceRingLookup_<ring-pubky>"). If none runs, report "already resolved" rather than failing"#
            ], in: world)
        #expect(outcome.statuses == [expected], "\(outcome.run.stdout)")
    }

    @Test func row11APlaceholderWithARuleButNoValueDoesNotHold() throws {
        let outcome = try journey(
            [#"Verify the row (id "PubkyChoiceRing_<named-ring-pubky>") is shown"#], in: .rWithoutNames)
        #expect(outcome.statuses == ["did-not-hold"], "\(outcome.run.stdout)")
        #expect(outcome.run.status == 1)
        #expect(outcome.details.first?.contains("<named-ring-pubky> has no value") == true)
    }

    @Test func row12AnInteractionOnASetOfSeveralPicksNone() throws {
        let outcome = try journey([#"Tap the row (id "PubkyChoiceRing_<ring-pubky>")"#], in: .r)
        #expect(outcome.statuses == ["not-performable"], "\(outcome.run.stdout)")
    }

    @Test func row13ANameNoRuleBindsIsAUsageError() throws {
        let outcome = try journey([#"Tap the contact (id "Contact_<friend-key>")"#], in: .r)
        #expect(outcome.run.status == 2)
        #expect(outcome.run.stderr.contains("<friend-key>"))
        #expect(outcome.statuses.isEmpty, "nothing ran")
    }

    @Test func row14TheIssuerAndTheNegotiatedPathAreBoundFromTheWorld() throws {
        let outcome = try journey(
            [
                #"Tap the row (id "PaymentRequestRow-Q1-<fixture-issuer-public-key>-<negotiated-receiver-path>-one-time")"#
            ], in: .pBellOpen)
        #expect(outcome.statuses == ["held"], "\(outcome.run.stdout)")
        let sources = outcome.document["bindingSources"] as? [String: String]
        #expect(sources?["negotiated-receiver-path"]?.hasPrefix("world:") == true)
        #expect(
            (outcome.document["bindings"] as? [String: Any])?["negotiated-receiver-path"] as? String == "bitkit/server")
    }

    @Test func row15BindStillWinsOverTheWorld() throws {
        let outcome = try journey(
            [
                #"Tap the row (id "PaymentRequestRow-Q1-<fixture-issuer-public-key>-<negotiated-receiver-path>-one-time")"#
            ], in: .pBellOpen, options: ["--bind", "negotiated-receiver-path=bitkit/wallet"])
        #expect(outcome.statuses == ["not-performable"], "\(outcome.run.stdout)")
        #expect((outcome.document["bindingSources"] as? [String: String])?["negotiated-receiver-path"] == "--bind")
    }

    @Test(arguments: [(World.p, "held"), (World.pWithoutIssuer, "not-performable")])
    func row16TheIssuerPublishesWithAFreshAddress(world: World, expected: String) throws {
        let outcome = try journey(
            [#"Have the issuer publish endpoint "btc-regtest-p2wpkh" holding {"value":"<current address>"}"#], in: world
        )
        #expect(outcome.statuses == [expected], "\(outcome.run.stdout)")
        if expected == "held" {
            let address = (outcome.document["bindings"] as? [String: Any])?["current address"] as? String
            #expect(address?.hasPrefix("bcrt1") == true)
        }
    }

    @Test func row17AnAmountIsUnsignedAndReadsItsSatsWhateverTheSeparators() throws {
        let outcome = try journey(
            [#"Verify the amount (id "PaymentRequestDetailsAmount") is unsigned and reads 100,000 sats"#], in: .pDetails
        )
        #expect(outcome.statuses == ["held"], "\(outcome.run.stdout)")
    }

    @Test(arguments: [(World.p, "held"), (World.rAtHome, "not-performable")])
    func row18AnExistingProfileViaTheHomeHeader(world: World, expected: String) throws {
        let outcome = try journey(["Reopen your existing profile via the Home header"], in: world)
        #expect(outcome.statuses == [expected], "\(outcome.run.stdout)")
    }

    @Test func row19APlaceNotInTheTableIsNotPerformableNamingIt() throws {
        let outcome = try journey(["Open the wallet history"], in: .p)
        #expect(outcome.statuses == ["not-performable"], "\(outcome.run.stdout)")
        #expect(outcome.details.first?.contains(#"no route for "wallet history""#) == true)
    }

    @Test func row20ASnapshotIsCheckedLaterAndAnAdoptionThatEndedFirstIsTiming() throws {
        let outcome = try journey(
            [
                #"Tap A's row (id "PubkyChoiceRing_<ring-pubky-a>")"#, "Take a snapshot",
                #"Verify from the snapshot the rows (id "PubkyChoiceRing_<ring-pubky>") are missing from Targets while Pubky Choice is still shown. If adoption ended first, report "already adopted" rather than failing"#,
            ], in: .r)
        #expect(outcome.statuses == ["held", "held", "timing"], "\(outcome.run.stdout)")
        #expect(outcome.details.last?.hasPrefix("\"already adopted\"") == true)
    }

    @Test func row21AnAndroidRowToldApartByItsKeyCaption() throws {
        var reference: String?
        let outcome = try journey(
            [#"Press the named identity's row (testTag "PubkyChoiceIdentity", told apart by its key caption)"#],
            in: .r, android: true
        ) { world in
            let state = try Sim.run("bitkit-sim", ["state", "--json", "--world", world.path]).json()
            reference = (state["reference"] as? [String: Any])?["pubky"] as? String
        }
        #expect(outcome.statuses == ["held"], "\(outcome.run.stdout)")
        #expect(reference == Fixture.a, "A's row (the one with a published name) was pressed")
    }

    @Test func row22ADisabledRowIgnoresATapAndNothingChanges() throws {
        let outcome = try journey(
            [
                #"Verify all rows are disabled. Disabled rows ignore taps, so press one of the other rows (testTag "PubkyChoiceIdentity") and check that nothing changes"#
            ], in: .rAdopting, android: true)
        #expect(outcome.statuses == ["held", "held", "held"], "\(outcome.run.stdout)")
        #expect(outcome.details.dropFirst().first?.contains("ignored") == true)
    }

    @Test(arguments: [(World.editProfile, ["held", "held"]), (World.profile, ["not-performable", "not-run"])])
    func row23ScrollToAnElementShownThenTapIt(world: World, expected: [String]) throws {
        let outcome = try journey(["Scroll down to Delete Profile, then tap it"], in: world)
        #expect(outcome.statuses == expected, "\(outcome.run.stdout)")
    }

    @Test func row24TheDeletedProfileHasNotComeBack() throws {
        let outcome = try journey(
            [
                "Confirm the deletion",
                "Return to Home, then reopen Profile; check that the deleted profile has not come back",
            ], in: .deleteDialog)
        #expect(outcome.statuses == ["held", "held", "held", "held"], "\(outcome.run.stdout)")
    }

    @Test func row25ALaunchClauseIsAWorldPrecondition() throws {
        let outcome = try journey(["Launch Bitkit with Paykit UI enabled"], in: .pPaykitOff)
        #expect(outcome.statuses == ["held", "not-performable"], "\(outcome.run.stdout)")
    }

    @Test(arguments: [(World.r, "person"), (World.rHeld, "did-not-hold")])
    func row26AMixedCheckNeedsAPersonOnlyWhenWhatItCanDecideHeld(world: World, expected: String) throws {
        let outcome = try journey(
            [
                #"Verify no row shows a spinner (id "PubkyChoiceRingLookup_<ring-pubky>") and every row shows its avatar"#
            ], in: world)
        #expect(outcome.statuses == [expected], "\(outcome.run.stdout)")
        if expected == "person" { #expect(outcome.details.first?.contains("held: no row shows a spinner") == true) }
    }
}
