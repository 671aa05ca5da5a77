import AppSupport

/// What kind of thing an identified element of a screen is, for an agent's snapshot: the screens
/// carry identifiers and texts, and the few fields, spinners and toggles are known by their ids
/// (spec/08 §3.2–§3.3).
enum ElementRoles {
    /// The text fields of both apps' screens (typed into with `type`, or shown with their value).
    static let fields: Set<String> = [
        "CreateProfileUsername", "SimCreateProfileBio", "ProfileEditName", "ProfileEditBio", "EditPubkyNameInput",
        "EditPubkyHomeserverInput", "EditPubkyInviteCodeInput", "BackupFilePassphraseInput",
        "SimDecryptPassphraseInput", "SimAddContactPubky", "SimAddContactName", "AddContactPubkyField", "QRInput",
    ]

    static func role(of element: Screen.Element) -> PhoneNode.Role {
        if fields.contains(element.id) { return .field }
        if element.id.hasPrefix("PubkyChoiceRingLookup_") || element.id.hasSuffix("Loading")
            || element.id == "PubkyChoiceIdentityLookup"
        {
            return .spinner
        }
        return element.text == nil ? .container : .text
    }

    /// A switch shown as a button labelled `…: on` / `…: off` (Dev Settings' Paykit UI toggle).
    static func isToggle(_ id: String) -> Bool { id.hasSuffix("Toggle") }

    static func toggleValue(_ label: String) -> String? {
        if label.hasSuffix(": on") { return "on" }
        if label.hasSuffix(": off") { return "off" }
        return nil
    }
}
