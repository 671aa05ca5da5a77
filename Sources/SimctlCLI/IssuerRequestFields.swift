import Foundation
import PubkyCrypto
import SimCLI

/// The parts of a request record the issuer chooses (spec/05 §1), written as the decoded record
/// Bitkit's SDK would hand over: key-sorted JSON, optional members only when given.
struct IssuerRequestFields {
    var amount: String?
    var asset: String
    var identifiers: [String]
    var note: String?
    /// Raw JSON for `terms.metadata` (replaces `note`).
    var metadata: String?
    var expires: String?
    /// Raw JSON for `terms.recurrence`.
    var recurrence: String?
    var paymentReference: String?
    /// `payer`, `payee`, `unknown`, any text, or `none` to leave it out.
    var role: String
    var state: String
    var receiverPath: String
    /// Overrides the counterparty text (default `pubky<issuer>`).
    var counterparty: String?

    func record(id: String, issuer: String, now: Date, random: inout SeededRandom) throws -> String {
        var terms: [String: Any] = [
            "amount": ["value": amount ?? "", "asset": asset],
            "acceptedPaymentEndpointIdentifiers": identifiers,
            "metadata": try metadata.map { try Self.json($0, option: "--metadata") }
                ?? (note.map { ["note": $0] } ?? [:]),
        ]
        if let paymentReference { terms["paymentReference"] = paymentReference }
        if let expires { terms["proposalExpiresAt"] = expires }
        if let recurrence { terms["recurrence"] = try Self.json(recurrence, option: "--recurrence") }
        var record: [String: Any] = [
            "paymentRequestId": id, "counterparty": counterparty ?? "pubky" + issuer,
            "counterpartyReceiverPath": receiverPath, "state": state,
            "proposalEventId": Hex.encode(random.bytes(16)), "lastEventAt": ISO8601DateFormatter().string(from: now),
            "terms": terms,
        ]
        if role != "none" { record["localRole"] = role }
        let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    private static func json(_ text: String, option: String) throws -> Any {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            throw CLIError.usage("\(option) must be JSON, got '\(text)'.")
        }
        return value
    }
}
