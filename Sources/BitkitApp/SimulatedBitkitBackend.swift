import AppNetwork
import Backend
import ContractNames
import Device
import Foundation
import PubkyCrypto

/// `BitkitBackend` on the world's simulated network (`Backend.BackendClient`): every call follows
/// the app's connectivity at that moment and is journalled as a `backend` event of `bitkit`.
public final class SimulatedBitkitBackend: BitkitBackend {
    private let client: AppNetworkClient
    private let environment: AppEnvironment
    private let namespace: String
    /// Homegate of the build's network (spec/02 §1); the simulated Homegate answers for every host.
    private let homegateHost: String

    /// Paths of Bitkit's Paykit endpoints (spec/04 §13).
    static let publicEndpoints = PaykitPath.bitkitWalletEndpoints
    static let privateData = PaykitPath.privateData
    static let follows = PaykitPath.follows

    public init(environment: AppEnvironment, network: BitcoinNetwork) {
        self.environment = environment
        self.namespace = network.paykitNamespace
        self.homegateHost = network == .bitcoin ? "homegate.pubky.app" : BackendClient.homegateHost
        client = AppNetworkClient(environment: environment)
    }

    /// The factory `BitkitApp` uses for real runs.
    public static func factory(network: BitcoinNetwork) -> BitkitApp.BackendFactory {
        { environment in SimulatedBitkitBackend(environment: environment, network: network) }
    }

    /// Runs one client call with the connectivity of this moment, mapping its error.
    private func call<T>(_ body: (BackendClient) throws(BackendError) -> BackendReply<T>) throws(ServiceFailure) -> T {
        do {
            return try client.call(body)
        } catch {
            throw Self.failure(error)
        }
    }

    static func failure(_ error: BackendError) -> ServiceFailure {
        ServiceFailure(
            reason: error.isBrokenWorld ? error.description : error.reason, status: error.status,
            isNotFound: error.isNotFound, isTransport: error.isTransport)
    }

    private func homeserverSession(_ session: PubkySession) -> HomeserverSession {
        HomeserverSession(
            pubky: session.pubky, homeserver: session.homeserver, secret: session.secret, capabilities: "/:rw",
            createdAt: environment.deviceTime())
    }

    private static func session(_ session: HomeserverSession) -> PubkySession {
        PubkySession(pubky: session.pubky, homeserver: session.homeserver, secret: session.secret)
    }

    public func signIn(keyPair: Ed25519KeyPair) throws(ServiceFailure) -> PubkySession {
        Self.session(try call { client throws(BackendError) in try client.signIn(keyPair: keyPair) })
    }

    public func signUpThroughHomegate(keyPair: Ed25519KeyPair) throws(ServiceFailure) -> PubkySession {
        let host = homegateHost
        do {
            return Self.session(
                try client.call { client throws(BackendError) in
                    try client.signUpThroughHomegate(keyPair: keyPair, host: host)
                })
        } catch {
            // No HTTP answer from Homegate is reported as status 0 (spec/02 §13.3).
            switch error {
            case .unreachable(.homegate, _), .timedOut(.homegate, _, _):
                throw ServiceFailure(reason: "Homegate returned status 0", isTransport: true)
            default:
                throw Self.failure(error)
            }
        }
    }

    public func signUp(
        keyPair: Ed25519KeyPair, homeserver: String, token: String?
    ) throws(ServiceFailure) -> PubkySession {
        Self.session(
            try call { client throws(BackendError) in
                try client.signUp(keyPair: keyPair, homeserver: homeserver, signupToken: token)
            })
    }

    public func importSession(_ exported: String) throws(ServiceFailure) -> PubkySession {
        Self.session(try call { client throws(BackendError) in try client.importSession(exported) })
    }

    public func signOut(_ session: PubkySession) throws(ServiceFailure) {
        let live = homeserverSession(session)
        try call { client throws(BackendError) in try client.signOut(live) }
    }

    public func recordCheck(pubky: String) throws(ServiceFailure) -> RecordCheck {
        switch try call({ client throws(BackendError) in try client.hasIdentityRecord(pubky) }) {
        case .found: return .found
        case .notFound: return .notFound
        case .unknown: return .unknown
        }
    }

