import AppSupport

/// What a tap on an identified element of Bitkit's current screen does (`bitkit-sim tap ID`,
/// spec/08 §2.2 row 1): the action the element performs, or why it cannot be tapped here. A
/// journey runner taps by id; the scenario language keeps its named actions (`pick`, `save`, …),
/// which these map to, so both reach the same reducer.
public enum BitkitTap {
    /// The action a tap on `id` performs on `screen`.
    public static func action(for id: String, on screen: Screen) throws(TapRefusal) -> BitkitAction {
        guard let element = screen.identifiers.first(where: { $0.id == id }) else { throw .notShown(id, app: "Bitkit") }
        guard !element.disabled else { throw .disabled(id) }
        switch id {
        case BitkitElements.onboardingCreate.id: return .createWallet
        case BitkitElements.profileButton.id: return .open(.profile)
        case BitkitElements.bell.id: return .paykit(.openBell)
        case BitkitElements.settings.id: return .openSettings
        case BitkitElements.devSettings.id: return .open(.devSettings)
        case BitkitElements.paykitUIToggle.id: return .setPaykitUI(!element.texts.contains { $0.hasSuffix(": on") })
        case BitkitElements.resetAndRestore.id: return .reset(confirm: false)
        case BitkitElements.resetConfirm.id: return .reset(confirm: true)
        case BitkitElements.profileIntroContinue.id, BitkitElements.payContactsContinue.id:
            return .continueFlow
        case BitkitElements.contactImportOverviewSelect.id: return .contactImport(.select)
        case BitkitElements.contactImportOverviewImportAll.id: return .contactImport(.importAll)
        case BitkitElements.contactImportSelectAll.id: return .contactImport(.selectAll)
        case BitkitElements.contactImportSelectNone.id: return .contactImport(.selectNone)
        case BitkitElements.contactImportSelectContinue.id: return .contactImport(.continueSelection)
        case BitkitElements.addContactSave.id: return .contactImport(.saveLinkedContact)
        case BitkitElements.choiceCreate.id: return .createProfile(name: nil, bio: nil)
        case BitkitElements.createProfileSave.id: return .save
        case BitkitElements.profileEdit.id: return .editProfile
        case BitkitElements.profileSignOut.id: return .disconnect(confirm: false)
        case BitkitElements.disconnectConfirm.id: return .disconnect(confirm: true)
        case BitkitElements.profileEditDelete.id: return .deleteProfile(confirm: false)
        case BitkitElements.deleteProfileConfirm.id: return .deleteProfile(confirm: true)
        case BitkitElements.authAuthorize.id: return .approve
        case BitkitElements.authCancel.id: return .deny
        case BitkitElements.authOK.id, BitkitElements.resetCancel.id, BitkitElements.disconnectCancel.id,
            BitkitElements.deleteProfileCancel.id:
            return .back
        case BitkitElements.navigationBack.id: return .back
        case BitkitElements.headerMenu.id: return .openDrawer
        case BitkitElements.drawerWallet.id: return .home
        case BitkitElements.drawerActivity.id: return .open(.activity)
        case BitkitElements.drawerContacts.id: return .open(.contacts)
        case BitkitElements.drawerProfile.id: return .open(.profile)
        case BitkitElements.drawerSettings.id: return .openSettings
        // The tabs change nothing: Settings stays as it is.
        case _ where BitkitElements.settingsTabs.contains(where: { $0.0.id == id }): return .open(.settings)
        case BitkitElements.navigationClose.id: return .paykit(.dismiss)
        case BitkitElements.sendConfirmToggleDetails.id: return .paykit(.toggleDetails)
        case BitkitElements.grab.id: return .paykit(.confirm)
        default: break
        }
        if let pubky = id.dropping(prefix: "PubkyChoiceRing_") { return .pick(.pubky(pubky)) }
        if let pubky = id.dropping(prefix: "ContactImportSelect_") { return .contactImport(.toggle(pubky)) }
        if let pubky = id.dropping(prefix: "Contact_") { return .contactImport(.openContact(pubky)) }
        if let request = id.dropping(prefix: "PaymentRequestPay-") { return .paykit(.pay(request)) }
        if let request = id.dropping(prefix: "PaymentRequestDismiss-") { return .paykit(.reject(request)) }
        if id.hasPrefix("PaymentRequestRow-") { return .paykit(.openRequest(id)) }
        throw .notSimulated(id, reason: reason(for: id))
    }

    /// The action typing `text` into the field `id` performs (`bitkit-sim type ID TEXT`, spec/08 §2.2
    /// row 3): Create Profile's name and bio set the form's field, as the keyboard would.
    public static func typing(_ text: String, into id: String, on screen: Screen) throws(TapRefusal) -> BitkitAction {
        guard let element = screen.identifiers.first(where: { $0.id == id }) else {
            throw .notShown(id, app: "Bitkit")
        }
        guard !element.disabled else { throw .disabled(id) }
        switch id {
        case BitkitElements.createProfileUsername.id: return .createProfile(name: text, bio: nil)
        case BitkitElements.createProfileBio.id: return .createProfile(name: nil, bio: text)
        default: throw .notSimulated(id, reason: "typing into it is not simulated")
        }
    }

    private static func reason(for id: String) -> String {
        switch id {
        case BitkitElements.scan.id: "the scanner reads a code: paste one (`bitkit-sim scan LINK`)"
        case BitkitElements.onboardingRestore.id:
            "a restore needs its phrase (`bitkit-sim wallet restore --mnemonic …`)"
        default: "the simulator shows it without its behaviour"
        }
    }
}

extension String {
    fileprivate func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
