import AppSupport
import Foundation

/// How a run's transcript shows screens and command output.
package enum TranscriptText {
    package static func render(_ screen: [String: Any], app: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: screen),
            let decoded = try? JSONDecoder().decode(Screen.self, from: data)
        else {
            return summary(JSONPath.describe(screen))
        }
        return ScreenRenderer.text(decoded, appName: app == "bitkit" ? "Bitkit" : "Pubky Ring")
    }

    /// A short readable line for a simctl step's JSON.
    /// Process ids, start times and run numbers are left out: they differ between two runs of the same scenario,
    /// and a transcript is the same in every replay (DESIGN §5).
    package static func summary(_ stdout: String) -> String {
        var trimmed = stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "" }
        if trimmed.contains("\"pid\""), let stripped = withoutProcessIdentity(trimmed) { trimmed = stripped }
        let compact = trimmed.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: "")
        return compact.count > 160 ? String(compact.prefix(157)) + "…" : compact
    }

    /// `json` without the `pid` of any object (nor its `run`, which numbers that process's commands,
    /// nor its `started`, the process's start time),
    /// pretty-printed like the tools print; nil when `json` is not JSON.
    package static func withoutProcessIdentity(_ json: String) -> String? {
        guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        else { return nil }
        func strip(_ value: Any) -> Any {
            if var object = value as? [String: Any] {
                if object["pid"] != nil {
                    object["pid"] = nil
                    object["run"] = nil
                    object["started"] = nil
                }
                return object.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: strip(document),
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every text a person sees on the screen: title, texts, and the sheet's title, texts and footer —
    /// what `expect text` searches.
    package static func allTexts(of screen: [String: Any]) -> [String] {
        var texts: [String] = []
        if let title = screen["title"] as? String { texts.append(title) }
        texts += screen["texts"] as? [String] ?? []
        if let sheet = screen["sheet"] as? [String: Any] {
            if let title = sheet["title"] as? String { texts.append(title) }
            texts += sheet["texts"] as? [String] ?? []
            texts += sheet["footer"] as? [String] ?? []
        }
        return texts
    }

    /// Every identifier on the screen (`Screen.identifiers`), as `expect … id` reads it: `allIds`, and
    /// the disabled and enabled ones apart.
    package static func identifierFields(of screen: [String: Any]) -> [String: [String]] {
        guard let data = try? JSONSerialization.data(withJSONObject: screen),
            let decoded = try? JSONDecoder().decode(Screen.self, from: data)
        else { return ["allIds": [], "disabledIds": [], "enabledIds": []] }
        let identifiers = decoded.identifiers
        return [
            "allIds": identifiers.map(\.id),
            "disabledIds": identifiers.filter(\.disabled).map(\.id),
            "enabledIds": identifiers.filter { !$0.disabled }.map(\.id),
        ]
    }

    package static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
