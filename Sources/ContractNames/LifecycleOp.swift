/// An app's lifecycle transitions (DESIGN §4).
public enum LifecycleOp: String, Sendable, CaseIterable {
    case launch, foreground, background, kill
}
