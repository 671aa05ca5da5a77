import Foundation
import SimCLI

/// `ring-sim`: Pubky Ring on the simulated device. One invocation is one user action.
public enum RingCLI {
    public static let tool = Tool(
        name: "ring-sim",
        summary: "Pubky Ring on the simulated device: one invocation is one user action.",
        examples: [
            "ring-sim keychain list-external --world /tmp/w",
            "ring-sim keychain set-owned 0101010101010101010101010101010101010101010101010101010101010101",
        ],
        commands: [KeychainCommands.group])

    public static func main() -> Never {
        exit(tool.run(Array(CommandLine.arguments.dropFirst())))
    }
}
