/// `kSecAttrAccessible` classes the simulator models.
public enum Accessibility: String, Codable, Sendable, CaseIterable {
    case whenUnlockedThisDeviceOnly = "WhenUnlockedThisDeviceOnly"
    case whenUnlocked = "WhenUnlocked"
    case afterFirstUnlockThisDeviceOnly = "AfterFirstUnlockThisDeviceOnly"
    case afterFirstUnlock = "AfterFirstUnlock"

    /// Whether an item of this class can be touched in `state` (spec/01 §6).
    public func isAvailable(in state: ProtectionState) -> Bool {
        switch (self, state) {
        case (_, .unlocked): return true
        case (.afterFirstUnlock, .locked), (.afterFirstUnlockThisDeviceOnly, .locked): return true
        default: return false
        }
    }
}

/// The device's data-protection state, global to both apps.
public enum ProtectionState: String, Codable, Sendable, CaseIterable {
    case neverUnlocked = "never-unlocked"
    case unlocked
    case locked
}
