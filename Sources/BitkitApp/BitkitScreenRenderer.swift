import AppSupport
import PubkyProtocol

/// Builds the `Screen` Bitkit shows from its state: a pure function, like the screen of a view.
struct BitkitScreenRenderer {
    let state: BitkitState
    let memory: BitkitMemory

    func screen() -> Screen {
        let route = memory.top
        var screen = Screen(
            app: "bitkit", route: route.rawValue, title: route.title, toasts: state.raised, stack: memory.stack)
        switch route {
        case .onboarding:
            screen.texts = ["No wallet on this device."]
            screen.buttons = [
                Screen.Button(id: "OnboardingCreateWallet", label: "Create New Wallet"),
                Screen.Button(id: "OnboardingRestoreWallet", label: "Restore Wallet"),
            ]
        case .home:
            screen.buttons = homeButtons()
        case .settings:
            screen.buttons = [
                Screen.Button(id: "DevSettings", label: "Dev Settings"),
                Screen.Button(id: "ResetAndRestore", label: "Reset Wallet"),
            ]
        case .devSettings:
            screen.texts = [
                "Paykit UI: " + (state.defaults.paykitUIEnabled ? "on" : "off"),
                "Profile intro: " + (state.defaults.profileIntroSeen ? "seen" : "not seen"),
            ]
        case .profileIntro:
            screen.texts = ["Set up your pubky profile to pay your contacts."]
            screen.buttons = [Screen.Button(id: "ProfileIntroContinue", label: BitkitTexts.continueLabel)]
        case .pubkyChoice:
            fillPubkyChoice(&screen)
        case .createProfile:
            fillCreateProfile(&screen)
        case .profile:
            fillProfile(&screen)
        case .editProfile:
            screen.texts = [memory.publicKey ?? ""].filter { !$0.isEmpty } + profileTexts()
            screen.buttons = [Screen.Button(id: "ProfileDelete", label: BitkitTexts.deleteProfile)]
        case .payContacts, .contactImportOverview:
            screen.buttons = [Screen.Button(id: "PayContactsContinue", label: BitkitTexts.continueLabel)]
        case .paymentRequestConfirm, .paymentRequestDetail, .contacts, .contactSaved:
            fillPaykit(&screen, route: route)
        default:
            break
        }
        screen.sheet = sheet()
        return screen
    }

    private func homeButtons() -> [Screen.Button] {
        var buttons = [
            Screen.Button(id: "Send", label: "Send"), Screen.Button(id: "Receive", label: "Receive"),
            Screen.Button(id: "Scan", label: "Scan"), Screen.Button(id: "Settings", label: "Settings"),
        ]
        if state.defaults.paykitUIEnabled { buttons.append(Screen.Button(id: "Profile", label: "Profile")) }
        if state.defaults.paykitUIEnabled { buttons.append(Self.bellButton) }
        return buttons
    }

    private func fillPubkyChoice(_ screen: inout Screen) {
        let choice = memory.choice ?? PubkyChoiceList(pubkys: [])
        let busy = state.adoptionBusy
        if choice.pubkys.isEmpty {
            screen.texts = [BitkitTexts.choiceDescription]
            screen.rows = [
                Screen.Row(
                    id: BitkitTexts.choiceCreateID, title: BitkitTexts.choiceCreate,
                    caption: BitkitTexts.choiceCreateCaption)
            ]
        } else {
            screen.texts = [BitkitTexts.choiceDescriptionRing]
            let names = (memory.rowProfiles ?? RowProfileCache()).names(of: choice.pubkys)
            screen.rows = choice.pubkys.map { pubky in
                let truncated = PubkyKey.bitkitTruncated(pubky)
                let name = names[pubky]
                return Screen.Row(
                    id: BitkitTexts.choiceRingID(pubky), title: name ?? truncated, caption: truncated.uppercased(),
                    disabled: busy,
                    spinner: choice.lookingUp.contains(pubky) ? BitkitTexts.choiceRingLookupID(pubky) : nil)
            }
        }
    }

    private func fillCreateProfile(_ screen: inout Screen) {
        guard let form = memory.createProfile else {
            screen.texts = [BitkitTexts.derivingKeys]
            return
        }
        screen.title = form.restoring ? BitkitTexts.restoreNavTitle : BitkitTexts.createNavTitle
        var texts = [form.shownPubky]
        if form.lookup == .loading { texts.append(BitkitTexts.derivingKeys) }
        texts.append("Name: \(form.profile.name)")
        texts.append("Bio: \(form.profile.bio)")
        screen.texts = texts
        let empty = form.profile.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        screen.buttons = [Screen.Button(id: BitkitTexts.createProfileSaveID, label: "Save", disabled: empty)]
    }

