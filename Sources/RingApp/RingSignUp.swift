/// Where to sign a pubky up: a homeserver and an invite (signup token). A nil invite stands for QA
/// pasting a fresh one: the world issues a token for that homeserver first.
public struct RingSignUp: Sendable, Equatable {
    public var homeserver: String
    public var invite: String?

    public init(homeserver: String = RingHomeservers.defaultHomeserver, invite: String? = nil) {
        self.homeserver = homeserver
        self.invite = invite
    }
}
