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
                Screen.Button(BitkitElements.onboardingCreate, label: "Create New Wallet"),
                Screen.Button(BitkitElements.onboardingRestore, label: "Restore Wallet"),
            ]
        case .home:
            screen.buttons = homeButtons()
        case .settings:
            screen.buttons =
                BitkitElements.settingsTabs.map { Screen.Button($0.0, label: $0.1) } + [
                    Screen.Button(BitkitElements.devSettings, label: "Dev Settings"),
                    Screen.Button(BitkitElements.resetAndRestore, label: "Reset Wallet"),
                ]
        case .devSettings:
            let paykitUI = "Paykit UI: " + (state.defaults.paykitUIEnabled ? "on" : "off")
            let introSeen = "Profile intro: " + (state.defaults.profileIntroSeen ? "seen" : "not seen")
            screen.texts = [paykitUI, introSeen]
            screen.elements = [Screen.Element(BitkitElements.profileIntroSeen, text: introSeen)]
            screen.buttons = [Screen.Button(BitkitElements.paykitUIToggle, label: paykitUI)]
        case .profileIntro:
            screen.texts = ["Set up your pubky profile to pay your contacts."]
            screen.elements = [Screen.Element(BitkitElements.profileIntro)]
            screen.buttons = [Screen.Button(BitkitElements.profileIntroContinue, label: BitkitTexts.continueLabel)]
        case .pubkyChoice:
            fillPubkyChoice(&screen)
        case .createProfile:
            fillCreateProfile(&screen)
        case .profile:
            fillProfile(&screen)
        case .editProfile:
            screen.texts = [memory.publicKey ?? ""].filter { !$0.isEmpty } + profileTexts()
            screen.elements = profileElements(name: BitkitElements.profileEditName, bio: BitkitElements.profileEditBio)
            screen.buttons = [Screen.Button(BitkitElements.profileEditDelete, label: BitkitTexts.deleteProfile)]
        case .payContacts:
            screen.buttons = [Screen.Button(BitkitElements.payContactsContinue, label: BitkitTexts.continueLabel)]
        case .contactImportOverview:
            fillImportOverview(&screen)
        case .contactImportSelect:
            fillImportSelect(&screen)
        case .contactDetail:
            fillContactDetail(&screen)
        case .addContact:
            fillAddContact(&screen)
        case .paymentRequestConfirm, .paymentRequestDetail, .contacts, .contactSaved:
            fillPaykit(&screen, route: route)
        default:
            break
        }
        screen.sheet = sheet()
        // Every pushed screen has the navigation bar's back button (spec/08 §3.2); a modal closes instead.
        let navigation = [BitkitElements.navigationBack.id, BitkitElements.navigationClose.id]
        if screen.stack.count > 1, !screen.buttons.contains(where: { navigation.contains($0.id) }) {
            screen.buttons.append(Screen.Button(BitkitElements.navigationBack, label: PaymentRequestTexts.back))
        }
        return screen
    }

    private func homeButtons() -> [Screen.Button] {
        var buttons = [
            Screen.Button(BitkitElements.headerMenu, label: "Menu"),
            Screen.Button(BitkitElements.send, label: "Send"), Screen.Button(BitkitElements.receive, label: "Receive"),
            Screen.Button(BitkitElements.scan, label: "Scan"),
            Screen.Button(BitkitElements.settings, label: "Settings"),
        ]
        if state.defaults.paykitUIEnabled {
            buttons.append(Screen.Button(BitkitElements.profileButton, label: "Profile"))
        }
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
                    BitkitElements.choiceCreate, title: BitkitTexts.choiceCreate,
                    caption: BitkitTexts.choiceCreateCaption)
            ]
        } else {
            screen.texts = [BitkitTexts.choiceDescriptionRing]
            let names = (memory.rowProfiles ?? RowProfileCache()).names(of: choice.pubkys)
            // Only the tapped row spins while its adoption runs, the contact-import lookups
            // included (spec/09 §5.1); the spinner has no id.
            let adopting = busy ? memory.adoption?.subject : nil
            screen.rows = choice.pubkys.map { pubky in
                let truncated = PubkyKey.bitkitTruncated(pubky)
                let name = names[pubky]
                return Screen.Row(
                    BitkitElements.choiceRing(pubky), title: name ?? truncated, caption: truncated.uppercased(),
                    disabled: busy,
                    spinner: choice.lookingUp.contains(pubky) ? BitkitElements.choiceRingLookup(pubky).id : nil,
                    loading: pubky == adopting)
            }
            // The lookup spinners carry the text; the screen has no loading text of its own (§5.4).
            screen.elements = choice.pubkys.filter { choice.lookingUp.contains($0) }.map {
                Screen.Element(BitkitElements.choiceRingLookup($0), text: BitkitTexts.choiceRowLookup)
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
        screen.elements = [
            Screen.Element(BitkitElements.createProfilePubky, text: form.shownPubky),
            Screen.Element(BitkitElements.createProfileUsername, text: form.profile.name),
            Screen.Element(BitkitElements.createProfileBio, text: form.profile.bio),
        ]
        let empty = form.profile.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        screen.buttons = [Screen.Button(BitkitElements.createProfileSave, label: "Save", disabled: empty)]
    }

    private func fillProfile(_ screen: inout Screen) {
        screen.texts = [memory.publicKey].compactMap { $0 } + profileTexts()
        screen.elements =
            [memory.publicKey].compactMap { $0 }.map { Screen.Element(BitkitElements.profilePubky, text: $0) }
            + profileElements(name: BitkitElements.profileViewName, bio: BitkitElements.profileViewNotes)
        var buttons = [Screen.Button(BitkitElements.profileEdit, label: "Edit")]
        if memory.isProfileSetupPending {
            buttons.append(Screen.Button(BitkitElements.profileFinish, label: BitkitTexts.finishProfile))
        }
        buttons.append(Screen.Button(BitkitElements.profileSignOut, label: BitkitTexts.signOut))
        screen.buttons = buttons
    }

    /// The profile's name and bio as identified texts, when the profile (or its cached name) is known.
    private func profileElements(name: ElementName, bio: ElementName) -> [Screen.Element] {
        if let profile = memory.profile {
            return [Screen.Element(name, text: profile.name)]
                + (profile.bio.isEmpty ? [] : [Screen.Element(bio, text: profile.bio)])
        }
        return memory.cachedName.map { [Screen.Element(name, text: $0)] } ?? []
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
                    buttons: [Screen.Button(BitkitElements.authOK, label: BitkitTexts.close)])
            }
            return Screen.Sheet(
                id: "pubky-auth-signup", title: BitkitTexts.signupSheetTitle,
                texts: [BitkitTexts.homeserver, homeserver, BitkitTexts.signupDescription],
                buttons: authorizeButtons(phase),
                elements: [Screen.Element(BitkitElements.signupHomeserver, text: homeserver)])
        case .confirmDelete?:
            return Screen.Sheet(
                id: "delete-profile-confirm", title: BitkitTexts.deleteTitle,
                buttons: [
                    Screen.Button(BitkitElements.deleteProfileConfirm, label: BitkitTexts.deleteConfirm),
                    Screen.Button(BitkitElements.deleteProfileCancel, label: BitkitTexts.cancel),
                ])
        case .confirmDisconnect?:
            return Screen.Sheet(
                id: "disconnect-profile-confirm", title: BitkitTexts.signOutTitle,
                texts: [BitkitTexts.signOutDescription],
                buttons: [
                    Screen.Button(BitkitElements.disconnectConfirm, label: BitkitTexts.signOut),
                    Screen.Button(BitkitElements.disconnectCancel, label: BitkitTexts.cancel),
                ])
        case .confirmReset?:
            return Screen.Sheet(
                id: "reset-confirm", title: BitkitTexts.resetTitle, texts: [BitkitTexts.resetDescription],
                buttons: [
                    Screen.Button(BitkitElements.resetConfirm, label: BitkitTexts.resetConfirm),
                    Screen.Button(BitkitElements.resetCancel, label: BitkitTexts.cancel),
                ])
        case .paymentRequests?:
            return paymentRequestsSheet()
        case .drawer?:
            return Screen.Sheet(
                id: "drawer", title: "Menu",
                rows: BitkitElements.drawerRows.map { Screen.Row($0.0, title: $0.1) })
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
                buttons: [Screen.Button(BitkitElements.authOK, label: BitkitTexts.close)])
        }
        let rows = permissions.enumerated().map { index, permission in
            Screen.Row(BitkitElements.authCapability(index + 1), title: permission.title, caption: permission.caption)
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
            Screen.Button(BitkitElements.authCancel, label: BitkitTexts.cancel),
            Screen.Button(
                BitkitElements.authAuthorize, label: busy ? BitkitTexts.authorizing : BitkitTexts.authorize,
                disabled: busy),
        ]
    }
}
