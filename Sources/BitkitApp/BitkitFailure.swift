/// A failed app operation with the description its toast shows, e.g.
/// `Authentication failed: Pubky Ring key unavailable`.
public struct BitkitFailure: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
