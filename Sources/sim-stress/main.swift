import Foundation

// Test helper: hammers the keychain or the backend from a real process, for the multi-process
// concurrency and SIGKILL crash tests, and times them for scripts/bench.
// Usage: sim-stress keychain … | backend … | keychain-bench … | backend-bench …
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "keychain": exit(KeychainStress.main(Array(arguments.dropFirst())))
case "backend": exit(BackendStress.main(Array(arguments.dropFirst())))
case "keychain-bench": exit(KeychainBench.main(Array(arguments.dropFirst())))
case "backend-bench": exit(BackendBench.main(Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("usage: sim-stress keychain|backend|keychain-bench|backend-bench …\n".utf8))
    exit(2)
}
