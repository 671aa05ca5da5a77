import AppRuntime

/// What one Bitkit action produced (`AppOutcome`: the screen, or nil when Bitkit is not running,
/// and the notices of refused taps).
public typealias BitkitOutcome = AppOutcome
