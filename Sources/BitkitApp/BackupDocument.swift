import Foundation

/// The simulator's backup document: `{"pubkySession": {"kind": …} | null}` (spec/02 §20).
public struct BackupDocument: Sendable, Equatable, Encodable {
    /// What a restore makes of the document's `pubkySession`.
    public enum Restore: Sendable, Equatable {
        /// Absent or `null`: restore without a Pubky identity.
        case none
        case session(BackupPubkySession)
        /// Not an object, `kind` not a string, or an unknown kind: credentials stay untouched.
        case undecodable(String)
    }

    /// Why a document cannot be read at all.
    public struct DecodeError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { "The backup could not be decoded: \(reason)." }
    }

    public var pubkySession: BackupPubkySession?

    public init(pubkySession: BackupPubkySession?) { self.pubkySession = pubkySession }

    enum CodingKeys: String, CodingKey { case pubkySession }
    enum SessionKeys: String, CodingKey { case kind }

    /// `{"pubkySession":{"kind":"localSeed"}}` or `{"pubkySession":null}`: the snapshot only ever
    /// writes `localSeed` or nothing (a legacy session is never produced).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch pubkySession {
        case .localSeed?:
            var nested = container.nestedContainer(keyedBy: SessionKeys.self, forKey: .pubkySession)
            try nested.encode("localSeed", forKey: .kind)
        case .externalSession?:
            var nested = container.nestedContainer(keyedBy: SessionKeys.self, forKey: .pubkySession)
            try nested.encode("externalSession", forKey: .kind)
        case nil:
            try container.encodeNil(forKey: .pubkySession)
        }
    }

    /// The one-line JSON text of the document.
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{\"pubkySession\":null}"
    }

    /// Reads a backup document. A text that is not a JSON object is refused; inside an object, a
    /// `pubkySession` that cannot be decoded is reported as `.undecodable` (spec/02 §20, last row).
    public static func restore(from text: String) throws(DecodeError) -> Restore {
        guard let data = text.data(using: .utf8), !data.isEmpty else { throw DecodeError(reason: "it is empty") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw DecodeError(reason: "it is not valid JSON")
        }
        guard let document = object as? [String: Any] else { throw DecodeError(reason: "it is not a JSON object") }
        guard let session = document["pubkySession"], !(session is NSNull) else { return .none }
        guard let fields = session as? [String: Any] else {
            return .undecodable("pubkySession is not an object")
        }
        guard let kind = fields["kind"] as? String, !isNumber(fields["kind"]) else {
            return .undecodable("pubkySession.kind is not a string")
        }
        switch kind {
        case "localSeed": return .session(.localSeed)
        case "externalSession": return .session(.externalSession)
        default: return .undecodable("pubkySession.kind \"\(kind)\" is unknown")
        }
    }

    private static func isNumber(_ value: Any?) -> Bool { value is NSNumber && !(value is String) }
}
