import ContractNames
import Foundation
import Journeys
import PubkyProtocol
import Scenarios

/// The values of a journey's placeholders (spec/08 §2.3, §2.4.5), in order: `--bind`, then the names the
/// setup or scenario bound, then the world's (`JourneyPlaceholderRules`). A world value is resolved at the
/// first action using it and then frozen; a set (Ring's identities, Bitkit's contacts) stays a set, each
/// member a check ranges over.
struct PlaceholderBinder {
    enum Value: Equatable {
        case scalar(String)
        case set([String])
        /// The name has a rule but the world holds no value for it now: why.
        case unresolved(String)

        /// As a report shows it.
        var binding: JourneyBinding {
            switch self {
            case .scalar(let value): .value(value)
            case .set(let members): .members(members)
            case .unresolved(let why): .none(why)
            }
        }
    }

    /// `--bind NAME=VALUE`.
    let given: [String: String]
    /// What the setup or scenario bound (`<ring-pubky-a>`, `<a-caption>`, `<link>`…).
    let setup: [String: String]
    let platform: Platform
    private(set) var values: [String: Value] = [:]
    /// Where each value came from, for the report: `--bind`, `setup`, `world: …`.
    private(set) var sources: [String: String] = [:]

    init(given: [String: String], setup: [String: String], platform: Platform) {
        self.given = given
        self.setup = setup
        self.platform = platform
    }

    /// The names inside an id, backticks or quotes that nothing binds and no rule of the world could:
    /// a usage error before the first action (exit 2).
    func unboundable(in texts: [String]) -> [String] {
        var names: [String] = []
        for text in texts {
            let ids = Self.idContexts(in: text)
            for occurrence in JourneyPlaceholders.occurrences(in: text) where occurrence.context != .prose {
                let name = occurrence.name
                guard given[name] == nil, setup[name] == nil, !names.contains(name) else { continue }
                if Self.captionBase(name).map({ given[$0] != nil || setup[$0] != nil }) == true { continue }
                let contexts = ids[name] ?? [nil]
                if contexts.allSatisfy({ JourneyPlaceholderRules.rule(for: name, inID: $0) == nil }) {
                    names.append(name)
                }
            }
        }
        return names
    }

    /// Resolves every placeholder of an action (those not yet resolved), freezing world values.
    mutating func resolve(
        _ text: String, issuerAction: Bool, facts: inout WorldFacts, script: inout ScriptRun
    ) {
        let ids = Self.idContexts(in: text)
        for name in JourneyPlaceholders.names(in: text) where values[key(name, inID: ids[name]?.first ?? nil)] == nil {
            let id = ids[name]?.first ?? nil
            let (value, source) = lookup(name, inID: id, issuerAction: issuerAction, facts: &facts, script: &script)
            let stored = key(name, inID: id)
            values[stored] = value
            if case .unresolved(let why) = value {
                sources[stored] = "\(source): no value (\(why))"
            } else {
                sources[stored] = source
            }
        }
    }

    /// The value of `name` where it stands in the id `id`, once resolved.
    func value(_ name: String, inID id: String? = nil) -> Value? {
        values[key(name, inID: id)]
    }

    /// The scalar values, for substitution into an action's text.
    var scalars: [String: String] {
        values.compactMapValues { if case .scalar(let value) = $0 { value } else { nil } }
            .filter { !$0.key.contains(" in ") }
    }

    /// `pubky` stands for different sets inside `PubkyChoiceRing_…` and `Contact_…`: stored apart.
    private func key(_ name: String, inID id: String?) -> String {
        guard name == "pubky", given[name] == nil, setup[name] == nil, let id else { return name }
        return id.hasPrefix("Contact_") ? "pubky in Contact_" : "pubky in PubkyChoiceRing_"
    }

