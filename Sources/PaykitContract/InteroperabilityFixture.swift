import ContractNames

/// A Paykit issuer interoperability fixture (spec/05 §7.1), loaded with strict schema checks so a
/// drifting file from any platform fails loudly instead of passing vacuously.
public struct InteroperabilityFixture: Equatable, Sendable {
    public static let supportedSchemaVersion = 1
    static let topLevelKeys = ["schemaVersion", "requestFixtures", "endpointFixtures"]
    static let requestKeys: Set<String> = [
        "name", "network", "asset", "acceptedPaymentEndpointIdentifiers", "accepted",
        "expectedIdentifiers",
    ]
    static let endpointKeys: Set<String> = [
        "name", "identifier", "payload", "accepted", "expectedValue", "expectedMin", "expectedMax",
    ]

    public var schemaVersion: Int
    public var requestFixtures: [RequestFixtureCase]
    public var endpointFixtures: [EndpointFixtureCase]

    public init(
        schemaVersion: Int = supportedSchemaVersion, requestFixtures: [RequestFixtureCase],
        endpointFixtures: [EndpointFixtureCase]
    ) {
        self.schemaVersion = schemaVersion
        self.requestFixtures = requestFixtures
        self.endpointFixtures = endpointFixtures
    }

    /// Loads and validates a fixture file's bytes.
    public init(bytes: [UInt8]) throws(FixtureError) {
        let json: JSONValue
        do {
            json = try StrictJSONParser(maximumBytes: 64 << 20, maximumDepth: 16).parse(bytes: bytes)
        } catch {
            throw .malformedJSON(error)
        }
        let root = try Self.object(json, "$")
        guard root.keys == Self.topLevelKeys else {
            throw .schema(
                path: "$",
                problem:
                    "top-level keys must be exactly schemaVersion, requestFixtures, endpointFixtures in that order"
            )
        }
        guard case .number("1") = root["schemaVersion"] else {
            throw .schema(path: "schemaVersion", problem: "must be the integer 1")
        }
        schemaVersion = 1
        let requests = try Self.array(root["requestFixtures"], "requestFixtures")
        requestFixtures = try requests.enumerated().map { index, value throws(FixtureError) in
            try Self.requestCase(value, "requestFixtures[\(index)]")
        }
        let endpoints = try Self.array(root["endpointFixtures"], "endpointFixtures")
        endpointFixtures = try endpoints.enumerated().map { index, value throws(FixtureError) in
            try Self.endpointCase(value, "endpointFixtures[\(index)]")
        }
        try Self.checkNames(requestFixtures.map(\.name), "requestFixtures")
        try Self.checkNames(endpointFixtures.map(\.name), "endpointFixtures")
    }

    private static func requestCase(
        _ value: JSONValue, _ path: String
    ) throws(FixtureError)
        -> RequestFixtureCase
    {
        let object = try object(value, path)
        try checkKeys(object, allowed: requestKeys, required: requestKeys, path)
        let networkText = try string(object["network"], "\(path).network")
        guard let network = BitcoinNetwork(rawValue: networkText) else {
            throw .schema(path: "\(path).network", problem: "must be bitcoin, testnet, signet or regtest")
        }
        let accepted = try bool(object["accepted"], "\(path).accepted")
        let expected = try strings(object["expectedIdentifiers"], "\(path).expectedIdentifiers")
        guard accepted || expected.isEmpty else {
            throw .schema(
                path: "\(path).expectedIdentifiers", problem: "must be empty when accepted is false")
        }
        return RequestFixtureCase(
            name: try string(object["name"], "\(path).name"), network: network,
            asset: try string(object["asset"], "\(path).asset"),
            acceptedPaymentEndpointIdentifiers: try strings(
                object["acceptedPaymentEndpointIdentifiers"], "\(path).acceptedPaymentEndpointIdentifiers"),
            accepted: accepted, expectedIdentifiers: expected)
    }

    private static func endpointCase(
        _ value: JSONValue, _ path: String
    ) throws(FixtureError)
        -> EndpointFixtureCase
    {
        let object = try object(value, path)
        try checkKeys(
            object, allowed: endpointKeys, required: ["name", "identifier", "payload", "accepted"], path)
        let accepted = try bool(object["accepted"], "\(path).accepted")
        if accepted {
            guard object["expectedValue"] != nil else {
                throw .schema(path: "\(path).expectedValue", problem: "required when accepted is true")
            }
        } else {
            for key in ["expectedValue", "expectedMin", "expectedMax"] where object[key] != nil {
                throw .schema(path: "\(path).\(key)", problem: "only allowed when accepted is true")
            }
        }
        return EndpointFixtureCase(
            name: try string(object["name"], "\(path).name"),
            identifier: try string(object["identifier"], "\(path).identifier"),
            payload: try string(object["payload"], "\(path).payload"), accepted: accepted,
            expectedValue: try optionalString(object["expectedValue"], "\(path).expectedValue"),
            expectedMin: try optionalString(object["expectedMin"], "\(path).expectedMin"),
            expectedMax: try optionalString(object["expectedMax"], "\(path).expectedMax"))
    }

    private static func checkKeys(
        _ object: JSONObject, allowed: Set<String>, required: Set<String>, _ path: String
    ) throws(FixtureError) {
        var seen = Set<String>()
        for key in object.keys {
            guard allowed.contains(key) else {
                throw .schema(path: path, problem: "unknown field \"\(key)\"")
            }
            guard seen.insert(key).inserted else {
                throw .schema(path: path, problem: "duplicate field \"\(key)\"")
            }
        }
        for key in required.sorted() where !seen.contains(key) {
            throw .schema(path: path, problem: "missing field \"\(key)\"")
        }
    }

    private static func checkNames(_ names: [String], _ path: String) throws(FixtureError) {
        var seen = Set<String>()
        for (index, name) in names.enumerated() {
            guard isKebabCase(name) else {
                throw .schema(path: "\(path)[\(index)].name", problem: "must be kebab-case")
            }
            guard seen.insert(name).inserted else {
                throw .schema(path: "\(path)[\(index)].name", problem: "duplicate name \"\(name)\"")
            }
        }
    }

    /// `[a-z0-9]+(-[a-z0-9]+)*`.
    static func isKebabCase(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty
                && part.utf8.allSatisfy {
                    ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                }
        }
    }

    private static func object(_ value: JSONValue?, _ path: String) throws(FixtureError) -> JSONObject {
        guard let object = value?.objectValue else {
            throw .schema(path: path, problem: "must be an object")
        }
        return object
    }

    private static func array(_ value: JSONValue?, _ path: String) throws(FixtureError) -> [JSONValue] {
        guard let array = value?.arrayValue else {
            throw .schema(path: path, problem: "must be an array")
        }
        return array
    }

    private static func string(_ value: JSONValue?, _ path: String) throws(FixtureError) -> String {
        guard let text = value?.stringValue else {
            throw .schema(path: path, problem: "must be a string")
        }
        return text
    }

    private static func optionalString(
        _ value: JSONValue?, _ path: String
    ) throws(FixtureError)
        -> String?
    {
        guard let value else { return nil }
        return try string(value, path)
    }

    private static func bool(_ value: JSONValue?, _ path: String) throws(FixtureError) -> Bool {
        guard case .bool(let flag)? = value else {
            throw .schema(path: path, problem: "must be a boolean")
        }
        return flag
    }

    private static func strings(_ value: JSONValue?, _ path: String) throws(FixtureError) -> [String] {
        let items = try array(value, path)
        return try items.enumerated().map { index, item throws(FixtureError) in
            try string(item, "\(path)[\(index)]")
        }
    }
}
