import AppSupport
import PubkyProtocol

/// Renders what Ring shows for a state (spec/03 §4–§14): the screen on top of the stack, its sheet and
/// the toasts of the last action.
public enum RingScreens {
    public static let app = "ring"

    /// The screen for `state`; `phrase` is the mnemonic when the recovery-phrase screen is shown.
    public static func screen(_ state: RingState, toasts: [Toast], phrase: String? = nil) -> Screen {
        guard let memory = state.memory else {
            return Screen(app: app, route: "none", texts: ["Pubky Ring is not running."], toasts: toasts)
        }
        var screen: Screen
        switch memory.top {
        case .onboarding: screen = onboarding()
        case .home: screen = home(state)
        case .detail(let pubky): screen = detail(state, pubky)
        case .settings: screen = settings()
        case .backupFile: screen = backupFile(memory.backupError)
        case .recoveryPhrase: screen = recoveryPhraseScreen(phrase ?? "")
        }
        screen.sheet = memory.sheet.map { sheet(state, $0) }
        screen.toasts = toasts
        screen.stack = memory.stack.map(\.name)
        // Every pushed Ring screen has the header's back button (spec/08 §3.3, assumed).
        if screen.stack.count > 1 { screen.buttons.append(Screen.Button(id: "AppHeaderBackButton", label: "Back")) }
        return screen
    }

    // MARK: Screens

    static func onboarding() -> Screen {
        Screen(
            app: app, route: "onboarding", title: RingTexts.onboardingTitle, texts: [RingTexts.onboardingText],
            buttons: [Screen.Button(id: "OnboardingContinueButton", label: RingTexts.onboardingButton)])
    }

    static func home(_ state: RingState) -> Screen {
        let entries = state.store.entries
        var rows = entries.enumerated().map { entryRow($0.element, index: $0.offset) }
        rows += state.offers.enumerated().map { index, offer in
            Screen.Row(
                id: "ExternalPubkyBox-\(index)", title: offer.name, caption: PubkyKey.ringShortForm(offer.pubky),
                pills: [RingTexts.bitkitPill], button: RingTexts.useInRing, style: "dashed")
        }
        return Screen(
            app: app, route: "home", title: RingTexts.appName, texts: entries.isEmpty ? [RingTexts.emptyHome] : [],
            rows: rows,
            buttons: entries.isEmpty ? [Screen.Button(id: "AddPubkyButton", label: RingTexts.addPubky)] : [])
    }

    /// A list card (spec/03 §6).
    public static func entryRow(_ entry: PubkyEntry, index: Int) -> Screen.Row {
        Screen.Row(
            id: "PubkyBox-\(reduced(entry.name))-\(index)", title: entry.displayName(index: index),
            caption: PubkyKey.ringShortForm(entry.pubky), pills: pills(entry),
            button: entry.canAuthorize ? RingTexts.authorize : RingTexts.setup)
    }

    static func pills(_ entry: PubkyEntry) -> [String] {
        var pills: [String] = []
        if !entry.isBackedUp && !entry.isAdopted { pills.append(RingTexts.backupPill) }
        if entry.isAdopted { pills.append(RingTexts.bitkitPill) }
        return pills
    }

    /// The name reduced to `[A-Za-z0-9]`, as in the card ids.
    static func reduced(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
    }

    static func detail(_ state: RingState, _ pubky: String) -> Screen {
        guard let index = state.store.index(of: pubky) else {
            // A detail screen open on a removed entry renders empty (spec/03 §10).
            return Screen(app: app, route: "detail")
        }
        let entry = state.store.entries[index]
        var buttons = [
            Screen.Button(id: "SimPubkyDetailEditButton", label: "Edit"),
            Screen.Button(id: "PubkyDetailShareButton", label: "Share"),
        ]
        if !entry.isAdopted { buttons.append(Screen.Button(id: "PubkyDetailBackupButton", label: "Backup")) }
        buttons.append(Screen.Button(id: "PubkyDetailDeleteButton", label: "Delete"))
        let card = Screen.Row(
            id: "SimPubkyDetailProfileCard", title: entry.displayName(index: index), caption: entry.pubky,
            pills: entry.isAdopted ? [RingTexts.bitkitPill] : [],
            button: entry.canAuthorize ? RingTexts.authorize : RingTexts.setup)
        return Screen(
            app: app, route: "detail", title: entry.displayName(index: index), texts: [entry.pubky], rows: [card],
            buttons: buttons)
    }

