import Foundation
import Journeys
import Testing

/// `simctl journey run` evaluates a journey file against the apps (spec/08 §1.4): each action held,
/// did not hold, timing, needs a person, skipped, not performable (the rest not run); usage errors
/// exit 2 with line and column, a missing world exits 3.
@Suite struct JourneyRunEndToEndTests {
    static let journeys = CatalogueFiles.scenarios.deletingLastPathComponent().appendingPathComponent("journeys")

    func run(_ sim: Sim, _ args: [String]) throws -> Sim.Run {
        try Sim.run("simctl", ["journey", "run"] + args + ["--world", sim.world.path])
    }

    func fixture(_ name: String) -> [String] {
        [
            Self.journeys.appendingPathComponent("\(name).xml").path, "--setup-file",
            Self.journeys.appendingPathComponent("\(name).steps").path,
        ]
    }

    /// A journey file inside `sim`'s world folder, so the world's cleanup removes it too.
    func write(_ text: String, in sim: Sim) throws -> String {
        let url = sim.world.appendingPathComponent("journey-\(UUID().uuidString).xml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func theHandWrittenJourneyEndsEachActionWithItsOutcome() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let run = try run(sim, fixture("simulator/every-form") + ["--json"])
        #expect(run.status == 1, "\(run.stderr)")
        let document = try run.json()
        let statuses = try #require(document["actions"] as? [[String: Any]]).map {
            "\($0["index"] as? String ?? "") \($0["status"] as? String ?? "")"
        }
        #expect(
            statuses == [
                "1 held", "2.1 held", "2.2 held", "3 skipped", "4 held", "5 held", "6 held", "7 held", "8 timing",
                "9 did-not-hold", "10 person", "11 held", "12 held", "13.1 held", "13.2 held", "14 held", "15 held",
                "16 held", "17 held", "18 held", "19 held", "20.1 held", "20.2 held", "20.3 held", "20.4 held",
                "21 skipped", "22 held", "23 skipped", "24 held", "25 not-performable", "26 not-run",
            ])
        #expect(document["result"] as? String == "failed")
        #expect((document["counts"] as? [String: Int])?["held"] == 23)
        #expect((document["bindings"] as? [String: String])?["ring-pubky-a"] == Fixture.a)
        let actions = try #require(document["actions"] as? [[String: Any]])
        #expect((actions[9]["detail"] as? String)?.contains("found it enabled") == true)
        #expect((actions[8]["detail"] as? String)?.hasPrefix("\"already loaded\"") == true)
        #expect((actions[29]["detail"] as? String)?.contains("tapping it is not simulated") == true)
        #expect((actions[25]["detail"] as? String)?.contains("never shows the camera permission") == true)
    }

    @Test func aJourneyThatHoldsPassesAndWritesItsReports() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let folder = Scratch.folder.appendingPathComponent("journey-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("j.xml").path
        let html = folder.appendingPathComponent("html").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let run = try run(sim, fixture("pubky-profile/ring-choice-rows") + ["--junit", junit, "--html", html])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("journey: pubky ring choice rows ("))
        #expect(run.stdout.contains("passed: 8 held, 1 needs a person, 1 skipped"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"10\" failures=\"0\""))
        let page = try String(contentsOfFile: html + "/index.html", encoding: .utf8)
        #expect(page.contains("Journey: pubky ring choice rows"))
        #expect(page.contains("Tap the Pubky Ring row (id &quot;PubkyChoiceRing_\(Fixture.a)&quot;)"))
    }

    /// The hand-written journeys in the teams' style (`Fixtures/journeys/`, each with its `.steps`; those under
    /// `android/` run on an Android world) hold with nothing bound by hand: the world binds their placeholders.
    static let teamStyleJourneys = [
        "pubky-profile/ring-identity-rows", "android/pubky-profile/ring-identity-rows",
        "payment-requests/issuer-request-paid", "pubky-profile/ring-choice-rows",
        "contacts/contact-import", "android/contacts/contact-import", "contacts/contact-link",
        "android/contacts/contact-link",
    ]

    @Test(arguments: teamStyleJourneys)
    func aHandWrittenJourneyHoldsWithNoBind(name: String) throws {
        let android = name.hasPrefix("android/")
        let sim = try Sim(android: android)
        defer { sim.cleanup() }
        let world = sim.world
        let html = world.appendingPathComponent("report").path
        let run = try Sim.run(
            "simctl",
            ["journey", "run"] + fixture(name) + ["--world", world.path, "--json", "--html", html]
                + (android ? ["--platform", "android"] : []))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let document = try run.json()
        #expect(document["result"] as? String == "passed")
        let actions = try #require(document["actions"] as? [[String: Any]])
        #expect(
            !actions.contains {
                ["did-not-hold", "not-performable", "not-run", "crashed"].contains($0["status"] as? String)
            })
        guard name.hasSuffix("ring-identity-rows") else { return }
        // The world bound every Ring identity as <ring-pubky>; the page shows each action's bindings and,
        // for the check over that set, each member's result.
        #expect((document["bindings"] as? [String: Any])?["ring-pubky"] as? [String] == [Fixture.a, Fixture.b])
        #expect((document["bindingSources"] as? [String: String])?["ring-pubky"] == "world: Ring's listed identities")
        let page = try String(contentsOfFile: html + "/index.html", encoding: .utf8)
        #expect(page.contains("<dt>&lt;ring-pubky&gt;</dt><dd>\(Fixture.a), \(Fixture.b)</dd>"))
        #expect(page.contains("<li class=\"pass\">\(Fixture.b): held</li>"))
    }

    /// Every place of the place table (spec/08 §2.4.6) is a route the simulated apps have: taken from
    /// where the app's own screens lead to it, it reaches the screen that shows the place.
    @Test func everyPlaceOfTheTableIsARouteTheAppsHave() throws {
        // Each place by a phrase that is not a label on the screen it starts from (a label is tapped as such).
        let walk: [(place: String, actions: [String])] = [
            ("Home", ["Go to Contacts via the menu", "Return Home", "Verify Home is shown"]),
            ("Profile", ["Open your profile from the Home header", "Verify the Profile screen is shown"]),
            ("Edit Profile", ["Go to the profile editor", "Verify the Edit Profile screen is shown"]),
            ("Delete Profile", ["Go to Delete Profile", "Verify Delete Profile is shown", "Cancel the deletion"]),
            ("Contacts", ["Return Home", "Go to Contacts via the menu", "Verify Contacts is shown"]),
            ("Settings", ["Return Home", "Go to Settings via the menu", "Verify Settings is shown"]),
            ("Dev Settings", ["Go to the developer settings", "Verify Dev Settings is shown"]),
            ("the bell", ["Return Home", "Open the bell", "Verify the bell is shown"]),
            // The scanner takes a pasted code (spec/08 §2.2 row 12): reaching it is the tap.
            ("the scanner", ["Return Home", "Open the QR scanner"]),
            ("Settings in Pubky Ring", ["In Pubky Ring, go to Settings", "Verify Settings is shown"]),
            ("Home in Pubky Ring", ["In Pubky Ring, go to the wallet home", "Verify Home is shown"]),
        ]
        let routed = JourneyPlaces.table.flatMap { place in place.routes.keys.map { ($0, place.name) } }
        for (app, name) in routed {
            let covered = walk.contains { $0.place == (app == .ring ? "\(name) in Pubky Ring" : name) }
            #expect(covered, "the place \(name) in \(app) is walked")
        }
        let sim = try Sim()
        defer { sim.cleanup() }
        let steps = [
            "include \(CatalogueFiles.scenarios.path)/baseline.steps", "bitkit create-profile --name Satoshi",
            "bitkit save", "bitkit home",
        ].joined(separator: "; ")
        let journey = try write(
            "<journey name=\"places\"><actions>"
                + walk.flatMap(\.actions).map { "<action>\($0)</action>" }.joined() + "</actions></journey>", in: sim)
        let run = try run(sim, [journey, "--setup", steps, "--json"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let actions = try #require(try run.json()["actions"] as? [[String: Any]])
        #expect(actions.allSatisfy { $0["status"] as? String == "held" }, "\(run.stdout)")
    }

    /// Referents pick rows by what the world knows of them (spec/08 §2.4.3): `a row whose P` taps the first
    /// row with P; `<screen> actions` are its buttons but Back; a spinner with no known id needs a person.
    @Test func referentsPickRowsByTheWorldsFactsAndActionsAreTheScreensButtons() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let journey = try write(
            """
            <journey name="referents"><actions>
              <action>Tap a row whose identity lacks a published name.</action>
              <action>Verify the screen shows the text "pubky&lt;ring-pubky-b&gt;" and the name (id "CreateProfileUsername") shows a spinner.</action>
              <action>Verify the screen actions are disabled while the name is empty.</action>
            </actions></journey>
            """, in: sim)
        let steps = [
            "include \(CatalogueFiles.scenarios.path)/baseline.steps", "ring import --secret {A.secret}",
            "ring signup {A}", "simctl backend put-profile --pubky {A} --name Ada", "ring import --secret {B.secret}",
            "bitkit open profile",
        ].joined(separator: "; ")
        let run = try run(sim, [journey, "--setup", steps, "--json"])
        let actions = try #require(try run.json()["actions"] as? [[String: Any]])
        #expect(actions.map { $0["status"] as? String } == ["held", "person", "held"], "\(run.stdout)")
        #expect(
            (actions[1]["detail"] as? String)?.contains("a spinner of CreateProfileUsername (no id known for it)")
                == true)
    }

    @Test func androidAddressesTestTagsAndTellsRowsApartByCaption() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let journey = try write(
            """
            <journey name="android rows">
              <description>Rows by testTag.</description>
              <actions>
                <action>Verify the rows (id "PubkyChoiceIdentity") are shown</action>
                <action>Tap the Pubky Ring row showing "&lt;b-caption&gt;" (id "PubkyChoiceIdentity")</action>
                <action>Verify the screen shows the text "pubky&lt;ring-pubky-b&gt;"</action>
                <action>Verify the Save button (id "CreateProfileSave") is disabled</action>
              </actions>
            </journey>
            """, in: sim)
        let setup = Self.journeys.appendingPathComponent("pubky-profile/ring-choice-rows.steps").path
        let android = try run(sim, [journey, "--platform", "android", "--setup-file", setup])
        #expect(android.status == 0, "\(android.stdout)\(android.stderr)")
        #expect(android.stdout.contains(", android)"))
        #expect(android.stdout.contains("passed: 4 held"))
        // On iOS an `id` mention addresses the iOS id: no element is `PubkyChoiceIdentity` there.
        let sim2 = try Sim()
        defer { sim2.cleanup() }
        let ios = try run(sim2, [journey, "--setup-file", setup])
        #expect(ios.status == 1)
        #expect(ios.stdout.contains("1 did not hold Verify the rows (id \"PubkyChoiceIdentity\") are shown"))
        #expect(ios.stdout.contains("2 not performable as written"))
    }

    @Test func usageErrorsNameLineAndColumnAndExitTwo() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let malformed = try write(
            "<journey name=\"x\">\n  <actions>\n    <action>Tap</action>\n  </action>\n</journey>\n", in: sim)
        let bad = try run(sim, [malformed])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("line 4, column 3"))
        let unknown = try write("<journey name=\"x\"><actions><step>Tap</step></actions></journey>", in: sim)
        #expect(try run(sim, [unknown]).status == 2)
        let unbound = try write(
            "<journey name=\"x\"><actions><action>Tap (id \"PubkyChoiceRing_&lt;nobody&gt;\")</action></actions></journey>",
            in: sim)
        let missing = try run(sim, [unbound])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("<nobody>"))
        let bound = try run(sim, [unbound, "--bind", "nobody=x"])
        #expect(bound.status == 1, "bound, the tap finds no such row: not performable")
        #expect(try run(sim, [unknown, "--setup", "bitkit launch", "--setup-file", "x"]).status == 2)
        let noWorld = try Sim.run("simctl", ["journey", "run", malformed, "--world", sim.world.path + "/none"])
        #expect(noWorld.status == 3)
    }

    @Test func anUnrecognisedFormIsNotPerformableAndStopsTheJourney() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let journey = try write(
            "<journey name=\"x\"><actions><action>Frobnicate the profile widget</action><action>Go back</action></actions></journey>",
            in: sim)
        let run = try run(sim, [journey, "--json"])
        #expect(run.status == 1)
        let actions = try #require(try run.json()["actions"] as? [[String: Any]])
        #expect(actions.map { $0["status"] as? String } == ["not-performable", "not-run"])
        #expect((actions[0]["detail"] as? String)?.isEmpty == false)
    }

    /// A tool killed by a signal (here the crash campaign's SIGKILL at the run's last crash point) is
    /// `crashed`: evaluation stops, escalate.
    @Test func anAppKilledMidActionIsCrashed() throws {
        let sim = try Sim(apps: false)
        defer { sim.cleanup() }
        let journey = try write(
            """
            <journey name="a crash"><actions>
              <action>Go back to Home</action><action>Open Profile (id "ProfileButton")</action><action>Go back</action>
            </actions></journey>
            """, in: sim)
        let setup =
            "bitkit wallet restore --mnemonic {W_MNEMONIC}; bitkit settings dev paykit-ui on; bitkit settings dev profile-intro seen"
        let log = Scratch.folder.appendingPathComponent("crash-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        func journeyRun(_ environment: [String: String]) throws -> Sim.Run {
            let world = try Sim()
            defer { world.cleanup() }
            try? FileManager.default.removeItem(at: log)
            return try Sim.run(
                executable: Sim.productsDirectory.appendingPathComponent("simctl"),
                ["journey", "run", journey, "--setup", setup, "--world", world.world.path, "--json"],
                environment: environment.merging(["SIM_CRASH_LOG": log.path]) { a, _ in a })
        }
        #expect(try journeyRun([:]).status == 0)
        let points = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").count
        let crashed = try journeyRun(["SIM_CRASH_AT": String(points)])
        #expect(crashed.status == 1)
        let actions = try #require(try crashed.json()["actions"] as? [[String: Any]])
        #expect(actions.map { $0["status"] as? String } == ["held", "held", "crashed"])
        #expect((actions[2]["detail"] as? String)?.hasPrefix("escalate:") == true)
    }

    @Test func aFailingSetupExitsOneBeforeTheFirstAction() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let journey = try write(
            "<journey name=\"x\"><actions><action>Go back to Home</action></actions></journey>", in: sim)
        let run = try run(sim, [journey, "--setup", "bitkit launch; expect bitkit screen profile"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("The setup failed"))
        #expect(!run.stdout.contains("journey:"))
    }
}
