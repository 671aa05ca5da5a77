/// What a journal entry records, typed: its `event` and `op` as one value, so a misspelled event
/// or operation is a compile error in the apps, the audit and the tools alike. On disk the journal
/// keeps the two strings (`JournalEntry.event`, `.op`); `init(event:op:)` reads them back, and
/// anything this build does not know stays readable as `.unknown`.
public enum JournalKind: Hashable, Sendable {
    /// One keychain call of an app, or a direct write by `simctl`.
    case keychain(KeychainCall)
    /// One call of the identity-sharing seam (`IdentitySharing`), whatever the platform: its peer,
    /// records and result are in the entry's `peer`, `records` and `result`.
    case sharing(SharingOp)
    /// One Android content-provider call (spec/07): caller, authority, path and outcome are in
    /// the entry's `owner`, `service`, `account`, `result` and `detail`.
    case provider(ProviderOp)
    /// One simulated network request: `<service> <operation>`, e.g. `homeserver POST /session`.
    case backend(request: String)
    /// A toast an app raised; `style` is the toast's type (`success`, `error`, `info`).
    case toast(style: String)
    /// An app's navigation stack changed (the stack is in `detail`).
    case navigation
    /// An app passed a named checkpoint (its name).
    case checkpoint(String)
    /// A scheduled run (race harness, explorer) went on at a scheduling point (its name; the lane is
    /// in `detail`).
    case schedule(point: String)
    /// A process stopped at or resumed from a breakpoint (the checkpoint is in `detail`).
    case breakpoint(BreakpointOp)
    case lifecycle(LifecycleOp)
    /// A change of Bitkit's identity that the audit checks.
    case identity(IdentityOp)
    /// A wipe's start and end, carrying the wiping build's owner prefix.
    case wipe(WipeOp)
    /// An app's log line (in `detail`).
    case log(LogCategory)
    /// Ring opened an x-callback URL (in `detail`).
    case openURL
    /// A `simctl` action on the device or the world.
    case device(DeviceOp)
    /// A step of Bitkit's contact import (spec/09 §2.4.9).
    case contactImport(ContactImportOp)
    /// The Contacts list applied one batch of refreshed profiles (their keys in `detail`, spec/09 §2.5.3).
    case contactsBatch
    /// An entry this build does not know (a newer writer, a hand edit).
    case unknown(event: String, op: String?)

    /// The `event` string on disk.
    public var event: String {
        switch self {
        case .keychain: return "keychain"
        case .sharing: return "sharing"
        case .provider: return "provider"
        case .backend: return "backend"
        case .toast: return "toast"
        case .navigation: return "navigation"
        case .checkpoint: return "checkpoint"
        case .schedule: return "schedule"
        case .breakpoint: return "breakpoint"
        case .lifecycle: return "lifecycle"
        case .identity: return "identity"
        case .wipe: return "wipe"
        case .log: return "log"
        case .openURL: return "open-url"
        case .device: return "device"
        case .contactImport: return "contact-import"
        case .contactsBatch: return "contacts-batch"
        case .unknown(let event, _): return event
        }
    }

    /// The `op` string on disk (nil for events without one).
    public var op: String? {
        switch self {
        case .keychain(let call): return call.rawValue
        case .sharing(let op): return op.rawValue
        case .provider(let op): return op.rawValue
        case .backend(let request): return request
        case .toast(let style): return style
        case .navigation, .openURL, .contactsBatch: return nil
        case .contactImport(let op): return op.rawValue
        case .checkpoint(let name): return name
        case .schedule(let point): return point
        case .breakpoint(let op): return op.rawValue
        case .lifecycle(let op): return op.rawValue
        case .identity(let op): return op.rawValue
        case .wipe(let op): return op.rawValue
        case .log(let category): return category.rawValue
        case .device(let op): return op.rawValue
        case .unknown(_, let op): return op
        }
    }

    /// Reads the two strings of an entry back.
    public init(event: String, op: String?) {
        let known: JournalKind?
        switch event {
        case "keychain": known = op.flatMap(KeychainCall.init(rawValue:)).map { .keychain($0) }
        case "sharing": known = op.flatMap(SharingOp.init(rawValue:)).map { .sharing($0) }
        case "provider": known = op.flatMap(ProviderOp.init(rawValue:)).map { .provider($0) }
        case "backend": known = op.map { .backend(request: $0) }
        case "toast": known = op.map { .toast(style: $0) }
        case "navigation": known = op == nil ? .navigation : nil
        case "checkpoint": known = op.map { .checkpoint($0) }
        case "schedule": known = op.map { .schedule(point: $0) }
        case "breakpoint": known = op.flatMap(BreakpointOp.init(rawValue:)).map { .breakpoint($0) }
        case "lifecycle": known = op.flatMap(LifecycleOp.init(rawValue:)).map { .lifecycle($0) }
        case "identity": known = op.flatMap(IdentityOp.init(rawValue:)).map { .identity($0) }
        case "wipe": known = op.flatMap(WipeOp.init(rawValue:)).map { .wipe($0) }
        case "log": known = op.flatMap(LogCategory.init(rawValue:)).map { .log($0) }
        case "open-url": known = op == nil ? .openURL : nil
        case "device": known = op.flatMap(DeviceOp.init(rawValue:)).map { .device($0) }
        case "contact-import": known = op.flatMap(ContactImportOp.init(rawValue:)).map { .contactImport($0) }
        case "contacts-batch": known = op == nil ? .contactsBatch : nil
        default: known = nil
        }
        self = known ?? .unknown(event: event, op: op)
    }
}
