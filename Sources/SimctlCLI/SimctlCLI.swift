import Foundation
import SimCLI

/// `simctl`: controls the simulated device and world.
public enum SimctlCLI {
    public static let tool = Tool(
        name: "simctl",
        summary: "Control the simulated device, network and world shared by bitkit-sim and ring-sim.",
        examples: [
            "W=$(mktemp -d)/world",
            "simctl world init --world \"$W\"",
            "simctl install ring --world \"$W\"",
            "simctl install bitkit --network regtest --world \"$W\"",
            "simctl device lock --world \"$W\"",
            "simctl keychain list --group shared --world \"$W\"",
            "LINK=$(simctl auth-request --caps /pub/pubky.app/:rw --world \"$W\" --json | jq -r .link)",
            "simctl open-url \"$LINK\" --world \"$W\"",
        ],
        commands: [
            WorldCommands.group, DeviceCommands.group, AppCommands.install, AppCommands.uninstall,
            NetCommands.group, FaultCommands.group, JournalCommands.journal, KeychainCommands.group,
            SharingCommands.group, ProviderCommands.group,
            BreakCommands.breakCommand, BreakCommands.continueCommand, BreakCommands.waitPaused, BreakCommands.status,
            ScenarioCommands.group, ParityCommand.command, JourneyCommands.group, DefectCommands.command,
            MutateCommands.group,
            BackendCommands.group,
            AuthRequestCommands.group,
            AuditCommands.audit,
            RaceCommands.race, ExploreCommands.explore, CrashCommands.crash, IssuerCommands.group,
            OpenURLCommands.openURL, FilesCommands.group,
            // The phone for an AI agent (spec/10).
            AgentCommands.mcp, AgentCommands.ui,
        ], schedulesStart: true)

    public static func main() -> Never {
        tool.main()
    }
}
