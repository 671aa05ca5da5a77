import AppRuntime
import Backend
import Foundation
import PubkyCrypto
import PubkyProtocol

/// Ring's pubkys (spec/03 §2, §6–§9): created or imported (words, a secret, a recovery file),
/// signed up on a homeserver, renamed, deleted, and the wipe. Their list is Ring's store, which every
/// feature reads; this feature keeps no state of its own.
public enum Pubkys: Feature {
    public typealias App = Ring

    public struct State: Sendable, Equatable {
        public init() {}
    }

    public enum Action: Sendable, Equatable {
        /// A new key; `signUp` then signs it up (the `Setup` step).
        case create(name: String?, signUp: RingSignUp?)
        case importSecret(hex: String, name: String?)
        case importMnemonic(phrase: String, name: String?)
        /// Chooses a recovery file: shows the decrypt prompt.
        case chooseRecoveryFile(URL)
        /// Decrypts the chosen (or given) recovery file and imports it.
        case decryptRecoveryFile(URL, passphrase: String)
        case signUp(ref: String, RingSignUp)
        /// The detail screen's Edit: the edit sheet.
        case edit(ref: String)
        /// Save on the edit sheet; nil keeps the name.
        case saveEdit(name: String?)
        /// The detail screen's Delete: the confirmation sheet.
        case delete(ref: String)
        /// Delete on the confirmation sheet.
        case confirmDelete(String)
        /// `Yes` on the wipe alert.
        case confirmWipe
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<Pubkys>) throws {
        switch action {
        case .create(let name, let signUp):
            guard let pubky = try context.createPubky(name: name) else { return }
            try context.focusHome()
            if let signUp { try context.signUp(pubky, signUp) }
        case .importSecret(let hex, let name):
            if try context.importSecret(hex, name: name) != nil { try context.focusHome() }
        case .importMnemonic(let phrase, let name):
            if try context.importMnemonic(phrase, name: name) != nil { try context.focusHome() }
        case .chooseRecoveryFile(let url):
            // The picker refuses what cannot be a recovery file before Ring reads it (Docs/cli.md).
            _ = try context.recoveryFileBytes(url)
            context.sheet = .decryptBackup(file: url.path)
        case .decryptRecoveryFile(let url, let passphrase):
            context.sheet = nil
            if try context.importRecoveryFile(url, passphrase: passphrase) != nil { try context.focusHome() }
        case .signUp(let ref, let request):
            let pubky = try context.resolve(ref)
            context.openDetail(pubky)
            try context.signUp(pubky, request)
        case .edit(let ref):
            let pubky = try context.resolve(ref)
            context.openDetail(pubky)
            context.sheet = .editPubky(pubky: pubky)
        case .saveEdit(let name): try context.saveEdit(name: name)
        case .delete(let ref):
            let pubky = try context.resolve(ref)
            context.openDetail(pubky)
            context.sheet = .deletePubky(pubky: pubky)
        case .confirmDelete(let pubky): try context.confirmDelete(pubky)
        case .confirmWipe: try context.confirmWipe()
        }
    }
}

extension FeatureContext where F == Pubkys {
    // MARK: Create and import (spec/03 §2)

    /// A new key from a fresh 12-word mnemonic (128 bits from the world's seeded randomness).
    mutating func createPubky(name: String?, configure: (inout PubkyEntry) -> Void = { _ in }) throws -> String? {
        var random = SeededRandom(seed: try draw())
        let phrase = try BIP39.mnemonic(entropy: random.bytes(16)).joined(separator: " ")
        let pair = try PubkySecret.fromMnemonic(phrase)
        return try savePubky(pair, mnemonic: phrase) { entry in
            if let name { entry.name = Pubkys.limitedName(name) }
            configure(&entry)
        }
    }

    /// The save path of every create/import: add the entry, write the private item (on failure the
    /// toast and the new entry is removed again), turn an adopted entry into an owned one (name and
    /// `isBackedUp` stay), and publish the shared record. `configure` applies to a new entry only.
    @discardableResult
    mutating func savePubky(
        _ pair: Ed25519KeyPair, mnemonic: String, configure: (inout PubkyEntry) -> Void = { _ in }
    ) throws -> String? {
        let pubky = pair.pubky
        let isNew = store.entry(pubky) == nil
        if isNew {
            var entry = PubkyEntry.owned(pubky)
            configure(&entry)
            store.entries.append(entry)
        }
        do {
            try saveSecret(RingStoredSecret(secretKey: pair.secretHex, mnemonic: mnemonic), pubky: pubky)
        } catch let error as RingStoreError {
            if isNew { store.entries.removeAll { $0.pubky == pubky } }
            raise(RingTexts.saveFailed(error.description))
            return nil
        }
        if let index = store.index(of: pubky) { store.entries[index].sourceApp = nil }
        store.onboarded = true
        try publishOwned(pubky: pubky, secretKey: pair.secretHex)
        return pubky
    }

