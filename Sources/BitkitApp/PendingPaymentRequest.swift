import Foundation
import PaykitContract

/// A request that passed the gate and waits for the user (spec/05 §8): what the gate computed, once,
/// and where Bitkit read it from. Only the amount and the trimmed note ever reach the UI.
public struct PendingPaymentRequest: Codable, Sendable, Equatable {
    public var key: PaymentRequestKey
    /// The saved contact the record was read from (bare z-base-32): endpoints are fetched from it,
    /// and the recipient line shows its name.
    public var issuer: String
    /// The contact's linked receiver path (local data, never the record's text).
    public var issuerReceiverPath: String
    /// The amount in satoshis, converted exactly once by the gate (§2.2).
    public var sats: UInt64
    /// The retained identifiers, issuer order.
    public var identifiers: [String]
    /// The trimmed note, if any (§2.5).
    public var note: String?
    /// The expiry as seconds and nanoseconds since 1970, if the request expires.
    public var expirySeconds: Int64?
    public var expiryNanoseconds: Int32?
    /// Whether the automatic presentation on arrival already ran.
    public var autoPresented: Bool
    /// When the automatic presentation tries again (device time): 120 s after its attempts found
    /// nothing to open (spec/05 §4); nil when no retry is due.
    public var nextAutomaticRetry: Date?

    /// A pending request made from the gate's result and the contact it came from.
    public init(_ accepted: AcceptedRequest, issuer: PaykitContact) {
        key = PaymentRequestKey(accepted.identity)
        self.issuer = issuer.pubky
        issuerReceiverPath = issuer.receiverPath
        sats = accepted.sats
        identifiers = accepted.retainedIdentifiers.map(\.rawValue)
        note = accepted.note
        expirySeconds = accepted.expiry?.epochSeconds
        expiryNanoseconds = accepted.expiry?.nanoseconds
        autoPresented = false
    }

    /// The retained identifiers as the resolution takes them.
    public var retained: [PaymentEndpointIdentifier] {
        identifiers.compactMap(PaymentEndpointIdentifier.init(rawValue:))
    }

    public var expiry: ExpiryTimestamp? {
        expirySeconds.map { ExpiryTimestamp(epochSeconds: $0, nanoseconds: expiryNanoseconds ?? 0) }
    }

    /// Whether `now` has reached the expiry (equal counts as expired).
    public func isExpired(at now: Date) -> Bool { expiry?.isExpired(at: now) ?? false }

    /// `PaymentRequestRow-<request id>-<issuer key>-<receiver path>-one-time` (spec/05 §8).
    public var rowID: String { "PaymentRequestRow-\(key.id)-\(issuer)-\(key.receiverPath)-one-time" }
}
