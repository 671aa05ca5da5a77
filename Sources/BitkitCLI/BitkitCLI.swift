import Foundation
import SimCLI

/// `bitkit-sim`: Bitkit on the simulated device. One invocation is one user action.
public enum BitkitCLI {
    public static let tool = Tool(
        name: "bitkit-sim",
        summary: "Bitkit on the simulated device: one invocation is one user action.",
        examples: [
            "bitkit-sim keychain list-ring --world /tmp/w",
            "bitkit-sim keychain publish-own 5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1",
        ],
        commands: [KeychainCommands.group, PaykitCommands.group])

    public static func main() -> Never {
        exit(tool.run(Array(CommandLine.arguments.dropFirst())))
    }
}