    mutating func importSecret(_ hex: String, name: String?) throws -> String? {
        guard let pair = Ed25519KeyPair(secretHex: hex.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
        else {
            raise(RingTexts.error(RingTexts.unrecognized))
            return nil
        }
        return try savePubky(pair, mnemonic: "") { entry in if let name { entry.name = Pubkys.limitedName(name) } }
    }

    mutating func importMnemonic(_ phrase: String, name: String?) throws -> String? {
        guard let pair = try? PubkySecret.fromMnemonic(phrase) else {
            raise(RingTexts.error(RingTexts.unrecognized))
            return nil
        }
        let words = BIP39.normalize(phrase).joined(separator: " ")
        return try savePubky(pair, mnemonic: words) { entry in if let name { entry.name = Pubkys.limitedName(name) } }
    }

    /// Decrypts a recovery file (spec/03 §14) and imports it as owned (`encryptedFile`, backed up). A
    /// wrong passphrase or a damaged file changes nothing.
    mutating func importRecoveryFile(_ url: URL, passphrase: String) throws -> String? {
        let data = try recoveryFileBytes(url)
        let decoded: Result<[UInt8], DecodeFailure> = remembered("recovery \(Hex.encode(data)) \(passphrase)") {
            do {
                return .success(try RecoveryFile.decode(data, passphrase: passphrase))
            } catch {
                return .failure(DecodeFailure(reason: Pubkys.reason(error)))
            }
        }
        let secret: [UInt8]
        switch decoded {
        case .success(let bytes): secret = bytes
        case .failure(let failure):
            raise(RingTexts.decryptFailed(failure.reason))
            return nil
        }
        guard let pair = Ed25519KeyPair(seed: secret) else {
            raise(RingTexts.decryptFailed("The secret key is invalid"))
            return nil
        }
        return try savePubky(pair, mnemonic: "") { entry in
            entry.backupPreference = .encryptedFile
            entry.isBackedUp = true
        }
    }

    // MARK: Homeserver actions (spec/03 §7)

    /// Signs an owned pubky up on `homeserver` with `token`, stores the homeserver and the session and
    /// marks it signed up. Adopted pubkys are refused. Returns whether it succeeded.
    @discardableResult
    mutating func signUp(_ pubky: String, homeserver: String, token: String?) throws -> Bool {
        guard let entry = store.entry(pubky) else { return false }
        guard !entry.isAdopted else {
            raise(RingTexts.homeserverRefusedToast)
            return false
        }
        let stored = try loadSecretQuietly(pubky)
        guard let pair = try? stored?.keyPair(for: pubky) else {
            raise(RingTexts.error(RingTexts.secretUnreadable))
            return false
        }
        try suspend(.signupBeforeRequest)
        let session: HomeserverSession
        do {
            session = try self.session(.signUp(pair, homeserver: homeserver, token: token))
        } catch let error as BackendError {
            log(.signupFailed, account: pubky, error.description)
            raise(RingTexts.error(RingTexts.signUpFailed))
            return false
        }
        guard let index = store.index(of: pubky) else { return false }
        store.entries[index].homeserver = homeserver
        store.entries[index].signupToken = token ?? ""
        try storeSession(session, at: index)
        store.entries[index].signedUp = true
        return true
    }

    /// Keeps a homeserver session: the reference in the entry and the secret in a private item.
    mutating func storeSession(_ session: HomeserverSession, at index: Int) throws {
        let id = UUIDv5.make(namespace: Pubkys.sessionNamespace, name: session.secret).uuidString.lowercased()
        let pubky = store.entries[index].pubky
        guard try attempt({ try $0.saveSession(pubky: pubky, sessionID: id, exported: session.exported) }) != nil else {
            return
        }
        store.entries[index].sessions.removeAll { $0.id == id }
        store.entries[index].sessions.append(
            RingSessionRecord(id: id, capabilities: session.capabilities, createdAt: session.createdAt))
    }

    /// The user's sign-up step: an adopted pubky is refused before anything else; without an invite
    /// the world issues a fresh token first (noted for the CLI), as if QA pasted one.
    @discardableResult
    mutating func signUp(_ pubky: String, _ request: RingSignUp) throws -> Bool {
        guard store.entry(pubky)?.isAdopted != true else {
            raise(RingTexts.homeserverRefusedToast)
            return false
        }
        var token = request.invite
        if token == nil {
            do {
                guard case .token(let issued) = try call(.issueSignupToken(homeserver: request.homeserver)) else {
                    throw Self.unexpected(nil, for: "issueSignupToken")
                }
                note(
                    "No invite given: issued signup token \(issued) for homeserver \(request.homeserver).")
                token = issued
            } catch let error as BackendError {
                note("No invite given, and no token could be issued: \(error.description)")
            }
        }
        return try signUp(pubky, homeserver: request.homeserver, token: token)
    }

    // MARK: Edit sheet (spec/03 §6)

    mutating func saveEdit(name: String?) throws {
        guard case .editPubky(let pubky) = sheet else {
            throw RingAppError.noSheet(expected: "edit-pubky", shown: sheet?.id)
        }
        sheet = nil
        guard let name, let index = store.index(of: pubky) else { return }
        store.entries[index].name = Pubkys.limitedName(name)
    }
}

extension Pubkys {
    /// The UUIDv5 namespace of Ring's session ids, `4dd6b3f6-1ef1-4e8a-9a7b-4bbdb8b69785` (spec/01 §12).
    static let sessionNamespace = UUID(
        uuid: (0x4d, 0xd6, 0xb3, 0xf6, 0x1e, 0xf1, 0x4e, 0x8a, 0x9a, 0x7b, 0x4b, 0xbd, 0xb8, 0xb6, 0x97, 0x85))

    static func reason(_ error: Error) -> String { String(describing: error) }

    /// Names are at most 50 characters (the input stops there).
    static func limitedName(_ name: String) -> String { String(name.prefix(50)) }
}

/// Why a recovery file gave no secret, in the words of the error that said so.
struct DecodeFailure: Error, Sendable {
    var reason: String
}
