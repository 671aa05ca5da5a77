/// Reads the device's protection state at most once per operation, and only if the operation
/// touches an item (`KeychainCaller.protection` may read the device file).
struct ProtectionGate {
    private let read: () -> ProtectionState
    private var state: ProtectionState?

    init(_ read: @escaping () -> ProtectionState) {
        self.read = read
    }

    /// Whether an item of `accessibility` may be touched now (spec/01 §6).
    mutating func allows(_ accessibility: Accessibility) -> Bool {
        let current = state ?? read()
        state = current
        return accessibility.isAvailable(in: current)
    }
}
