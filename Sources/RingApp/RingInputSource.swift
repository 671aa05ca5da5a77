/// How a text reached Ring: scanned or pasted in the app, or delivered by the OS as a deep link.
/// They differ only offline (spec/03 §11, §13): a scanned or pasted input shows `Currently Offline`
/// and nothing else happens, a deep link also opens its x-error with `OFFLINE` (its app is waiting).
public enum RingInputSource: String, Sendable, Equatable {
    case scanned
    case deepLink
}