    private func fillProfile(_ screen: inout Screen) {
        screen.texts = [memory.publicKey].compactMap { $0 } + profileTexts()
        var buttons = [Screen.Button(id: "ProfileEdit", label: "Edit")]
        if memory.isProfileSetupPending {
            buttons.append(Screen.Button(id: "ProfileFinish", label: BitkitTexts.finishProfile))
        }
        buttons.append(Screen.Button(id: "ProfileDisconnect", label: BitkitTexts.signOut))
        screen.buttons = buttons
    }

    private func profileTexts() -> [String] {
        if let profile = memory.profile {
            return [profile.name] + (profile.bio.isEmpty ? [] : [profile.bio])
        }
        return memory.cachedName.map { [$0] } ?? []
    }

    private func sheet() -> Screen.Sheet? {
        switch memory.sheet {
        case .authApproval(_, let capabilities, let phase)?:
            return approvalSheet(capabilities, phase)
        case .authSignup(_, let homeserver, let phase)?:
            if phase == .success {
                return Screen.Sheet(
                    id: "pubky-auth-signup", title: BitkitTexts.approvalSuccessTitle,
                    buttons: [Screen.Button(id: "PubkyAuthClose", label: BitkitTexts.close)])
            }
            return Screen.Sheet(
                id: "pubky-auth-signup", title: BitkitTexts.signupSheetTitle,
                texts: [BitkitTexts.homeserver, homeserver, BitkitTexts.signupDescription],
                buttons: authorizeButtons(phase))
        case .confirmDelete?:
            return Screen.Sheet(
                id: "delete-profile-confirm", title: BitkitTexts.deleteTitle,
                buttons: [
                    Screen.Button(id: "DeleteProfileConfirm", label: BitkitTexts.deleteConfirm),
                    Screen.Button(id: "DeleteProfileCancel", label: BitkitTexts.cancel),
                ])
        case .confirmDisconnect?:
            return Screen.Sheet(
                id: "disconnect-profile-confirm", title: BitkitTexts.signOutTitle,
                texts: [BitkitTexts.signOutDescription],
                buttons: [
                    Screen.Button(id: "DisconnectConfirm", label: BitkitTexts.signOut),
                    Screen.Button(id: "DisconnectCancel", label: BitkitTexts.cancel),
                ])
        case .confirmReset?:
            return Screen.Sheet(
                id: "reset-confirm", title: BitkitTexts.resetTitle, texts: [BitkitTexts.resetDescription],
                buttons: [
                    Screen.Button(id: "ResetConfirm", label: BitkitTexts.resetConfirm),
                    Screen.Button(id: "ResetCancel", label: BitkitTexts.cancel),
                ])
        case .paymentRequests?:
            return paymentRequestsSheet()
        case nil:
            return nil
        }
    }

    /// The sign-in approval sheet (spec/02 §14.2): the description naming the services, the
    /// permission rows, then the trust warning and the signing key's card; after success the success
    /// text naming the pubky and the services.
    private func approvalSheet(_ capabilities: String, _ phase: BitkitSheet.Phase) -> Screen.Sheet {
        let permissions = PubkyAuthPermission.parse(capabilities)
        let services = PubkyAuthPermission.services(permissions)
        let truncated = PubkyKey.bitkitTruncated(memory.publicKey ?? "")
        if phase == .success {
            return Screen.Sheet(
                id: "pubky-auth-approval", title: BitkitTexts.approvalSuccessTitle,
                texts: [BitkitTexts.approvalSuccessDescription(pubky: truncated, services: services)],
                buttons: [Screen.Button(id: "PubkyAuthClose", label: BitkitTexts.close)])
        }
        let rows = permissions.enumerated().map { index, permission in
            Screen.Row(id: "PubkyAuthCapability_\(index + 1)", title: permission.title, caption: permission.caption)
        }
        return Screen.Sheet(
            id: "pubky-auth-approval", title: BitkitTexts.approvalSheetTitle,
            texts: [BitkitTexts.approvalDescription(services: services), BitkitTexts.requestedPermissions],
            rows: rows, footer: [BitkitTexts.approvalTrustWarning, truncated.uppercased()],
            buttons: authorizeButtons(phase))
    }

    /// `Cancel` then `Authorize`, as the sheet lays them out (spec/02 §14.2).
    private func authorizeButtons(_ phase: BitkitSheet.Phase) -> [Screen.Button] {
        let busy = phase == .authorizing
        return [
            Screen.Button(id: "PubkyAuthCancel", label: BitkitTexts.cancel),
            Screen.Button(
                id: "PubkyAuthAuthorize", label: busy ? BitkitTexts.authorizing : BitkitTexts.authorize, disabled: busy),
        ]
    }
}
