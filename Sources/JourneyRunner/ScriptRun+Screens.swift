import AppSupport
import Foundation
import Scenarios

extension ScriptRun {
    /// Each app's last printed screen, decoded (what a journey's check reads, and an export phrases from).
    var shownScreens: [String: Screen] {
        lastScreen.compactMapValues { shown in
            guard let data = try? JSONSerialization.data(withJSONObject: shown) else { return nil }
            return try? JSONDecoder().decode(Screen.self, from: data)
        }
    }
}
