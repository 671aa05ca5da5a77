import AppSupport
import Foundation

/// How a run's transcript shows screens and command output.
enum TranscriptText {
    static func render(_ screen: [String: Any], app: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: screen),
            let decoded = try? JSONDecoder().decode(Screen.self, from: data)
        else {
            return summary(JSONPath.describe(screen))
        }
        return ScreenRenderer.text(decoded, appName: app == "bitkit" ? "Bitkit" : "Pubky Ring")
    }

    /// A short readable line for a simctl step's JSON.
    static func summary(_ stdout: String) -> String {
        let trimmed = stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "" }
        let compact = trimmed.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: "")
        return compact.count > 160 ? String(compact.prefix(157)) + "…" : compact
    }

    /// Every text a person sees on the screen: title, texts, and the sheet's title and texts —
    /// what `expect text` searches.
    static func allTexts(of screen: [String: Any]) -> [String] {
        var texts: [String] = []
        if let title = screen["title"] as? String { texts.append(title) }
        texts += screen["texts"] as? [String] ?? []
        if let sheet = screen["sheet"] as? [String: Any] {
            if let title = sheet["title"] as? String { texts.append(title) }
            texts += sheet["texts"] as? [String] ?? []
        }
        return texts
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