    static func settings() -> Screen {
        Screen(
            app: app, route: "settings", title: "Settings",
            buttons: [Screen.Button(id: "SimWipePubkyRingButton", label: RingTexts.wipeRow)])
    }

    static func backupFile(_ error: String?) -> Screen {
        Screen(
            app: app, route: "backup", title: RingTexts.encryptedFile,
            texts: [RingTexts.backupFileMessage] + (error.map { [$0] } ?? []),
            rows: [Screen.Row(id: "BackupFilePassphraseInput", title: RingTexts.passphrasePlaceholder)],
            buttons: [Screen.Button(id: "BackupFileSubmitButton", label: RingTexts.createBackup)])
    }

    static func recoveryPhraseScreen(_ phrase: String) -> Screen {
        let words = phrase.split(separator: " ").enumerated().map { "\($0.offset + 1). \($0.element)" }
        return Screen(
            app: app, route: "backup", title: RingTexts.recoveryPhrase, texts: [words.joined(separator: "\n")])
    }

    // MARK: Sheets

    static func sheet(_ state: RingState, _ sheet: RingSheet) -> Screen.Sheet {
        switch sheet {
        case .useExternal(let record):
            return Screen.Sheet(
                id: sheet.id, title: RingTexts.useSheetTitle,
                texts: [RingTexts.useSheetHeadline, RingTexts.useSheetBody],
                rows: [
                    Screen.Row(
                        id: "SimUseExternalPubkyCard", title: RingTexts.bitkitName(count: state.store.entries.count),
                        caption: record.pubky, pills: [RingTexts.bitkitPill])
                ],
                buttons: [Screen.Button(id: "UseExternalPubkyConfirmButton", label: RingTexts.useInRing)],
                elements: [Screen.Element(.ring("use-external-pubky-title"), text: RingTexts.useSheetTitle)])
        case .deletePubky(let pubky):
            let adopted = state.store.entry(pubky)?.isAdopted == true
            return Screen.Sheet(
                id: sheet.id, title: adopted ? RingTexts.deleteAdoptedTitle : RingTexts.deleteOwnedTitle,
                texts: [adopted ? RingTexts.deleteAdoptedMessage : RingTexts.deleteOwnedMessage],
                buttons: [
                    Screen.Button(id: "DeletePubkyCancelButton", label: "Cancel"),
                    Screen.Button(id: "DeletePubkyConfirmButton", label: "Delete"),
                ],
                elements: [
                    Screen.Element(
                        .ring("delete-pubky-title"),
                        text: adopted ? RingTexts.deleteAdoptedTitle : RingTexts.deleteOwnedTitle)
                ])
        case .editPubky(let pubky):
            return editSheet(state, pubky)
        case .selectPubky, .selectSessionPubky:
            let rows = state.store.entries.enumerated().filter { $0.element.canAuthorize }.map { index, entry in
                var row = entryRow(entry, index: index)
                row.button = nil
                row.id = "SelectPubkyRow-\(index)"
                return row
            }
            return Screen.Sheet(
                id: sheet.id, title: RingTexts.selectTitle, texts: [RingTexts.selectMessage], rows: rows)
        case .confirmAuth(let request, let pubky):
            return Screen.Sheet(
                id: sheet.id, title: request.source.map { "\(RingTexts.authorize) \($0)" } ?? RingTexts.authorize,
                texts: [RingTexts.requestedPermissions, RingTexts.trustWarning],
                rows: capabilityRows(request.capabilities) + signerRow(state, pubky),
                buttons: [
                    Screen.Button(id: "ConfirmAuthCancelButton", label: "Cancel"),
                    Screen.Button(id: "ConfirmAuthAuthorizeButton", label: RingTexts.authorize),
                ],
                elements: [
                    Screen.Element(
                        .ring("confirm-auth-title"),
                        text: request.source.map { "\(RingTexts.authorize) \($0)" } ?? RingTexts.authorize),
                    Screen.Element(.ring("ConfirmAuthRequestedPermissions")),
                ])
        case .authSuccess(_, let pubky, let granted):
            return Screen.Sheet(
                id: sheet.id, title: RingTexts.authSuccessTitle, texts: [RingTexts.grantedPermissions],
                rows: capabilityRows(granted) + signerRow(state, pubky),
                buttons: [Screen.Button(id: "ConfirmAuthSuccessButton", label: "OK")],
                elements: [Screen.Element(.ring("ConfirmAuthGrantedPermissions"))])
        case .backupPubky:
            return Screen.Sheet(
                id: sheet.id, title: RingTexts.backupTitle, texts: [RingTexts.backupHeader],
                buttons: [
                    Screen.Button(id: "BackupEncryptedFileButton", label: RingTexts.encryptedFile),
                    Screen.Button(id: "BackupRecoveryPhraseButton", label: RingTexts.recoveryPhrase),
                ],
                elements: [Screen.Element(.ring("backup-title"), text: RingTexts.backupTitle)])
        case .wipe:
            return Screen.Sheet(
                id: sheet.id, title: RingTexts.wipeTitle, texts: [RingTexts.wipeMessage],
                buttons: [
                    Screen.Button(id: "SimWipeCancelButton", label: "No"),
                    Screen.Button(id: "SimWipeConfirmButton", label: "Yes"),
                ])
        case .share(let pubky):
            return Screen.Sheet(id: sheet.id, title: "Share", texts: [pubky])
        case .decryptBackup(let file):
            return Screen.Sheet(
                id: sheet.id, title: RingTexts.decryptPrompt, texts: [file],
                rows: [Screen.Row(id: "SimDecryptPassphraseInput", title: RingTexts.passphrasePlaceholder)])
        case .configurationFailed(let message):
            return Screen.Sheet(id: sheet.id, title: RingTexts.configurationFailed, texts: [message])
        }
    }

