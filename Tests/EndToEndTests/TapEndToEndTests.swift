import Foundation
import Testing

/// `bitkit-sim tap` / `ring-sim tap` act as the element with that id does (spec/08 §2.2 row 1), and
/// refuse — a notice, the screen unchanged, exit 0 — an element that is not shown, is disabled, or
/// is shown without simulated behaviour; `screen` renders without acting.
@Suite struct TapEndToEndTests {
    static let mnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    func json(_ sim: Sim, _ tool: String, _ args: [String]) throws -> (screen: [String: Any], stderr: String) {
        let run = try Sim.run(tool, args + ["--json", "--world", sim.world.path])
        #expect(run.status == 0, "\(args): \(run.stderr)")
        return (try run.json(), run.stderr)
    }

    @Test func bitkitTapsByIdAndLabelAsTheElementsDo() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        for args in [["wallet", "restore", "--mnemonic", Self.mnemonic], ["settings", "dev", "paykit-ui", "on"]] {
            _ = try json(sim, "bitkit-sim", args)
        }
        let intro = try json(sim, "bitkit-sim", ["tap", "ProfileButton"]).screen
        #expect(intro["route"] as? String == "profileIntro")
        let choice = try json(sim, "bitkit-sim", ["tap", "--label", "Continue"]).screen
        #expect(choice["route"] as? String == "pubkyChoice")
        let create = try json(sim, "bitkit-sim", ["tap", "PubkyChoiceCreate"]).screen
        #expect(create["route"] as? String == "createProfile")
        let save = (create["buttons"] as? [[String: Any]])?.first { $0["id"] as? String == "CreateProfileSave" }
        #expect(save?["disabled"] as? Bool == true, "an empty name disables Save")

        let disabled = try json(sim, "bitkit-sim", ["tap", "CreateProfileSave"])
        #expect(disabled.stderr.contains("notice: 'CreateProfileSave' is disabled."))
        #expect(disabled.screen["route"] as? String == "createProfile")
        let absent = try json(sim, "bitkit-sim", ["tap", "ProfileSignOut"])
        #expect(absent.stderr.contains("notice: no element 'ProfileSignOut' on Bitkit's current screen."))
        let noLabel = try json(sim, "bitkit-sim", ["tap", "--label", "Nope"])
        #expect(noLabel.stderr.contains("nothing labelled \"Nope\""))

        let back = try json(sim, "bitkit-sim", ["tap", "NavigationBack"]).screen
        #expect(back["route"] as? String == "pubkyChoice")
        let shown = try json(sim, "bitkit-sim", ["screen"])
        #expect(shown.screen["route"] as? String == "pubkyChoice")
        #expect(shown.stderr.isEmpty)
    }

    /// The Home header's menu opens the drawer (sheet `drawer`, spec/08 §3.2): Contacts, Settings and
    /// Profile lead where the app's do, a row without a simulated route is refused; Settings' tabs are
    /// buttons that change nothing.
    @Test func theHeaderMenuOpensTheDrawerAndSettingsTabsChangeNothing() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        for args in [["wallet", "restore", "--mnemonic", Self.mnemonic], ["settings", "dev", "paykit-ui", "on"]] {
            _ = try json(sim, "bitkit-sim", args)
        }
        let drawer = try json(sim, "bitkit-sim", ["tap", "HeaderMenu"]).screen
        let sheet = try #require(drawer["sheet"] as? [String: Any])
        #expect(sheet["id"] as? String == "drawer")
        #expect((sheet["rows"] as? [[String: Any]])?.contains { $0["id"] as? String == "DrawerContacts" } == true)
        let contacts = try json(sim, "bitkit-sim", ["tap", "DrawerContacts"]).screen
        #expect(contacts["route"] as? String == "contacts")
        #expect(contacts["sheet"] is NSNull)
        _ = try json(sim, "bitkit-sim", ["home"])
        _ = try json(sim, "bitkit-sim", ["tap", "HeaderMenu"])
        let refused = try json(sim, "bitkit-sim", ["tap", "DrawerShop"])
        #expect(refused.stderr.contains("notice: 'DrawerShop' is shown but tapping it is not simulated"))
        let settings = try json(sim, "bitkit-sim", ["tap", "DrawerSettings"]).screen
        #expect(settings["route"] as? String == "settings")
        let tab = try json(sim, "bitkit-sim", ["tap", "Tab-general"])
        #expect(tab.stderr.isEmpty)
        #expect(
            try JSONSerialization.data(withJSONObject: tab.screen, options: .sortedKeys)
                == JSONSerialization.data(withJSONObject: settings, options: .sortedKeys), "the tab changes nothing")
    }

    @Test func ringTapsCardsDerivedIdsAndSheetButtons() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        _ = try json(sim, "ring-sim", ["onboarding", "finish"])
        _ = try json(sim, "ring-sim", ["import", "--secret", String(repeating: "01", count: 32), "--name", "Alice"])
        let detail = try json(sim, "ring-sim", ["tap", "PubkyBox-Alice-0-Content"]).screen
        #expect(detail["route"] as? String == "detail")
        let sheet = try json(sim, "ring-sim", ["tap", "PubkyDetailDeleteButton"]).screen
        #expect((sheet["sheet"] as? [String: Any])?["id"] as? String == "delete-pubky")
        let kept = try json(sim, "ring-sim", ["tap", "--label", "Cancel"]).screen
        #expect(kept["sheet"] is NSNull)
        let home = try json(sim, "ring-sim", ["tap", "AppHeaderBackButton"]).screen
        #expect(home["route"] as? String == "home")
        #expect((home["rows"] as? [[String: Any]])?.count == 1, "Cancel deleted nothing")
        let refused = try json(sim, "ring-sim", ["tap", "PubkyBox-Alice-0-ActionButton"])
        #expect(refused.stderr.contains("tapping it is not simulated"))
        let missing = try json(sim, "ring-sim", ["tap", "PubkyBox-Bob-3"])
        #expect(missing.stderr.contains("notice: no element 'PubkyBox-Bob-3'"))
    }
}
