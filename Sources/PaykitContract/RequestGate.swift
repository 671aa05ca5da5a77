import ContractNames
import Foundation

/// The request gate (spec/05 §2): checks run in the spec's order and the first failure decides.
public enum RequestGate {
    /// Evaluates `record` for a wallet on `network` at `now`.
    public static func evaluate(
        _ record: PaymentRequestRecord, network: BitcoinNetwork, now: Date
    )
        -> Result<AcceptedRequest, RejectionReason>
    {
        guard let role = record.localRole else { return .failure(.missingLocalRole) }
        switch role {
        case "payer": break
        case "payee": return .failure(.outgoingRequest)
        default: return .failure(.unsupportedLocalRole)
        }
        // Rows 3 and 4: an active recurring agreement is reported as recurring rather than merely
        // non-actionable, otherwise row 4 could never fire.
        guard record.state == "proposed" else {
            return .failure(record.state == "activeRecurring" ? .recurringRequest : .nonActionableState)
        }
        guard let terms = record.terms else { return .failure(.missingTerms) }
        guard terms.recurrence == nil else { return .failure(.recurringRequest) }
        guard terms.asset == "btc" else { return .failure(.unsupportedAsset) }
        guard let amountText = terms.amountValue?.stringValue else { return .failure(.invalidAmount) }
        let amount: BTCAmount
        do {
            amount = try BTCAmount(parsing: amountText)
        } catch {
            return .failure(error == .outOfRange ? .amountOutOfRange : .invalidAmount)
        }
        let retained = retainedIdentifiers(terms.acceptedPaymentEndpointIdentifiers, network: network)
        guard !retained.isEmpty else { return .failure(.noSupportedEndpoint) }
        var expiry: ExpiryTimestamp?
        if let expiryValue = terms.proposalExpiresAt {
            guard let text = expiryValue.stringValue, let parsed = ExpiryTimestamp(parsing: text) else {
                return .failure(.invalidExpiration)
            }
            guard !parsed.isExpired(at: now) else { return .failure(.expired) }
            expiry = parsed
        }
        return .success(
            AcceptedRequest(
                identity: record.identity, sats: amount.sats, retainedIdentifiers: retained,
                note: note(in: terms.metadata), expiry: expiry, paymentReference: terms.paymentReference))
    }

    /// §2.3 filtering: first occurrence of each exact string, unknown strings and other networks'
    /// on-chain identifiers dropped, Lightning kept, issuer order preserved.
    public static func retainedIdentifiers(
        _ identifiers: [String?], network: BitcoinNetwork
    )
        -> [PaymentEndpointIdentifier]
    {
        var seen = Set<String>()
        var retained: [PaymentEndpointIdentifier] = []
        for case let text? in identifiers where seen.insert(text).inserted {
            guard let identifier = PaymentEndpointIdentifier(rawValue: text),
                identifier.isUsable(on: network)
            else { continue }
            retained.append(identifier)
        }
        return retained
    }

    /// §2.5: a string `note`, trimmed of whitespace and newlines; blank or anything else is no note.
    public static func note(in metadata: JSONValue) -> String? {
        guard let text = metadata.objectValue?["note"]?.stringValue else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