    /// The edit sheet: title `Setup <short>` while an owned pubky is not signed up, else `Edit <short>`;
    /// an adopted pubky edits its name only.
    static func editSheet(_ state: RingState, _ pubky: String) -> Screen.Sheet {
        guard let index = state.store.index(of: pubky) else { return Screen.Sheet(id: "edit-pubky", title: "") }
        let entry = state.store.entries[index]
        var rows = [Screen.Row(id: "EditPubkyNameInput", title: "Name", caption: entry.name)]
        if !entry.isAdopted {
            rows.append(Screen.Row(id: "EditPubkyHomeserverInput", title: "Homeserver", caption: entry.homeserver))
            rows.append(Screen.Row(id: "EditPubkyInviteCodeInput", title: "Invite code", caption: entry.signupToken))
        }
        return Screen.Sheet(
            id: "edit-pubky", title: editTitle(entry), texts: nameCounter(entry.name).map { [$0] } ?? [], rows: rows,
            buttons: [Screen.Button(id: "EditPubkySaveButton", label: "Save")],
            elements: [Screen.Element(.ring("EditPubkyNameLabel"), text: "Name")]
                + (entry.isAdopted ? [] : [Screen.Element(.ring("EditPubkyHomeserverLabel"), text: "Homeserver")]))
    }

    /// `Setup <first5...last5>` or `Edit <first5...last5>`.
    public static func editTitle(_ entry: PubkyEntry) -> String {
        (entry.isAdopted || entry.signedUp ? "Edit " : "Setup ") + PubkyKey.ringShortForm(entry.pubky)
    }

    /// `<50 − length> / 50`, shown once the name exceeds 20 characters.
    public static func nameCounter(_ name: String) -> String? {
        name.count > 20 ? "\(50 - name.count) / 50" : nil
    }

    /// One row per capability, split at the first `:` (Ring's display parsing).
    static func capabilityRows(_ caps: String) -> [Screen.Row] {
        CapabilityDisplay.ringRows(caps).enumerated().map { index, row in
            var pills: [String] = []
            if row.readable { pills.append("Read") }
            if row.writable { pills.append("Write") }
            return Screen.Row(id: "SimCapability-\(index)", title: row.path, pills: pills)
        }
    }

    static func signerRow(_ state: RingState, _ pubky: String) -> [Screen.Row] {
        guard let index = state.store.index(of: pubky) else { return [] }
        var row = entryRow(state.store.entries[index], index: index)
        row.id = "SimConfirmAuthPubkyCard"
        row.button = nil
        row.caption = pubky
        return [row]
    }
}
