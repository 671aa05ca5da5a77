import CSodium

/// libsodium must be initialised once per process before use; the first caller pays for it.
enum Sodium {
    static let ready: Bool = { sodium_init() >= 0 }()
}
