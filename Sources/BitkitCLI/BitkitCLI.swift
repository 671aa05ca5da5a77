import Foundation
import SimCLI

/// `bitkit-sim`: Bitkit on the simulated device. One invocation is one user action.
public enum BitkitCLI {
    public static let tool = Tool(
        name: "bitkit-sim",
        summary: "Bitkit on the simulated device: one invocation is one user action.",
        examples: [
            "bitkit-sim launch --world /tmp/w",
            "bitkit-sim open profile --json",
            "bitkit-sim pick tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
            "bitkit-sim state --json",
            "bitkit-sim keychain list-ring --world /tmp/w",
            "bitkit-sim keychain publish-own 5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1",
        ],
        commands: BitkitCommands.all + [KeychainCommands.group, PaykitCommands.group] + RequestCommands.all)

    public static func main() -> Never {
        tool.main()
    }
}
