/// The kinds of mistake the campaign makes on purpose, each a small change a reviewer could miss.
public enum MutationOperator: String, Codable, Sendable, CaseIterable, Comparable {
    /// An `if` or `guard` clause negated: `if c` → `if !(c)`.
    case negateCondition = "negate"
    /// `==` ↔ `!=`.
    case flipEquality = "equality"
    /// `&&` ↔ `||`.
    case flipLogic = "logic"
    /// A prefix `!` dropped: `!x` → `x`.
    case dropNot = "drop-not"
    /// A boundary moved: `<` ↔ `<=`, `>` ↔ `>=`.
    case shiftBoundary = "boundary"
    /// A call or an assignment deleted: a journal line, a delete, an unpublish, a check, a state change.
    case deleteStatement = "delete"
    /// Two neighbouring effects run in the other order.
    case swapStatements = "swap"
    /// A prefix (a literal ending in `:`) or a user-visible text changed: its last character dropped.
    case changeText = "text"
    /// `true` ↔ `false`.
    case flipBoolean = "boolean"
    /// One pattern of a multi-pattern `case` dropped (`case .a, .b:` → `case .a:`): a list that
    /// forgets a member, such as a newer screen.
    case dropCase = "drop-case"

    /// What the operator does, for the report.
    public var summary: String {
        switch self {
        case .negateCondition: return "an if/guard clause negated"
        case .flipEquality: return "== and != swapped"
        case .flipLogic: return "&& and || swapped"
        case .dropNot: return "a prefix ! dropped"
        case .shiftBoundary: return "< and <=, > and >= swapped"
        case .deleteStatement: return "a call or assignment deleted"
        case .swapStatements: return "two neighbouring effects swapped"
        case .changeText: return "a prefix or user-visible text changed"
        case .flipBoolean: return "true and false swapped"
        case .dropCase: return "a pattern dropped from a switch case"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
