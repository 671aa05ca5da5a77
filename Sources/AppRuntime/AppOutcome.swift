import AppSupport

/// What one user step of an app produced, for the tool to print: the screen now shown (nil when the
/// app is not running), notices for taps the app refused (the screen stays as it was), the
/// simulator's notes on what it did besides the step, and the x-callback URLs the step opened.
public struct AppOutcome: Sendable, Equatable {
    public var screen: Screen?
    public var notices: [String]
    public var notes: [String]
    public var opened: [String]

    public init(screen: Screen?, notices: [String] = [], notes: [String] = [], opened: [String] = []) {
        self.screen = screen
        self.notices = notices
        self.notes = notes
        self.opened = opened
    }
}
