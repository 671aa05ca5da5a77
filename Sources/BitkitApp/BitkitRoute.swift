/// A screen of Bitkit's navigation (spec/02 route names). The navigation path never holds `home`
/// or `onboarding`: they are the roots.
public enum BitkitRoute: String, Codable, Sendable, CaseIterable {
    case onboarding, home, settings, devSettings
    case profile, profileIntro, pubkyChoice, createProfile, editProfile
    case payContacts, contacts, contactDetail, contactSaved, addContact, editContact
    case contactImportOverview, contactImportSelect, contactsIntro, contactActivity
    case send, receive, scanner, activity
    /// The payment-request screens, named by their QA ids (spec/05 §8).
    case paymentRequestConfirm = "PaymentRequestConfirm"
    case paymentRequestDetail = "PaymentRequestDetailScreen"

    /// Routes whose presence in the path means "an identity is in use": a lost source resets the
    /// path to Pubky Choice when any of them is in it (spec/02 §16).
    public var isIdentityRoute: Bool {
        switch self {
        case .profile, .editProfile, .createProfile, .payContacts, .contacts, .contactDetail, .contactSaved,
            .addContact, .editContact, .contactImportOverview, .contactImportSelect:
            return true
        default:
            return false
        }
    }

    /// Routes the Paykit UI toggle hides while off (spec/02 §2).
    public var needsPaykitUI: Bool {
        switch self {
        case .profile, .profileIntro, .pubkyChoice, .createProfile, .editProfile, .payContacts, .contacts,
            .contactDetail, .contactSaved, .addContact, .editContact, .contactImportOverview,
            .contactImportSelect, .contactsIntro, .contactActivity, .paymentRequestConfirm, .paymentRequestDetail:
            return true
        default:
            return false
        }
    }

    /// Whether the route is a root of the app (never pushed).
    public var isRoot: Bool { self == .home || self == .onboarding }

    /// The command-line spelling (`pay-contacts`), derived from the camel-case route name.
    public var argument: String {
        var out = ""
        for character in rawValue {
            if character.isUppercase {
                out += (out.isEmpty ? "" : "-") + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Parses a CLI route name: `pay-contacts`, `payContacts` or `paycontacts`.
    public init?(argument: String) {
        let key = argument.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "").lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = match
    }

    /// The navigation title shown for the route.
    var title: String {
        switch self {
        case .onboarding: return "Welcome to Bitkit"
        case .home: return "Bitkit"
        case .settings: return "Settings"
        case .devSettings: return "Dev Settings"
        case .profile: return BitkitTexts.profileNavTitle
        case .profileIntro: return "Pubky Profile"
        case .pubkyChoice: return BitkitTexts.choiceTitle
        case .createProfile: return BitkitTexts.createNavTitle
        case .editProfile: return BitkitTexts.editProfile
        case .payContacts: return "Pay Contacts"
        case .contacts: return "Contacts"
        case .contactDetail: return "Contact"
        case .contactSaved: return "Contact Saved"
        case .addContact: return "Add Contact"
        case .editContact: return "Edit Contact"
        case .contactImportOverview, .contactImportSelect: return BitkitTexts.importNavTitle
        case .contactsIntro: return "Contacts"
        case .contactActivity: return "Contact Activity"
        case .send: return "Send Bitcoin"
        case .receive: return "Receive Bitcoin"
        case .scanner: return "Scan QR"
        case .activity: return "Activity"
        case .paymentRequestConfirm: return PaymentRequestTexts.confirmTitle
        case .paymentRequestDetail: return PaymentRequestTexts.detailTitle
        }
    }
}
