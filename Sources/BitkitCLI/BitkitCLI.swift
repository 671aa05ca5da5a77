import Foundation
import SimCLI

/// `bitkit-sim`: Bitkit on the simulated device. One invocation is one user action.
public enum BitkitCLI {
    public static let tool = Tool(
        name: "bitkit-sim",
        summary: "Bitkit on the simulated device: one invocation is one user action.",
        examples: [
            "bitkit-sim launch",
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "bitkit-sim open profile --json",
            "bitkit-sim pick tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
            "bitkit-sim state --json",
            "bitkit-sim keychain list-ring --world \"$PWD\"",
        ],
        commands: BitkitCommands.all + [KeychainCommands.group, PaykitCommands.group] + RequestCommands.all)

    public static func main() -> Never {
        tool.main()
    }
}
