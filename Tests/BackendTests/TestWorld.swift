import Foundation
import PubkyCrypto
import PubkyProtocol

@testable import Backend

/// A fresh world in a temporary directory with a settable clock and a recording observer.
final class TestWorld {
    let directory = TemporaryDirectory()
    let path: String
    let store: BackendStore
    /// The simulated device clock shared by every client of this world.
    var now = Date(timeIntervalSince1970: 1_700_000_000)
    /// Every event every client reported, in order.
    var events: [BackendEvent] = []
    private var tokenRandom = SeededRandom(seed: 991)

    init() throws {
        path = directory.path("backend.sqlite")
        store = try Backend.create(at: path, now: now)
    }

    /// A client of `app`, seeded so runs repeat.
    func client(_ app: String = "to.bitkit", online: Bool = true, seed: UInt64 = 7) -> BackendClient {
        BackendClient(
            databasePath: path, app: app, online: online, now: { [unowned self] in self.now },
            random: SeededRandom(seed: seed), observer: { [unowned self] in self.events.append($0) })
    }

    func knobs(_ change: (inout BackendKnobs) -> Void) throws { try store.updateKnobs(change) }

    /// A signup token valid on `homeserver` (default staging).
    func token(on homeserver: String = KnownHomeservers.staging) throws -> String {
        try store.issueSignupToken(homeserver: homeserver, random: &tokenRandom, now: now)
    }

    /// Signs `key` up on staging with a fresh token.
    @discardableResult
    func signUp(_ key: Ed25519KeyPair, app: String = "app.pubkyring") throws -> HomeserverSession {
        try client(app).signUp(keyPair: key, homeserver: KnownHomeservers.staging, signupToken: token())
            .value
    }
}

/// The fixture identities of spec/06 §0.1.
enum Fixture {
    static let a = pair("0101010101010101010101010101010101010101010101010101010101010101")
    static let b = pair("0202020202020202020202020202020202020202020202020202020202020202")
    static let c = pair("5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51")
    static let w = pair("5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1")

    private static func pair(_ hex: String) -> Ed25519KeyPair {
        guard let pair = Ed25519KeyPair(secretHex: hex) else { fatalError("bad fixture secret") }
        return pair
    }
}

extension BackendError {
    /// `"<status> <reason>"` of an HTTP error, for compact expectations.
    var http: String? {
        if case .http(_, _, let status, let reason) = self { return "\(status) \(reason)" }
        return nil
    }
}

/// The error a throwing expression threw, or nil.
func failure<T>(_ body: () throws -> T) -> BackendError? {
    do {
        _ = try body()
        return nil
    } catch let error as BackendError {
        return error
    } catch {
        return .internalFailure("unexpected \(error)")
    }
}

extension Date {
    var micros: UInt64 { UInt64((timeIntervalSince1970 * 1_000_000).rounded()) }
}
