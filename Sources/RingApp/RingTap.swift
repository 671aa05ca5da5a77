import AppSupport

/// What a tap on an element of Ring's current screen does (`ring-sim tap ID`, spec/08 §2.2 row 1),
/// by the testIDs of spec/08 §3.3; a card's body and button are addressed as `<card id>-Content` and
/// `<card id>-ActionButton` / `-UseButton` (§3.1 rule 4).
public enum RingTap {
    /// The actions a tap on `id` performs on `screen`.
    public static func actions(for id: String, on screen: Screen) throws(TapRefusal) -> [RingAction] {
        let (card, part) = Self.card(of: id)
        guard let element = screen.identifiers.first(where: { $0.id == card }) else {
            throw .notShown(id, app: "Pubky Ring")
        }
        guard !element.disabled else { throw .disabled(id) }
        if let index = Self.index(card, prefix: "ExternalPubkyBox-") { return [.showOffer(ref: "#\(index + 1)")] }
        if let index = Self.index(card, prefix: "SelectPubkyRow-") { return [.select(ref: "#\(index + 1)")] }
        if card.hasPrefix("PubkyBox-"), let index = Self.index(card, prefix: "PubkyBox-") {
            if part == "-ActionButton" {
                throw .notSimulated(id, reason: "Authorize opens the scanner: paste a link (`ring-sim authorize LINK`)")
            }
            return [.open(ref: "#\(index + 1)")]
        }
        let detail = screen.route == "detail" ? screen.texts.first : nil
        switch card {
        case "OnboardingContinueButton": return [.finishOnboarding]
        case "AppHeaderBackButton": return [.back]
        case "SimWipePubkyRingButton": return [.openWipe]
        case "UseExternalPubkyConfirmButton", "DeletePubkyConfirmButton", "SimWipeConfirmButton",
            "ConfirmAuthAuthorizeButton", "ConfirmAuthSuccessButton", "EditPubkySaveButton":
            return [.confirm]
        case "DeletePubkyCancelButton", "SimWipeCancelButton", "ConfirmAuthCancelButton":
            return [.cancel]
        case "BackupEncryptedFileButton": return [.chooseEncryptedFile]
        default: break
        }
        if let pubky = detail {
            switch card {
            case "SimPubkyDetailEditButton": return [.edit(ref: pubky)]
            case "PubkyDetailDeleteButton": return [.delete(ref: pubky)]
            case "PubkyDetailShareButton": return [.share(ref: pubky)]
            case "PubkyDetailBackupButton": return [.openBackup(ref: pubky)]
            default: break
            }
        }
        throw .notSimulated(
            id,
            reason: card == "AddPubkyButton"
                ? "adding runs as one step (`ring-sim import` / `ring-sim create`)"
                : "the simulator shows it without its behaviour")
    }

    /// The card's id and the derived part (`-Content`, `-ActionButton`, `-UseButton`) of `id`.
    private static func card(of id: String) -> (String, String?) {
        for part in ["-Content", "-ActionButton", "-UseButton"] where id.hasSuffix(part) {
            return (String(id.dropLast(part.count)), part)
        }
        return (id, nil)
    }

    /// The trailing index of `PubkyBox-<name>-<i>` / `ExternalPubkyBox-<i>` / `SelectPubkyRow-<i>`.
    private static func index(_ id: String, prefix: String) -> Int? {
        guard id.hasPrefix(prefix), let dash = id.lastIndex(of: "-") else { return nil }
        return Int(id[id.index(after: dash)...])
    }
}