    private mutating func lookup(
        _ name: String, inID id: String?, issuerAction: Bool, facts: inout WorldFacts, script: inout ScriptRun
    ) -> (Value, String) {
        if let value = given[name] { return (.scalar(value), "--bind") }
        if let value = setup[name] { return (.scalar(value), "setup") }
        if let base = Self.captionBase(name), let value = given[base] ?? setup[base] {
            return (.scalar(PubkyKey.bitkitTruncated(value).uppercased()), "the caption of <\(base)>")
        }
        guard let rule = JourneyPlaceholderRules.rule(for: name, inID: id) else {
            return (.unresolved("nothing binds <\(name)>"), "none")
        }
        switch rule {
        case .constant(let value):
            return (.scalar(value), "world: the simulated device")
        case .bitkitBundle:
            guard platform == .android else { return (.scalar("to.bitkit"), "world: Bitkit's bundle id") }
            let prefix = (facts.bitkitState(&script)?["installed"] as? [String: Any])?["ownPrefix"] as? String
            return (.scalar(prefix ?? "to.bitkit.dev"), "world: Bitkit's package")
        case .ringIdentities:
            guard let members = facts.ringIdentities(&script) else {
                return (.unresolved("Pubky Ring lists no identities (is it installed?)"), "world")
            }
            return (.set(members), "world: Ring's listed identities")
        case .contacts:
            return (.set(facts.contacts(&script).map(\.pubky)), "world: Bitkit's saved contacts")
        case .namedRingIdentity:
            for member in facts.ringIdentities(&script) ?? [] where facts.publishedName(of: member, &script) != nil {
                return (.scalar(member), "world: the first Ring identity with a published name")
            }
            return (.unresolved("no Ring identity has a published name"), "world")
        case .ownKey:
            guard let own = facts.ownKey(&script) else { return (.unresolved("Bitkit has no identity"), "world") }
            return (.scalar(own), "world: Bitkit's active pubky")
        case .issuerKey:
            guard let issuer = facts.issuerKey(world: script.world) else {
                return (.unresolved("the world has no issuer (simctl issuer setup)"), "world")
            }
            return (.scalar(issuer), "world: the issuer (.sim/issuer.json)")
        case .negotiatedReceiverPath:
            guard let issuer = facts.issuerKey(world: script.world) else {
                return (.unresolved("the world has no issuer (simctl issuer setup)"), "world")
            }
            guard let contact = facts.contacts(&script).first(where: { WorldFacts.bare($0.pubky) == issuer }) else {
                return (.unresolved("Bitkit has not saved the issuer as a contact"), "world")
            }
            return (.scalar(contact.path), "world: the receiver path saved with the issuer's contact")
        case .savedContact:
            guard let contact = facts.contacts(&script).first else {
                return (.unresolved("Bitkit has no saved contact"), "world")
            }
            return (.scalar(contact.pubky), "world: Bitkit's first saved contact")
        case .unsavedKey:
            let taken = Set(
                facts.contacts(&script).map { WorldFacts.bare($0.pubky) }
                    + [facts.ownKey(&script)].compactMap { $0 }.map(WorldFacts.bare))
            let candidates =
                (facts.ringIdentities(&script) ?? []) + [facts.issuerKey(world: script.world)].compactMap { $0 }
            guard let key = candidates.first(where: { !taken.contains($0) }) else {
                return (.unresolved("every Ring identity and the issuer is a contact or Bitkit's own"), "world")
            }
            return (.scalar(key), "world: a key that is neither a contact nor Bitkit's own")
        case .paymentRequestID:
            let pending = (facts.requestsState(&script)?["pending"] as? [[String: Any]] ?? []).compactMap {
                $0["id"] as? String
            }
            guard let id = pending.last else { return (.unresolved("Bitkit has no pending payment request"), "world") }
            return (.scalar(id), "world: the last payment request delivered")
        case .currentAddress:
            guard issuerAction else {
                return (.unresolved("the simulated Bitkit shows no receive address"), "world")
            }
            let network =
                (facts.bitkitState(&script)?["installed"] as? [String: Any])?["network"] as? String ?? "regtest"
            guard
                let result = try? script.launch(
                    .simctl, ["issuer", "address", "--network", network], background: false),
                result.status == 0,
                let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                let address = document["address"] as? String
            else { return (.unresolved("the issuer could not mint an address"), "world") }
            return (.scalar(address), "world: a fresh `simctl issuer address`")
        case .caption(let base):
            var copy = self
            let (value, _) = copy.lookup(base, inID: id, issuerAction: issuerAction, facts: &facts, script: &script)
            guard case .scalar(let key) = value else { return (.unresolved("<\(base)> has no single value"), "world") }
            return (.scalar(PubkyKey.bitkitTruncated(key).uppercased()), "world: the caption of <\(base)>")
        }
    }

    /// `a` of `a-caption`.
    private static func captionBase(_ name: String) -> String? {
        name.hasSuffix("-caption") && name.count > 8 ? String(name.dropLast(8)) : nil
    }

    /// For each placeholder name, the id mentions it stands in (nil entries: outside any id).
    static func idContexts(in text: String) -> [String: [String?]] {
        var contexts: [String: [String?]] = [:]
        for mention in ElementMention.all(in: text) {
            for name in JourneyPlaceholders.names(in: mention.value) {
                contexts[name, default: []].append(mention.value)
            }
        }
        return contexts
    }
}
