import ContractNames
import Exploration

/// A place where a scheduled run (race harness, explorer) waits for its turn before going on: its
/// stable name, what the step after it touches, and how it stands to the app's main actor.
public struct SchedulingPoint: Sendable {
    public var name: String
    public var footprint: Footprint
    /// The app whose main actor matters (nil for a `simctl` command).
    public var app: AppKind?
    /// The run holds its app's main actor while it waits here (inside a synchronous keychain or
    /// network call): another lane of the same app cannot start or resume meanwhile.
    public var holdsMainActor: Bool
    /// The step after this point takes the app's main actor (an app run's start, a checkpoint).
    public var needsMainActor: Bool

    public init(name: String, footprint: Footprint, app: AppKind?, holdsMainActor: Bool, needsMainActor: Bool) {
        self.name = name
        self.footprint = footprint
        self.app = app
        self.holdsMainActor = holdsMainActor
        self.needsMainActor = needsMainActor
    }

    /// The start of a run: an app's touches only its own sandbox until its first keychain or network
    /// call (each a point of its own); a `simctl` command may touch anything.
    public static func start(app: AppKind?) -> SchedulingPoint {
        SchedulingPoint(
            name: "start", footprint: app.map { .writes(sandboxResource($0)) } ?? .everything, app: app,
            holdsMainActor: false, needsMainActor: app != nil)
    }

    /// A named checkpoint: the app released its main actor and takes it again after the point.
    public static func checkpoint(_ name: String, app: AppKind) -> SchedulingPoint {
        SchedulingPoint(
            name: name, footprint: .writes(sandboxResource(app)), app: app, holdsMainActor: false,
            needsMainActor: true)
    }

    /// Before a keychain call: `keychain copy app.pubkyring:<z32>`; a call on a private group names
    /// it (`… in KYH47R284B.to.bitkit.regtest`), one that searches every group the app may use says so
    /// (`groups` are then those groups), and one without an account says what it lists.
    public static func keychain(
        call: String, writes: Bool, groups: [String], allGroups: Bool, service: String?, account: String?,
        app: AppKind, holdsMainActor: Bool
    ) -> SchedulingPoint {
        var target = account ?? "all \(service ?? "items")"
        if allGroups {
            target += " in every group"
        } else if let group = groups.first, group != SharedContract.accessGroup {
            target += " in \(group)"
        }
        let accesses = groups.map { group -> Footprint.Access in
            var resource = ["keychain", group]
            if let service {
                resource.append(service)
                if let account { resource.append(account) }
            }
            return Footprint.Access(resource, writes: writes)
        }
        return SchedulingPoint(
            name: "keychain \(call) \(target)", footprint: Footprint(accesses), app: app,
            holdsMainActor: holdsMainActor, needsMainActor: false)
    }

    /// Before a network request: `backend homeserver GET /session`. Requests about one pubky touch
    /// that pubky's rows in every service; a request about none may touch any row.
    public static func backend(
        service: String, operation: String, subject: String?, app: AppKind, holdsMainActor: Bool
    ) -> SchedulingPoint {
        let reads = operation.hasPrefix("GET") || operation.hasPrefix("get ") || operation == "resolve"
        return SchedulingPoint(
            name: "backend \(service) \(operation)",
            footprint: Footprint([.init(["backend"] + (subject.map { [$0] } ?? []), writes: !reads)]), app: app,
            holdsMainActor: holdsMainActor, needsMainActor: false)
    }

    /// Mid-call of an Android content-provider query (spec/07), after the system's checks and
    /// before the provider reads its owner's store (`reads`: Bitkit's private keychain group, or
    /// Ring's sandbox): `provider query content://<authority>/<path>`.
    public static func provider(
        authority: String, path: String, reads: [String], app: AppKind, holdsMainActor: Bool
    ) -> SchedulingPoint {
        SchedulingPoint(
            name: "provider query content://\(authority)/\(path)",
            footprint: Footprint([.init(reads, writes: false)]), app: app, holdsMainActor: holdsMainActor,
            needsMainActor: false)
    }

    package static func sandboxResource(_ app: AppKind) -> [String] { ["sandbox", app.rawValue] }
}
