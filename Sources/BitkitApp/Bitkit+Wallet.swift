import AppRuntime
import AppSupport
import Foundation
import PubkyCrypto

extension Context where App == Bitkit {
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
        memory.sheet = nil
        setRoot(.home)
        setPath([])
        try initializeProfile()
    }

    /// Settings → Reset (spec/02 §19): the confirmation, or with `confirm` the wipe.
    mutating func reset(confirm: Bool) throws {
        guard confirm else {
            if memory.top != .settings { try push(.settings) }
            memory.sheet = .confirmReset
            return
        }
        try wipe()
    }

    /// Endpoints (best effort), wallet, clearLocalState, the private group (own group only), the
    /// install marker and every UserDefaults key go; Ring's and other networks' records stay.
    mutating func wipe() throws {
        memory.sheet = nil
        wipeEvent(.start)
        if let session = try attempt({ try $0.liveSession() }) {
            _ = try attempt { try $0.call(.removeEndpoints, .removeEndpoints(session, privateOnes: false)) }
        }
        clearAuthenticatedState()
        try clearLocalState(checkpoint: .wipeBeforeRemoveOwn)
        _ = try attempt { try $0.wipePrivate() }
        try removePaykitStores()
        wipeEvent(.end)
        defaults = BitkitDefaults()
        guard current != nil else { throw AppTerminated() }
        let keep = (memory.launchID, memory.network)
        let raisedSoFar = memory.toasts
        var fresh = BitkitMemory(launchID: keep.0, network: keep.1)
        fresh.toasts = raisedSoFar
        fresh.root = memory.root
        fresh.path = memory.path
        fresh.sessionGeneration = memory.sessionGeneration
        memory = fresh
        setPath([])
        setRoot(.onboarding)
        toast(Toast(.success, BitkitTexts.wipedTitle, BitkitTexts.wipedMessage))
    }
}
