import AppRuntime
import Foundation

extension Context where App == Ring {
    /// A user action on a running Ring.
    mutating func performUserAction(_ action: RingAction) throws {
        switch action {
        case .launch, .foreground, .background, .kill, .relaunch:
            break
        case .home:
            try focusHome()
        case .finishOnboarding:
            finishOnboarding()
            try focusHome()
        case .openSettings:
            memory.sheet = nil
            navigate(rootStack + [.settings])
        case .back:
            try back()
        case .open(let ref):
            openDetail(try resolve(ref))
        case .create(let name, let signUp):
            guard let pubky = try createPubky(name: name) else { break }
            try focusHome()
            if let signUp { try self.signUp(pubky, signUp) }
        case .importSecret(let hex, let name):
            if try importSecret(hex, name: name) != nil { try focusHome() }
        case .importMnemonic(let phrase, let name):
            if try importMnemonic(phrase, name: name) != nil { try focusHome() }
        case .chooseRecoveryFile(let url):
            // The picker refuses what cannot be a recovery file before Ring reads it (Docs/cli.md).
            _ = try recoveryFileBytes(url)
            memory.sheet = .decryptBackup(file: url.path)
        case .decryptRecoveryFile(let url, let passphrase):
            memory.sheet = nil
            if try importRecoveryFile(url, passphrase: passphrase) != nil { try focusHome() }
        case .signUp(let ref, let request):
            let pubky = try resolve(ref)
            openDetail(pubky)
            try signUp(pubky, request)
        case .edit(let ref):
            let pubky = try resolve(ref)
            openDetail(pubky)
            memory.sheet = .editPubky(pubky: pubky)
        case .saveEdit(let name):
            try saveEdit(name: name)
        case .delete(let ref):
            let pubky = try resolve(ref)
            openDetail(pubky)
            memory.sheet = .deletePubky(pubky: pubky)
        case .share(let ref):
            let pubky = try resolve(ref)
            openDetail(pubky)
            memory.sheet = .share(pubky: pubky)
        case .copy(let ref):
            let pubky = try resolve(ref)
            openDetail(pubky)
            memory.clipboard = pubky
            raise(RingTexts.copied)
        case .showOffer(let ref):
            try showOffer(ref)
        case .openLink(let text, let pubky, let confirm, let source):
            try openLink(text, pubky: pubky, confirm: confirm, source: source)
        case .select(let ref):
            try select(ref)
        case .openBackup(let ref):
            try openBackup(ref)
        case .chooseEncryptedFile:
            try chooseEncryptedFile()
        case .createBackup(let passphrase, let destination):
            try createBackup(passphrase: passphrase, destination: destination)
        case .showRecoveryPhrase(let ref):
            try showRecoveryPhrase(ref)
        case .openWipe:
            navigate(rootStack + [.settings])
            memory.sheet = .wipe
        case .confirm:
            try confirmSheet()
        case .cancel:
            cancelSheet()
        }
    }

    /// The confirming button of the sheet shown.
    mutating func confirmSheet() throws {
        switch memory.sheet {
        case .useExternal(let record): try adopt(record)
        case .deletePubky(let pubky): try confirmDelete(pubky)
        case .confirmAuth: try confirmAuthorization()
        case .wipe: try confirmWipe()
        case .editPubky: try saveEdit(name: nil)
        case .authSuccess, .share, .configurationFailed, .selectPubky, .selectSessionPubky, .backupPubky,
            .decryptBackup:
            memory.sheet = nil
        case nil:
            throw RingAppError.noSheet(expected: "confirmable", shown: nil)
        }
    }

    /// Back: closes a sheet, else pops a screen (Home regains focus).
    mutating func back() throws {
        if memory.sheet != nil {
            cancelSheet()
            return
        }
        guard memory.stack.count > 1 else { return }
        memory.backupError = nil
        navigate(Array(memory.stack.dropLast()))
        if memory.top == .home { try loadOffers() }
    }
}
