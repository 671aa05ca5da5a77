/// The placeholders the world binds (spec/08 §2.4.5), as data: which world value each name stands for.
/// A runner resolves a rule at the first action using the name and freezes the value; `--bind` and the
/// setup's own names come first.
public enum JourneyPlaceholderRules {
    /// The world value a placeholder name stands for.
    public enum Rule: Sendable, Equatable {
        /// A constant of the simulated device (`UDID` = `booted`).
        case constant(String)
        /// Bitkit's package: `to.bitkit`, on Android the world's flavour.
        case bitkitBundle
        /// Set: Ring's listed identities, bare.
        case ringIdentities
        /// Set: Bitkit's saved contacts, prefixed.
        case contacts
        /// The first listed Ring identity with a published name.
        case namedRingIdentity
        /// Bitkit's active `pubky<z32>`.
        case ownKey
        /// The world's issuer (`.sim/issuer.json`), bare.
        case issuerKey
        /// The receiver path saved with the issuer's contact.
        case negotiatedReceiverPath
        /// The first saved contact.
        case savedContact
        /// The first Ring identity, else the issuer, that is neither a contact nor Bitkit's own.
        case unsavedKey
        /// The last request delivered, else the only pending one.
        case paymentRequestID
        /// In an issuer action a fresh `simctl issuer address`; else Bitkit's receive address.
        case currentAddress
        /// The uppercase Bitkit truncation of another placeholder's value (`<a-caption>`).
        case caption(of: String)
    }

    /// The rule for `name`; `id` is the id mention the placeholder stands in, when it does (`pubky` is a
    /// Ring identity inside `PubkyChoiceRing_…`, a contact inside `Contact_…`). Nil: no world value.
    public static func rule(for name: String, inID id: String? = nil) -> Rule? {
        switch name {
        case "UDID": return .constant("booted")
        case "ring-bundle-id": return .constant("app.pubkyring")
        case "bitkit-bundle-id": return .bitkitBundle
        case "ring-pubky": return .ringIdentities
        case "pubky":
            guard let id else { return nil }
            if id.hasPrefix("PubkyChoiceRing_") || id.hasPrefix("PubkyChoiceRingLookup_") { return .ringIdentities }
            if id.hasPrefix("Contact_") { return .contacts }
            return nil
        case "named-ring-pubky": return .namedRingIdentity
        case "own-public-key", "buyer-public-key": return .ownKey
        case "fixture-issuer-public-key", "seller-public-key": return .issuerKey
        case "negotiated-receiver-path": return .negotiatedReceiverPath
        case "saved-contact-public-key": return .savedContact
        case "unsaved-public-key": return .unsavedKey
        case "payment-request-id": return .paymentRequestID
        case "current address", "current-address": return .currentAddress
        default:
            if name.hasSuffix("-caption"), name.count > "-caption".count {
                let base = String(name.dropLast("-caption".count))
                return rule(for: base, inID: id) != nil ? .caption(of: base) : nil
            }
            return nil
        }
    }

    /// Whether the rule stands for a set of values, each a member a check ranges over.
    public static func isSet(_ rule: Rule) -> Bool {
        rule == .ringIdentities || rule == .contacts
    }
}
