/// Drawing random identifiers that must not collide with stored ones.
enum Unique {
    /// Calls `attempt` until it returns a value; fails after `attempts` collisions in a row, which
    /// only a broken random source can cause.
    static func draw<T>(attempts: Int, _ attempt: () throws -> T?) throws -> T {
        for _ in 0..<attempts {
            if let value = try attempt() { return value }
        }
        throw BackendError.internalFailure("the random source keeps repeating identifiers")
    }
}
