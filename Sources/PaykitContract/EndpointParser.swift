import ContractNames
import Foundation

/// The shape stage for endpoint payloads (spec/05 §3): identifier and network gating, then a strict
/// JSON object with a string `value` and optional string-or-null bounds.
public enum EndpointParser {
    /// Parses one (identifier, payload) pair for a wallet on `network`.
    public static func parse(
        identifier: String, payload: String, network: BitcoinNetwork
    )
        -> Result<ParsedEndpoint, EndpointRejection>
    {
        parse(identifier: identifier, payloadBytes: Array(payload.utf8), network: network)
    }

    /// Parses a payload received as raw bytes, which must be UTF-8.
    public static func parse(
        identifier: String, payloadBytes: [UInt8], network: BitcoinNetwork
    )
        -> Result<ParsedEndpoint, EndpointRejection>
    {
        guard let parsedIdentifier = PaymentEndpointIdentifier(rawValue: identifier) else {
            return .failure(.unsupportedIdentifier)
        }
        guard parsedIdentifier.isUsable(on: network) else { return .failure(.wrongNetwork) }
        // Refuse oversized or non-UTF-8 bytes before building a string from them.
        guard payloadBytes.count <= StrictJSONParser.defaultMaximumBytes else {
            return .failure(.malformedJSON(.tooLarge(limit: StrictJSONParser.defaultMaximumBytes)))
        }
        guard let payload = String(validating: payloadBytes, as: UTF8.self) else {
            return .failure(.malformedJSON(.invalidUTF8))
        }
        let trimmed = payload.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.emptyPayload) }
        let json: JSONValue
        do {
            json = try StrictJSONParser().parse(trimmed)
        } catch {
            return .failure(.malformedJSON(error))
        }
        guard let object = json.objectValue else { return .failure(.notAnObject) }
        guard let rawValue = object["value"] else { return .failure(.missingValue) }
        guard let valueText = rawValue.stringValue else { return .failure(.valueNotString) }
        let value = valueText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return .failure(.emptyValue) }
        let min: String?
        let max: String?
        switch (bound(object["min"]), bound(object["max"])) {
        case (.success(let low), .success(let high)):
            min = low
            max = high
        case (.failure, _):
            return .failure(.invalidBound("min"))
        case (_, .failure):
            return .failure(.invalidBound("max"))
        }
        return .success(
            ParsedEndpoint(
                identifier: parsedIdentifier, value: value, min: min, max: max, payload: payload))
    }

    private struct NotABound: Error {}

    private static func bound(_ value: JSONValue?) -> Result<String?, NotABound> {
        switch value {
        case nil, .null?: return .success(nil)
        case .string(let text)?: return .success(text)
        default: return .failure(NotABound())
        }
    }
}
