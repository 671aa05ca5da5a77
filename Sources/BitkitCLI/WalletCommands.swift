import BitkitApp
import SimCLI

/// `wallet create` / `wallet restore`: onboarding.
enum WalletCommands {
    static let group = Command(
        "wallet", summary: "Create or restore the wallet (onboarding); fund it (dev action).",
        subcommands: [create, restore, RequestCommands.fund])

    static let create = BitkitRunner.command(
        "create", summary: "Create a wallet with a new 12-word mnemonic (from the world's seed).",
        examples: ["bitkit-sim wallet create"]
    ) { _ in .createWallet }

    static let restore = BitkitRunner.command(
        "restore", summary: "Restore a wallet from a mnemonic; the pubky key never uses the passphrase.",
        usage: "--mnemonic \"WORDS…\" [--passphrase P]",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings reset --confirm",
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\" --passphrase TREZOR",
        ]
    ) { args in
        guard let mnemonic = try args.option("--mnemonic") else {
            throw CLIError.usage("Missing --mnemonic \"WORDS…\".")
        }
        let passphrase = try args.option("--passphrase")
        return .restoreWallet(mnemonic: mnemonic, passphrase: passphrase)
    }
}
