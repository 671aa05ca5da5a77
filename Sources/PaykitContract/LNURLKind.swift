/// What an LNURL asks the wallet to do (LUD-03, LUD-04, LUD-06, LUD-07).
public enum LNURLKind: String, Sendable, Equatable {
    case pay, withdraw, auth, channel
}
