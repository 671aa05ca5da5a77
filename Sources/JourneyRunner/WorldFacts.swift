import Foundation
import Journeys
import PubkyProtocol
import Scenarios

/// What a journey reads from the world besides the screens (spec/08 §2.4.3–§2.4.5), through what the
/// tools already print: `bitkit-sim state`, `bitkit-sim requests state`, `ring-sim state` (none of them
/// a tap: they never launch an app), `simctl backend show storage`, `simctl journal`, `simctl device
/// status` and the world's issuer file. Each is read once until the next interaction (`forget`).
struct WorldFacts {
    private var cache: [String: Any] = [:]

    /// Drops what was read: an interaction may have changed it.
    mutating func forget() {
        cache = cache.filter { $0.key.hasPrefix("profile ") }
    }

    /// Drops everything, published profiles included (a wait let time pass).
    mutating func forgetAll() { cache = [:] }

    mutating func bitkitState(_ script: inout ScriptRun) -> [String: Any]? {
        document("bitkit state", script: &script) { try $0.launch(.bitkit, ["state"], background: false) }
    }

    mutating func requestsState(_ script: inout ScriptRun) -> [String: Any]? {
        document("bitkit requests", script: &script) {
            try $0.launch(.bitkit, ["requests", "state"], background: false)
        }
    }

    mutating func ringState(_ script: inout ScriptRun) -> [String: Any]? {
        document("ring state", script: &script) { try $0.launch(.ring, ["state"], background: false) }
    }

    mutating func journal(_ script: inout ScriptRun) -> [[String: Any]] {
        document("journal", script: &script) {
            try $0.launch(.simctl, ["journal", "--app", "bitkit"], background: false)
        }?[
            "entries"] as? [[String: Any]] ?? []
    }

    mutating func deviceClock(_ script: inout ScriptRun) -> String? {
        document("device", script: &script) { try $0.launch(.simctl, ["device", "status"], background: false) }?[
            "clock"]
            as? String
    }

    /// Ring's listed identities, bare, in Ring's order (its own pubkys, not Bitkit's it adopted).
    mutating func ringIdentities(_ script: inout ScriptRun) -> [String]? {
        guard let pubkys = ringState(&script)?["pubkys"] as? [[String: Any]] else { return nil }
        return pubkys.filter { $0["sourceApp"] == nil || $0["sourceApp"] is NSNull }.compactMap {
            $0["pubky"] as? String
        }
        .map(Self.bare)
    }

    /// Bitkit's saved contacts: `(name, pubky<z32>, receiver path)`.
    mutating func contacts(_ script: inout ScriptRun) -> [(name: String, pubky: String, path: String)] {
        (requestsState(&script)?["contacts"] as? [[String: Any]] ?? []).compactMap {
            guard let name = $0["name"] as? String, let pubky = $0["pubky"] as? String else { return nil }
            return (name, "pubky" + Self.bare(pubky), $0["receiverPath"] as? String ?? "")
        }
    }

    /// Bitkit's active key, `pubky<z32>`, when it has an identity.
    mutating func ownKey(_ script: inout ScriptRun) -> String? {
        guard let identity = bitkitState(&script)?["identity"] as? [String: Any],
            let key = identity["publicKey"] as? String
        else { return nil }
        return "pubky" + Self.bare(key)
    }

    /// Whether Bitkit has `process` in flight: an adoption, a row lookup (Pubky Choice); deletions and
    /// syncs finish within the action that starts them.
    mutating func running(_ process: JourneyProcess, _ script: inout ScriptRun) -> Bool {
        let state = bitkitState(&script)
        switch process {
        case .adoption: return (state?["identity"] as? [String: Any])?["isAdoptingRingIdentity"] as? Bool ?? false
        case .lookups: return !((state?["choice"] as? [String: Any])?["lookingUp"] as? [String] ?? []).isEmpty
        case .deletion, .sync: return false
        }
    }

    /// The pubkys whose Pubky Choice lookup runs.
    mutating func lookingUp(_ script: inout ScriptRun) -> [String] {
        ((bitkitState(&script)?["choice"] as? [String: Any])?["lookingUp"] as? [String] ?? []).map(Self.bare)
    }

    /// The pubkys whose profile Pubky Choice has found (their names arrived).
    mutating func foundNames(_ script: inout ScriptRun) -> [String] {
        ((bitkitState(&script)?["choice"] as? [String: Any])?["found"] as? [String] ?? []).map(Self.bare)
    }

    /// The key's published profile name on its homeserver: Bitkit's profile document, else pubky.app's.
    mutating func publishedName(of key: String, _ script: inout ScriptRun) -> String? {
        let bare = Self.bare(key)
        let cacheKey = "profile \(bare)"
        if let cached = cache[cacheKey] { return cached as? String }
        var name: String?
        if let result = try? script.launch(
            .simctl, ["backend", "show", "storage", "--pubky", bare], background: false),
            result.status == 0,
            let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        {
            let files = document["files"] as? [[String: Any]] ?? []
            func profile(_ path: (String) -> Bool, field: String) -> String? {
                for file in files where (file["path"] as? String).map(path) == true {
                    if let text = file["text"] as? String,
                        let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                        let value = json[field] as? String, !value.isEmpty
                    {
                        return value
                    }
                }
                return nil
            }
            name =
                profile({ $0.hasSuffix("/profile.json") && $0 != "/pub/pubky.app/profile.json" }, field: "displayName")
                ?? profile({ $0 == "/pub/pubky.app/profile.json" }, field: "name")
        }
        cache[cacheKey] = name ?? NSNull()
        return name
    }

    /// The world's issuer (`.sim/issuer.json`, which `simctl issuer setup` writes), bare; nil without one.
    func issuerKey(world: URL) -> String? {
        let file = world.appendingPathComponent(".sim/issuer.json", isDirectory: false)
        guard let data = try? Data(contentsOf: file), data.count <= 64 * 1024,
            let saved = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let secret = saved["secret"] as? String, let key = Symbols.Key(secretHex: secret)
        else { return nil }
        return key.pubky
    }

    /// `z32` of `pubky<z32>` (or the text itself).
    static func bare(_ key: String) -> String {
        PubkyKey.isPrefixed(key) ? String(key.dropFirst(5)) : key
    }

    private mutating func document(
        _ key: String, script: inout ScriptRun, read: (inout ScriptRun) throws -> ToolProcess.Result
    ) -> [String: Any]? {
        if let cached = cache[key] { return cached as? [String: Any] }
        var document: [String: Any]?
        if let result = try? read(&script), result.status == 0 {
            document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        }
        cache[key] = document ?? NSNull()
        return document
    }
}
