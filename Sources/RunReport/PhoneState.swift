import AppSupport

/// What one phone shows after a step: the app's last screen, and the step that produced it (the app
/// that did not act keeps the screen of its own last step).
public struct PhoneState: Sendable, Equatable {
    /// Nil until the app has shown a screen in this run.
    public var screen: Screen?
    /// The step whose output this screen is.
    public var shownAtStep: Int?

    public init(screen: Screen? = nil, shownAtStep: Int? = nil) {
        self.screen = screen
        self.shownAtStep = shownAtStep
    }
}
