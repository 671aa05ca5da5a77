import Foundation
import PubkyProtocol

extension BackendClient {
    /// Looks up `pubky`'s profile (spec/04 §12): the Paykit profile in `namespace`, else the pubky.app
    /// profile. Both absent → `.notFound`; any transport or server error, or an undecodable document,
    /// throws (a lookup failure, not "no profile").
    public func profile(
        of pubky: String, namespace: String
    ) throws(BackendError) -> BackendReply<
        ProfileLookup
    > {
        let key = try Self.publicKey(pubky)
        return try call(
            .homeserver, "GET \(PaykitProfile.path(namespace: namespace))", subject: key.z32
        ) {
            exchange in
            let paykitPath = PaykitProfile.path(namespace: namespace)
            if let data = try readIfPresent(key: key, path: paykitPath, exchange) {
                return .paykit(try decode(PaykitProfile.self, data, path: paykitPath))
            }
            guard let data = try readIfPresent(key: key, path: PubkyAppProfile.path, exchange) else {
                return .notFound
            }
            let profile = try decode(PubkyAppProfile.self, data, path: PubkyAppProfile.path)
            return profile.name.isEmpty ? .notFound : .pubkyApp(profile)
        }
    }

    /// Writes the Paykit profile of the session's user after checking spec/04 §12's limits.
    public func putProfile(
        _ profile: PaykitProfile, session: HomeserverSession, namespace: String
    )
        throws(BackendError) -> BackendReply<Void>
    {
        if let failure = profile.validationFailure {
            throw .invalidInput("invalid profile: \(failure)")
        }
        return try put(
            session, path: PaykitProfile.path(namespace: namespace), data: try Self.encode(profile))
    }

    /// Deletes the Paykit profile; true when one was deleted, false when there was none (a not-found
    /// answer counts as success, spec/02 §17).
    public func deleteProfile(
        session: HomeserverSession, namespace: String
    ) throws(BackendError)
        -> BackendReply<Bool>
    {
        do {
            let reply = try delete(session, path: PaykitProfile.path(namespace: namespace))
            return BackendReply(value: true, latency: reply.latency)
        } catch let error where error.isNotFound {
            return BackendReply(value: false, latency: ServiceLatency.homeserver)
        }
    }

    /// Writes the pubky.app profile of the session's user after checking its limits.
    public func putPubkyAppProfile(
        _ profile: PubkyAppProfile, session: HomeserverSession
    )
        throws(BackendError)
        -> BackendReply<Void>
    {
        if let failure = profile.validationFailure {
            throw .invalidInput("invalid pubky.app profile: \(failure)")
        }
        return try put(session, path: PubkyAppProfile.path, data: try Self.encode(profile))
    }

    private func readIfPresent(key: PublicKey, path: String, _ exchange: Exchange) throws -> [UInt8]? {
        do {
            return try read(key: key, path: path, exchange)
        } catch let error as BackendError where error.isNotFound {
            return nil
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: [UInt8], path: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(data))
        } catch {
            throw BackendError.malformedDocument(path: path, reason: "not a valid \(type) JSON document")
        }
    }

    private static func encode<T: Encodable>(_ value: T) throws(BackendError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return Array(try encoder.encode(value)) } catch {
            throw .internalFailure("could not encode \(T.self): \(error)")
        }
    }
}
