import SimCLI

/// The app's user actions and inspectors, in help order.
enum BitkitCommands {
    static let all: [Command] =
        LifecycleCommands.all + NavigationCommands.all + [WalletCommands.group] + ProfileCommands.all
        + ScannerCommands.all + [BackupCommands.group] + StateCommands.all
}
