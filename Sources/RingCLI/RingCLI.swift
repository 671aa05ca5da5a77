import Foundation
import SimCLI

/// `ring-sim`: Pubky Ring on the simulated device. One invocation is one user action.
public enum RingCLI {
    public static let tool = Tool(
        name: "ring-sim",
        summary: "Pubky Ring on the simulated device: one invocation is one user action.",
        examples: [
            "ring-sim launch",
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim signup '#1'",
            "bitkit-sim keychain publish-own 5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1",
            "ring-sim use '#1' --confirm",
            "LINK=$(simctl auth-request --caps /pub/pubky.app/:rw --json | jq -r .link)",
            "ring-sim authorize \"$LINK\" --pubky '#2' --confirm",
            "ring-sim state --json",
        ],
        commands: LifecycleCommands.all + PubkyCommands.all + AuthorizeCommands.all + [BackupCommands.group]
            + StateCommands.all + [KeychainCommands.group])

    public static func main() -> Never {
        tool.main()
    }
}
