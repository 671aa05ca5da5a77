import ContractNames
import Foundation
import PaykitContract
import PubkyProtocol

/// Synchronisation's decision, as a pure function (spec/05 §8): the records fetched from each
/// contact go through the gate and are merged into the inbox. Fetching and presenting stay in
/// `BitkitRuntime`; this part is the same for the same inputs, so tests can drive it directly.
struct PaymentRequestSync: Equatable {
    /// The inbox after the merge.
    var inbox: PaymentRequestInbox
    /// Requests accepted for the first time, in the order they were fetched.
    var arrived: [PaymentRequestKey]
    /// Parse-failure log lines that were not logged before (one per request, reason and counterparty).
    var logLines: [String]

    static func merge(
        _ fetched: [(PaykitContact, [[UInt8]])], into inbox: PaymentRequestInbox, network: BitcoinNetwork, now: Date
    ) -> PaymentRequestSync {
        var inbox = inbox
        var log = inbox.parseLog()
        var lines: [String] = []
        var known = Set(inbox.handled.map(\.key)).union(inbox.pending.map(\.key))
        var failing = Set<PaymentRequestKey>()
        var arrived: [PaymentRequestKey] = []
        for (contact, records) in fetched {
            for bytes in records {
                // The SDK hands over only records it could decode; anything else never reaches Bitkit.
                guard var record = try? PaymentRequestRecord.parse(bytes) else { continue }
                if record.counterparty == nil { record.counterparty = PubkyKey.prefix + contact.pubky }
                if record.counterpartyReceiverPath == nil { record.counterpartyReceiverPath = contact.receiverPath }
                let key = PaymentRequestKey(record.identity)
                switch RequestGate.evaluate(record, network: network, now: now) {
                case .failure(let reason):
                    failing.insert(key)
                    if let line = log.note(reason, for: record) {
                        inbox.logged.append(LoggedParseFailure(key: key, reason: reason.rawValue))
                        lines.append(line)
                    }
                case .success(let accepted):
                    guard known.insert(key).inserted else { continue }
                    inbox.pending.append(PendingPaymentRequest(accepted, issuer: contact))
                    arrived.append(key)
                }
            }
        }
        // A pending request that now fails the gate (withdrawn, expired, changed) is never shown again.
        inbox.pending.removeAll { failing.contains($0.key) || $0.isExpired(at: now) }
        return PaymentRequestSync(inbox: inbox, arrived: arrived, logLines: lines)
    }
}
