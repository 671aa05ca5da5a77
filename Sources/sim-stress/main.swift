import Foundation

// Test helper: hammers the keychain or the backend from a real process, for the multi-process
// concurrency and SIGKILL crash tests. Usage: sim-stress keychain … | sim-stress backend …
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "keychain": exit(KeychainStress.main(Array(arguments.dropFirst())))
case "backend": exit(BackendStress.main(Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("usage: sim-stress keychain|backend …\n".utf8))
    exit(2)
}
