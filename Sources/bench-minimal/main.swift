// The start-up baseline of the benchmark (scripts/bench): the smallest Swift executable that links
// Foundation, as every tool of this package does, built the same way (release). It parses its
// arguments and prints one line, like `bitkit-sim --version`.
import Foundation

let arguments = ProcessInfo.processInfo.arguments
print("bench-minimal 1 (\(arguments.count) arguments)")
