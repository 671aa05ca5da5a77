import AppSupport

/// What one action produced: the screen now shown (nil when the app is not running), and one-line
/// notices for taps the app refused (the screen stays as it was).
public struct BitkitOutcome: Sendable, Equatable {
    public var screen: Screen?
    public var notices: [String]

    public init(screen: Screen?, notices: [String] = []) {
        self.screen = screen
        self.notices = notices
    }
}
