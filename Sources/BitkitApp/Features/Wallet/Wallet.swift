import AppRuntime
import AppSupport
import Foundation
import PubkyCrypto

/// The wallet (spec/02 §19, spec/05 §8's dev funds): created from the world's randomness or
/// restored from a recovery phrase, reset (the wipe), and funded for payment journeys. It keeps no
/// state of its own beyond the private store and the Paykit documents.
public enum Wallet: Feature {
    public typealias App = Bitkit

    public struct State: Sendable, Equatable {
        public init() {}
    }

    public enum Action: Sendable, Equatable {
        /// Onboarding → Create wallet.
        case create
        /// Onboarding → Restore, with an optional BIP39 passphrase.
        case restore(mnemonic: String, passphrase: String?)
        /// Settings → Reset: the confirmation, or with `confirm` the wipe.
        case reset(confirm: Bool)
        /// Dev action: adds to the on-chain balance and the Lightning outbound capacity.
        case fund(onchainSats: UInt64, lightningSats: UInt64)
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<Wallet>) throws {
        switch action {
        case .create: try context.createWallet()
        case .restore(let mnemonic, let passphrase):
            try context.restoreWallet(mnemonic: mnemonic, passphrase: passphrase)
        case .reset(let confirm): try context.reset(confirm: confirm)
        case .fund(let onchain, let lightning): try context.fund(onchainSats: onchain, lightningSats: lightning)
        }
    }
}

extension FeatureContext where F == Wallet {
    /// Onboarding → Create wallet: a new 12-word mnemonic from the world's random sequence.
    mutating func createWallet() throws {
        guard try walletAbsent() else { return }
        var random = SeededRandom(seed: try draw())
        let words = try BIP39.mnemonic(entropy: random.bytes(16))
        try savePrivate(Key.mnemonic, words.joined(separator: " "))
        try startWallet()
    }

    /// Onboarding → Restore: the given mnemonic (12 or 24 words) and optional BIP39 passphrase. The
    /// passphrase is the wallet's only: the pubky key never uses it (spec/04 §4).
    mutating func restoreWallet(mnemonic: String, passphrase: String?) throws {
        let words = BIP39.normalize(mnemonic)
        guard words.count == 12 || words.count == 24 else {
            throw BitkitAppError.invalidArgument("The recovery phrase must have 12 or 24 words (found \(words.count)).")
        }
        do {
            try BIP39.validate(words)
        } catch {
            throw BitkitAppError.invalidArgument("The recovery phrase is not valid: \(error).")
        }
        guard try walletAbsent() else { return }
        try savePrivate(Key.mnemonic, words.joined(separator: " "))
        if let passphrase, !passphrase.isEmpty { try savePrivate(Key.passphrase, passphrase) }
        try startWallet()
    }

    private mutating func walletAbsent() throws -> Bool {
        if try hasPrivateValue(Key.mnemonic) {
            notice("A wallet already exists (reset it first: `bitkit-sim settings reset --confirm`).")
            return false
        }
        return true
    }

    /// The wallet starts: Home, and profile initialisation as at launch.
    private mutating func startWallet() throws {
        sheet = nil
        setRoot(.home)
        setPath([])
        try initializeIdentity()
    }

    /// Settings → Reset (spec/02 §19): the confirmation, or with `confirm` the wipe.
    mutating func reset(confirm: Bool) throws {
        guard confirm else {
            if top != .settings { try push(.settings) }
            sheet = .confirmReset
            return
        }
        try wipe()
    }

    /// Endpoints (best effort), wallet, clearLocalState, the private group (own group only), the
    /// install marker and every UserDefaults key go; Ring's and other networks' records stay.
    private mutating func wipe() throws {
        sheet = nil
        wipeEvent(.start)
        if let session = try attempt({ try $0.liveSession() }) {
            _ = try attempt { try $0.call(.removeEndpoints, .removeEndpoints(session, privateOnes: false)) }
        }
        clearAuthenticatedState()
        try clearLocalState(checkpoint: .wipeBeforeRemoveOwn)
        _ = try attempt { try $0.wipePrivate() }
        try removePaykitStores()
        wipeEvent(.end)
        updateDefaults { $0 = BitkitDefaults() }
        guard isRunning else { throw AppTerminated() }
        forgetEverythingButTheLaunch()
        setPath([])
        setRoot(.onboarding)
        toast(Toast(.success, BitkitTexts.wipedTitle, BitkitTexts.wipedMessage))
    }

    /// Dev action: adds to the on-chain balance and the Lightning outbound capacity.
    mutating func fund(onchainSats: UInt64, lightningSats: UInt64) throws {
        var funds = try loadFunds()
        let (onchain, onchainOverflow) = funds.onchainSats.addingReportingOverflow(onchainSats)
        let (lightning, lightningOverflow) = funds.lightningSats.addingReportingOverflow(lightningSats)
        guard !onchainOverflow, !lightningOverflow else {
            throw BitkitAppError.invalidArgument("The balance would overflow.")
        }
        funds.onchainSats = onchain
        funds.lightningSats = lightning
        try saveFunds(funds)
    }
}
