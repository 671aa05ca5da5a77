import AppRuntime
import Backend
import Foundation
import PubkyCrypto
import PubkyProtocol

extension Context where App == Ring {
    /// The entry `ref` names, or a usage error.
    func resolve(_ ref: String) throws -> String {
        guard let pubky = RingReferences.entry(ref, in: state.store.entries) else {
            throw RingAppError.unknownPubky(ref)
        }
        return pubky
    }

    /// The detail screen of `pubky` on top of Home.
    mutating func openDetail(_ pubky: String) {
        memory.sheet = nil
        memory.backupError = nil
        navigate([.home, .detail(pubky: pubky)])
    }

    /// Onboarding ends with the first pubky or the explicit finish.
    mutating func finishOnboarding() {
        state.store.onboarded = true
    }

    // MARK: Create and import (spec/03 §2)

    /// A new key from a fresh 12-word mnemonic (128 bits from the world's seeded randomness).
    mutating func createPubky(name: String?, configure: (inout PubkyEntry) -> Void = { _ in }) throws -> String? {
        var random = SeededRandom(seed: try draw())
        let phrase = try BIP39.mnemonic(entropy: random.bytes(16)).joined(separator: " ")
        let pair = try PubkySecret.fromMnemonic(phrase)
        return try savePubky(pair, mnemonic: phrase) { entry in
            if let name { entry.name = Ring.limitedName(name) }
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
        let isNew = state.store.entry(pubky) == nil
        if isNew {
            var entry = PubkyEntry.owned(pubky)
            configure(&entry)
            state.store.entries.append(entry)
        }
        do {
            try saveSecret(RingStoredSecret(secretKey: pair.secretHex, mnemonic: mnemonic), pubky: pubky)
        } catch let error as RingStoreError {
            if isNew { state.store.entries.removeAll { $0.pubky == pubky } }
            raise(RingTexts.saveFailed(error.description))
            return nil
        }
        if let index = state.store.index(of: pubky) { state.store.entries[index].sourceApp = nil }
        finishOnboarding()
        try publishOwned(pubky: pubky, secretKey: pair.secretHex)
        return pubky
    }

    mutating func importSecret(_ hex: String, name: String?) throws -> String? {
        guard let pair = Ed25519KeyPair(secretHex: hex.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
        else {
            raise(RingTexts.error(RingTexts.unrecognized))
            return nil
        }
        return try savePubky(pair, mnemonic: "") { entry in if let name { entry.name = Ring.limitedName(name) } }
    }

    mutating func importMnemonic(_ phrase: String, name: String?) throws -> String? {
        guard let pair = try? PubkySecret.fromMnemonic(phrase) else {
            raise(RingTexts.error(RingTexts.unrecognized))
            return nil
        }
        let words = BIP39.normalize(phrase).joined(separator: " ")
        return try savePubky(pair, mnemonic: words) { entry in if let name { entry.name = Ring.limitedName(name) } }
    }

    /// Decrypts a recovery file (spec/03 §14) and imports it as owned (`encryptedFile`, backed up). A
    /// wrong passphrase or a damaged file changes nothing.
    mutating func importRecoveryFile(_ url: URL, passphrase: String) throws -> String? {
        let data = try recoveryFileBytes(url)
        let decoded: Result<[UInt8], DecodeFailure> = remembered("recovery \(Hex.encode(data)) \(passphrase)") {
            do {
                return .success(try RecoveryFile.decode(data, passphrase: passphrase))
            } catch {
                return .failure(DecodeFailure(reason: Ring.reason(error)))
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

    /// The bytes of a picked recovery file, at most `InputLimit.recoveryFile` (checked before reading).
    mutating func recoveryFileBytes(_ url: URL) throws -> [UInt8] {
        switch try request(.readRecoveryFile(url)) {
        case .bytes(let bytes): return bytes
        case .unusableFile(let error): throw error
        case let other: throw Self.unexpected(.reply(other), for: "readRecoveryFile")
        }
    }

    // MARK: Homeserver actions (spec/03 §7)

    /// Signs an owned pubky up on `homeserver` with `token`, stores the homeserver and the session and
    /// marks it signed up. Adopted pubkys are refused. Returns whether it succeeded.
    @discardableResult
    mutating func signUp(_ pubky: String, homeserver: String, token: String?) throws -> Bool {
        guard let entry = state.store.entry(pubky) else { return false }
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
        guard let index = state.store.index(of: pubky) else { return false }
        state.store.entries[index].homeserver = homeserver
        state.store.entries[index].signupToken = token ?? ""
        try storeSession(session, at: index)
        state.store.entries[index].signedUp = true
        return true
    }

    /// Keeps a homeserver session: the reference in the entry and the secret in a private item.
    mutating func storeSession(_ session: HomeserverSession, at index: Int) throws {
        let id = UUIDv5.make(namespace: Ring.sessionNamespace, name: session.secret).uuidString.lowercased()
        let pubky = state.store.entries[index].pubky
        guard try attempt({ try $0.saveSession(pubky: pubky, sessionID: id, exported: session.exported) }) != nil else {
            return
        }
        state.store.entries[index].sessions.removeAll { $0.id == id }
        state.store.entries[index].sessions.append(
            RingSessionRecord(id: id, capabilities: session.capabilities, createdAt: session.createdAt))
    }

    /// The user's sign-up step: an adopted pubky is refused before anything else; without an invite
    /// the world issues a fresh token first (noted for the CLI), as if QA pasted one.
    @discardableResult
    mutating func signUp(_ pubky: String, _ request: RingSignUp) throws -> Bool {
        guard state.store.entry(pubky)?.isAdopted != true else {
            raise(RingTexts.homeserverRefusedToast)
            return false
        }
        var token = request.invite
        if token == nil {
            do {
                guard case .token(let issued) = try call(.issueSignupToken(homeserver: request.homeserver)) else {
                    throw Self.unexpected(nil, for: "issueSignupToken")
                }
                state.notes.append(
                    "No invite given: issued signup token \(issued) for homeserver \(request.homeserver).")
                token = issued
            } catch let error as BackendError {
                state.notes.append("No invite given, and no token could be issued: \(error.description)")
            }
        }
        return try signUp(pubky, homeserver: request.homeserver, token: token)
    }

    // MARK: Edit sheet (spec/03 §6)

    mutating func saveEdit(name: String?) throws {
        guard case .editPubky(let pubky) = memory.sheet else {
            throw RingAppError.noSheet(expected: "edit-pubky", shown: memory.sheet?.id)
        }
        memory.sheet = nil
        guard let name, let index = state.store.index(of: pubky) else { return }
        state.store.entries[index].name = Ring.limitedName(name)
    }
}

extension Ring {
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
