import AppSupport
import Foundation
import PubkyProtocol

/// The contact import's overview and selection, the Contacts list, Contact Detail and Add Contact
/// (spec/09 §2.2–2.5, §4).
extension BitkitScreenRenderer {
    /// Select, Import All and Continue are disabled while an import runs (spec/09 §2.4.3).
    private var importing: Bool { state.importBusy && !state.build.has(.importSecondTapStartsAgain) }

    func fillImportOverview(_ screen: inout Screen) {
        guard let preview = memory.pendingImport else { return }
        screen.texts = [
            BitkitTexts.importOverviewHeadline,
            BitkitTexts.importOverviewText(FollowProfile.placeholderName(preview.owner)),
            preview.profileName, preview.summary,
        ]
        screen.elements = [
            Screen.Element(BitkitElements.contactImportOverviewProfile, text: preview.profileName),
            Screen.Element(BitkitElements.contactImportOverviewSummary, text: preview.summary),
        ]
        screen.buttons = [
            Screen.Button(
                BitkitElements.contactImportOverviewSelect, label: BitkitTexts.importSelect, disabled: importing),
            Screen.Button(
                BitkitElements.contactImportOverviewImportAll, label: BitkitTexts.importAll, disabled: importing,
                loading: importing),
        ]
    }

    func fillImportSelect(_ screen: inout Screen) {
        guard let preview = memory.pendingImport else { return }
        screen.texts = [BitkitTexts.importSelectHeadline, BitkitTexts.importSelectText, preview.selectedSummary]
        screen.rows = preview.follows.map { follow in
            Screen.Row(
                BitkitElements.contactImportSelectRow(follow.pubky), title: follow.name,
                caption: PubkyKey.bitkitTruncated(follow.pubky).uppercased(),
                pills: preview.selected.contains(follow.pubky) ? ["✓"] : [])
        }
        screen.elements = [Screen.Element(BitkitElements.contactImportSelectedCount, text: preview.selectedSummary)]
        let all = preview.selected.count == preview.follows.count
        // Android shows one untagged pill that flips between the two (spec/09 §6 row 25).
        let pills =
            state.build.policy.selectionHasOneTogglePill
            ? [
                all
                    ? Screen.Button(BitkitElements.contactImportSelectNone, label: BitkitTexts.selectNone)
                    : Screen.Button(BitkitElements.contactImportSelectAll, label: BitkitTexts.selectAll)
            ]
            : [
                Screen.Button(BitkitElements.contactImportSelectAll, label: BitkitTexts.selectAll, disabled: all),
                Screen.Button(
                    BitkitElements.contactImportSelectNone, label: BitkitTexts.selectNone,
                    disabled: preview.selected.isEmpty),
            ]
        screen.buttons =
            pills + [
                Screen.Button(
                    BitkitElements.contactImportSelectContinue, label: BitkitTexts.continueLabel, disabled: importing)
            ]
    }

    /// One row per record of the active identity, by name; a profile found this session replaces
    /// the saved name (spec/09 §2.5.2–2.5.3).
    func contactRows() -> [Screen.Row] {
        let owner = memory.publicKey.map { String($0.dropFirst(PubkyKey.prefix.count)) }
        return contactBook().shown(for: owner).map { contact in
            Screen.Row(
                BitkitElements.contact(contact.pubky), title: sessionProfile(contact.pubky)?.name ?? contact.name,
                caption: PubkyKey.bitkitTruncated(contact.pubky).uppercased(), pills: [contact.receiverPath])
        }
        .enumerated().sorted { ($0.element.title.lowercased(), $0.offset) < ($1.element.title.lowercased(), $1.offset) }
        .map(\.element)
    }

    func fillContactDetail(_ screen: inout Screen) {
        guard let key = memory.contactShown, let contact = contactBook().contact(key) else { return }
        let profile = sessionProfile(key)
        let name = profile?.name ?? contact.name
        let bio = profile?.bio ?? ""
        screen.texts = [name, PubkyKey.prefix + key] + (bio.isEmpty ? [] : [bio])
        screen.elements =
            [Screen.Element(BitkitElements.contactViewName, text: name)]
            + (bio.isEmpty ? [] : [Screen.Element(BitkitElements.contactViewNotes, text: bio)])
    }

    func fillAddContact(_ screen: inout Screen) {
        guard let draft = memory.addContact else { return }
        screen.texts = [PubkyKey.prefix + draft.pubky, draft.name]
        screen.elements = [
            Screen.Element(BitkitElements.addContactPubky, text: PubkyKey.prefix + draft.pubky),
            Screen.Element(BitkitElements.addContactName, text: draft.name),
        ]
        screen.buttons = [Screen.Button(BitkitElements.addContactSave, label: "Save")]
    }

    /// The session profile of `pubky`, when the session profiles are the shown identity's.
    private func sessionProfile(_ pubky: String) -> ProfileSummary? {
        guard let profiles = memory.sessionProfiles, profiles.owner == memory.publicKey,
            profiles.generation == memory.sessionGeneration
        else { return nil }
        return profiles.entries[pubky]?.profile
    }

    private func contactBook() -> PaykitContactBook { state.paykitShown?.contacts ?? PaykitContactBook() }
}
