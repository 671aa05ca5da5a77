import Foundation
import PubkyProtocol

extension BackendClient {
    /// `GET pubky://<pubky><path>`: public read from the user's homeserver (resolved through PKARR).
    /// Missing → `.http` 404; storage-read fault → 500.
    public func get(pubky: String, path: String) throws(BackendError) -> BackendReply<[UInt8]> {
        let key = try Self.publicKey(pubky)
        return try call(.homeserver, "GET \(path)", subject: key.z32) { exchange in
            try read(key: key, path: path, exchange)
        }
    }

    /// `PUT` with the session's cookie; the session's capabilities must cover `path` for writing.
    public func put(
        _ session: HomeserverSession, path: String, data: [UInt8]
    ) throws(BackendError)
        -> BackendReply<Void>
    {
        try call(.homeserver, "PUT \(path)", subject: session.pubky) { exchange in
            try exchange.request(
                .homeserver, "PUT \(path)", host: session.homeserver, subject: session.pubky
            ) {
                try Homeserver(exchange: exchange, key: session.homeserver).put(
                    user: session.pubky, secret: session.secret, path: path, data: data)
            }
        }
    }

    /// `DELETE` with the session's cookie; missing → 404.
    public func delete(
        _ session: HomeserverSession, path: String
    ) throws(BackendError)
        -> BackendReply<Void>
    {
        try call(.homeserver, "DELETE \(path)", subject: session.pubky) { exchange in
            try exchange.request(
                .homeserver, "DELETE \(path)", host: session.homeserver, subject: session.pubky
            ) {
                try Homeserver(exchange: exchange, key: session.homeserver).delete(
                    user: session.pubky, secret: session.secret, path: path)
            }
        }
    }

    /// Lists a directory (a path ending in `/`) of the user's public storage: `pubky://<user>/…`
    /// entries in path order.
    public func list(
        pubky: String, directory: String, options: StorageListOptions = StorageListOptions()
    )
        throws(BackendError) -> BackendReply<[String]>
    {
        let key = try Self.publicKey(pubky)
        return try call(.homeserver, "GET \(directory)", subject: key.z32) { exchange in
            let homeserver = try homeserver(of: key, exchange)
            return try exchange.request(
                .homeserver, "GET \(directory)", host: homeserver, subject: key.z32
            ) {
                try Homeserver(exchange: exchange, key: homeserver).list(
                    user: key.z32, directory: directory, options: options)
            }
        }
    }

    /// A public read inside a call: resolves the homeserver, then `GET`.
    func read(key: PublicKey, path: String, _ exchange: Exchange) throws -> [UInt8] {
        let homeserver = try homeserver(of: key, exchange)
        return try exchange.request(.homeserver, "GET \(path)", host: homeserver, subject: key.z32) {
            try Homeserver(exchange: exchange, key: homeserver).get(user: key.z32, path: path)
        }
    }
}