    public func profile(of pubky: String) throws(ServiceFailure) -> ProfileSummary? {
        let namespace = self.namespace
        return Self.summary(
            try call { client throws(BackendError) in try client.profile(of: pubky, namespace: namespace) })
    }

    /// The profile as Bitkit shows it: the Paykit profile's fields, or the pubky.app name and bio.
    static func summary(_ lookup: ProfileLookup) -> ProfileSummary? {
        switch lookup {
        case .paykit(let profile):
            return ProfileSummary(
                name: profile.displayName, bio: profile.extra.bio ?? "", imageURI: profile.imageURI,
                links: (profile.extra.links ?? []).map { ProfileSummary.Link(label: $0.label, url: $0.url) },
                tags: profile.extra.tags ?? [])
        case .pubkyApp(let profile):
            return ProfileSummary(
                name: profile.name, bio: profile.bio ?? "", imageURI: profile.image,
                links: (profile.links ?? []).map { ProfileSummary.Link(label: $0.title, url: $0.url) })
        case .notFound:
            return nil
        }
    }

    public func follows(of pubky: String) throws(ServiceFailure) -> FollowsListing {
        try call { client throws(BackendError) in try client.follows(of: pubky) }
    }

    public func followProfiles(_ pubkys: [String], lane: LookupLane) throws(ServiceFailure) -> [FollowProfile] {
        let namespace = self.namespace
        return try call { client throws(BackendError) in
            try client.followLookups(pubkys, namespace: namespace, lane: lane)
        }
        .map { lookup in
            let outcome: FollowProfile.Outcome
            switch lookup.outcome {
            case .answered(let found):
                // A profile without a name is none: the follow shows its key (spec/09 §1.3).
                let named = Self.summary(found).flatMap { $0.name.isEmpty ? nil : $0 }
                outcome = named.map(FollowProfile.Outcome.found) ?? .none
            case .failed(let reason): outcome = .failed(reason)
            case .timedOut: outcome = .timedOut
            }
            return FollowProfile(pubky: lookup.pubky, outcome: outcome, start: lookup.slot.start, end: lookup.slot.end)
        }
    }

    public func hasFollows(pubky: String) throws(ServiceFailure) -> Bool {
        do {
            return !(try call { client throws(BackendError) in try client.list(pubky: pubky, directory: Self.follows) })
                .isEmpty
        } catch  where error.isNotFound {
            return false
        }
    }

    public func putProfile(_ profile: ProfileSummary, session: PubkySession) throws(ServiceFailure) {
        let document = PaykitProfile(
            displayName: profile.name, imageURI: profile.imageURI,
            extra: PaykitProfile.Extra(
                name: profile.name, bio: profile.bio, image: profile.imageURI,
                links: profile.links.map { PaykitProfile.Link(label: $0.label, url: $0.url) }, tags: profile.tags))
        let live = homeserverSession(session)
        let namespace = self.namespace
        try call { client throws(BackendError) in try client.putProfile(document, session: live, namespace: namespace) }
    }

    public func deleteProfile(session: PubkySession) throws(ServiceFailure) {
        let live = homeserverSession(session)
        let namespace = self.namespace
        _ = try call { client throws(BackendError) in try client.deleteProfile(session: live, namespace: namespace) }
    }

    public func approveAuthRequest(link: String, keyPair: Ed25519KeyPair) throws(ServiceFailure) {
        _ = try call { client throws(BackendError) in try client.approveAuthRequest(link: link, keyPair: keyPair) }
    }

    public func removeEndpoints(session: PubkySession, privateOnes: Bool) throws(ServiceFailure) {
        let live = homeserverSession(session)
        let directory = privateOnes ? Self.privateData : Self.publicEndpoints
        let entries: [String]
        do {
            entries = try call { client throws(BackendError) in
                try client.list(pubky: session.pubky, directory: directory)
            }
        } catch  where error.isNotFound {
            return
        }
        let prefix = "pubky://\(session.pubky)"
        for entry in entries where entry.hasPrefix(prefix) && !entry.hasSuffix("/") {
            let path = String(entry.dropFirst(prefix.count))
            _ = try? call { client throws(BackendError) in try client.delete(live, path: path) }
        }
    }
}
