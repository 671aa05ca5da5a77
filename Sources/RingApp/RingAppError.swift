import WorldFiles

/// A step the user could not take on the screen Ring shows (the CLI reports these as usage errors):
/// unlike the app's own errors, which are toasts on the screen.
public enum RingAppError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownPubky(String)
    case unknownOffer(String, available: [String])
    case noSheet(expected: String, shown: String?)
    /// The control does not exist for this pubky (e.g. Backup of a Bitkit pubky).
    case unavailable(String)
    case notAuthorizable(String)
    case inOnboarding
    /// The recovery file picked cannot be used: missing, unreadable or over its size limit.
    case unusableFile(InputError)
    case notOnBackupScreen

    public var description: String {
        switch self {
        case .unknownPubky(let ref):
            return "Pubky Ring lists no pubky '\(ref)': use a pubky, a name or #N (see `ring-sim home`)."
        case .unknownOffer(let ref, let available):
            return "Home shows no offer '\(ref)'"
                + (available.isEmpty
                    ? " (there are no offer cards)." : "; offers: \(available.joined(separator: ", ")).")
        case .noSheet(let expected, let shown):
            return "No \(expected) sheet is shown" + (shown.map { " (the sheet shown is \($0))." } ?? ".")
        case .unavailable(let text): return text
        case .notAuthorizable(let ref):
            return "The pubky '\(ref)' cannot authorize (it is not signed up): sign it up first."
        case .inOnboarding: return "Pubky Ring is in Onboarding: run `ring-sim onboarding finish` or add a pubky first."
        case .unusableFile(let error): return error.description
        case .notOnBackupScreen: return "The encrypted-file backup screen is not shown: run `ring-sim backup export …`."
        }
    }
}
