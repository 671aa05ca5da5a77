import AppSupport

/// Every element Bitkit's screens show, with the real apps' identifiers (spec/08 §3.2): the iOS
/// `accessibilityIdentifier` as `id`, the Android Compose testTag beside it. `Sim…` ids are the
/// simulator's own where the real app sets none (§3.1 rule 5). Dynamic parts are written as the
/// apps build them and filled by the functions below.
public enum BitkitElements {
    public static let onboardingCreate = ElementName.bitkit("SimOnboardingCreateWallet", tag: nil)
    public static let onboardingRestore = ElementName.bitkit("SimOnboardingRestoreWallet", tag: nil)

    public static let profileButton = ElementName.same("ProfileButton")
    public static let bell = ElementName.same("PaymentRequestsBell")
    public static let scan = ElementName.same("Scan")
    public static let send = ElementName.bitkit("SimSend", tag: nil)
    public static let receive = ElementName.bitkit("SimReceive", tag: nil)
    public static let settings = ElementName.bitkit("SimSettings", tag: nil)
    public static let navigationBack = ElementName.same("NavigationBack")
    /// The Home header's menu: it opens the drawer (sheet `drawer`).
    public static let headerMenu = ElementName.same("HeaderMenu")
    public static let drawerWallet = ElementName.bitkit("DrawerWallet", tag: nil)
    public static let drawerActivity = ElementName.same("DrawerActivity")
    public static let drawerContacts = ElementName.same("DrawerContacts")
    public static let drawerProfile = ElementName.same("DrawerProfile")
    public static let drawerWidgets = ElementName.bitkit("DrawerWidgets", tag: nil)
    public static let drawerShop = ElementName.bitkit("DrawerShop", tag: nil)
    public static let drawerSupport = ElementName.bitkit("DrawerSupport", tag: nil)
    public static let drawerSettings = ElementName.same("DrawerSettings")
    public static let drawerAppStatus = ElementName.bitkit("DrawerAppStatus", tag: nil)
    /// The drawer's rows in display order, with their labels.
    public static let drawerRows: [(ElementName, String)] = [
        (drawerWallet, "Wallet"), (drawerActivity, "Activity"), (drawerContacts, "Contacts"),
        (drawerProfile, "Profile"), (drawerWidgets, "Widgets"), (drawerShop, "Shop"), (drawerSupport, "Support"),
        (drawerSettings, "Settings"), (drawerAppStatus, "App Status"),
    ]

    public static let devSettings = ElementName.bitkit("DevSettings", tag: nil)
    /// Settings' tabs, from their English titles: buttons that change nothing in the simulator.
    public static let settingsTabs: [(ElementName, String)] = [
        (ElementName.same("Tab-general"), "General"), (ElementName.same("Tab-security"), "Security"),
        (ElementName.same("Tab-advanced"), "Advanced"),
    ]
    public static let resetAndRestore = ElementName.bitkit("SimResetAndRestore", tag: nil)
    public static let resetConfirm = ElementName.bitkit("SimResetConfirm", tag: nil)
    public static let resetCancel = ElementName.bitkit("SimResetCancel", tag: nil)
    public static let paykitUIToggle = ElementName.same("PaykitUiToggle")
    public static let profileIntroSeen = ElementName.bitkit("SimProfileIntroSeen", tag: nil)

    public static let profileIntro = ElementName.same("ProfileIntro")
    public static let profileIntroContinue = ElementName.same("ProfileIntro-button")

    public static let choiceCreate = ElementName.same("PubkyChoiceCreate")
    public static let choiceRingTemplate = ElementName.bitkit("PubkyChoiceRing_<z32>", tag: "PubkyChoiceIdentity")
    public static let choiceRingLookupTemplate = ElementName.bitkit(
        "PubkyChoiceRingLookup_<z32>", tag: "PubkyChoiceIdentityLookup")
    /// A Pubky Choice row: `PubkyChoiceRing_<bare z32>`; every Android row is `PubkyChoiceIdentity`.
    public static func choiceRing(_ pubky: String) -> ElementName { filled(choiceRingTemplate, pubky) }
    /// The spinner of a row's profile lookup (spec/02 §11.1).
    public static func choiceRingLookup(_ pubky: String) -> ElementName { filled(choiceRingLookupTemplate, pubky) }

    public static let createProfileUsername = ElementName.same("CreateProfileUsername")
    public static let createProfileSave = ElementName.same("CreateProfileSave")
    public static let createProfileBio = ElementName.bitkit("SimCreateProfileBio", tag: nil)
    public static let createProfilePubky = ElementName.bitkit("SimCreateProfilePubky", tag: nil)

    public static let payContactsContinue = ElementName.same("PayContactsContinue")
    // The contact import (spec/09 §2.2–2.3, spec/08 §3.2): Android tags neither the overview's
    // profile row and summary nor the selection's rows and pills.
    public static let contactImportOverviewProfile = ElementName.bitkit("ContactImportOverviewProfile", tag: nil)
    public static let contactImportOverviewSummary = ElementName.bitkit("ContactImportOverviewSummary", tag: nil)
    public static let contactImportOverviewSelect = ElementName.same("ContactImportOverviewSelect")
    public static let contactImportOverviewImportAll = ElementName.same("ContactImportOverviewImportAll")
    public static let contactImportSelectRowTemplate = ElementName.bitkit("ContactImportSelect_<pubky>", tag: nil)
    /// A selection row: `ContactImportSelect_pubky<z32>`.
    public static func contactImportSelectRow(_ pubky: String) -> ElementName {
        filled(contactImportSelectRowTemplate, pubky.hasPrefix("pubky") ? pubky : "pubky" + pubky)
    }
    public static let contactImportSelectAll = ElementName.bitkit("ContactImportSelectAll", tag: nil)
    public static let contactImportSelectNone = ElementName.bitkit("ContactImportSelectNone", tag: nil)
    public static let contactImportSelectedCount = ElementName.bitkit("SimContactImportSelectedCount", tag: nil)
    public static let contactImportSelectContinue = ElementName.same("ContactImportSelectContinue")

    // Add Contact and Contact Detail (spec/09 §4.4–4.5, §2.5.5).
    public static let addContactPubky = ElementName.bitkit("SimAddContactPubky", tag: nil)
    public static let addContactName = ElementName.bitkit("SimAddContactName", tag: nil)
    public static let addContactSave = ElementName.same("AddContactSave")
    public static let contactViewName = ElementName.same("ContactViewName")
    public static let contactViewNotes = ElementName.same("ContactViewNotes")

    public static let profileViewName = ElementName.same("ProfileViewName")
    public static let profileViewNotes = ElementName.same("ProfileViewNotes")
    public static let profilePubky = ElementName.bitkit("SimProfilePubky", tag: nil)
    public static let profileEdit = ElementName.same("ProfileEdit")
    public static let profileSignOut = ElementName.same("ProfileSignOut")
    public static let profileFinish = ElementName.bitkit("SimProfileFinish", tag: nil)
    public static let disconnectConfirm = ElementName.bitkit("SimDisconnectConfirm", tag: "dialog_confirm")
    public static let disconnectCancel = ElementName.bitkit("SimDisconnectCancel", tag: "dialog_cancel")

    public static let profileEditDelete = ElementName.same("ProfileEditDelete")
    public static let profileEditName = ElementName.bitkit("ProfileEditName", tag: nil)
    public static let profileEditBio = ElementName.same("ProfileEditBio")
    public static let deleteProfileConfirm = ElementName.bitkit("SimDeleteProfileConfirm", tag: "dialog_confirm")
    public static let deleteProfileCancel = ElementName.bitkit("SimDeleteProfileCancel", tag: "dialog_cancel")

    public static let authCapabilityTemplate = ElementName.bitkit("SimPubkyAuthCapability_<n>", tag: nil)
    /// An approval sheet's permission row, numbered from 1.
    public static func authCapability(_ number: Int) -> ElementName { filled(authCapabilityTemplate, String(number)) }
    public static let authCancel = ElementName.bitkit("PubkyAuthCancel", tag: nil)
    public static let authAuthorize = ElementName.same("PubkyAuthAuthorize")
    public static let authOK = ElementName.same("PubkyAuthOK")
    public static let signupHomeserver = ElementName.same("PubkySignupHomeserver")
    public static let invalidRequestToast = ElementName.bitkit("PubkyAuthInvalidRequestToast", tag: nil)

    public static let paymentRequestsSheet = ElementName.same("PaymentRequestsSheet")
    public static let paymentRequestRowTemplate = ElementName.bitkit(
        "PaymentRequestRow-<id>-<counterparty>-<receiverPath>-one-time", tag: "PaymentRequestRow-<id>")
    public static let paymentRequestPayTemplate = ElementName.same("PaymentRequestPay-<id>")
    public static let paymentRequestDismissTemplate = ElementName.same("PaymentRequestDismiss-<id>")
    public static let paymentRequestDetailScreen = ElementName.bitkit(
        "PaymentRequestDetailScreen", tag: "PaymentRequestDetailsScreen")
    public static let paymentRequestDetailsAmount = ElementName.same("PaymentRequestDetailsAmount")
    public static let paymentRequestDetailsStatus = ElementName.same("PaymentRequestDetailsStatus")
    public static let paymentRequestFrom = ElementName.bitkit("PaymentRequestFrom", tag: nil)
    public static let paymentRequestFor = ElementName.bitkit("PaymentRequestFor", tag: nil)
    public static let paymentRequestInvoiceNote = ElementName.bitkit("PaymentRequestInvoiceNote", tag: nil)
    public static let paymentRequestConfirm = ElementName.same("PaymentRequestConfirm")
    public static let sendConfirmToggleDetails = ElementName.same("SendConfirmToggleDetails")
    public static let reviewContactRecipient = ElementName.same("ReviewContactRecipient")
    public static let reviewAmount = ElementName.bitkit("ReviewAmount", tag: nil)
    public static let reviewUri = ElementName.bitkit("ReviewUri", tag: nil)
    public static let reviewFallbackAddress = ElementName.bitkit("SimReviewFallbackAddress", tag: nil)
    public static let grab = ElementName.same("GRAB")
    public static let navigationClose = ElementName.bitkit("SimNavigationClose", tag: nil)
    public static let paymentRequestUnavailableToast = ElementName.bitkit("PaymentRequestUnavailableToast", tag: nil)
    public static let paymentRequestExpiredToast = ElementName.bitkit("PaymentRequestExpiredToast", tag: nil)
    public static let paymentRequestWaitingForDetailsToast = ElementName.bitkit(
        "PaymentRequestWaitingForDetailsToast", tag: nil)
    public static let paymentRequestPaidToast = ElementName.bitkit("SimPaymentRequestPaidToast", tag: nil)
    public static let paymentRequestPaymentFailedToast = ElementName.bitkit(
        "SimPaymentRequestPaymentFailedToast", tag: nil)
    public static let paymentRequestInsufficientFundsToast = ElementName.bitkit(
        "SimPaymentRequestInsufficientFundsToast", tag: nil)
    public static let paymentRequestMismatchToast = ElementName.bitkit("SimPaymentRequestMismatchToast", tag: nil)
    public static let contactTemplate = ElementName.same("Contact_<pubky>")
    /// A contact row: `Contact_pubky<z32>`.
    public static func contact(_ pubky: String) -> ElementName {
        filled(contactTemplate, pubky.hasPrefix("pubky") ? pubky : "pubky" + pubky)
    }

    /// A payment request's row (spec/05 §8), pay and reject buttons.
    public static func paymentRequestRow(id: String, counterparty: String, receiverPath: String) -> ElementName {
        ElementName.bitkit(
            "PaymentRequestRow-\(id)-\(counterparty)-\(receiverPath)-one-time", tag: "PaymentRequestRow-\(id)")
    }
    public static func paymentRequestPay(_ id: String) -> ElementName { filled(paymentRequestPayTemplate, id) }
    public static func paymentRequestDismiss(_ id: String) -> ElementName { filled(paymentRequestDismissTemplate, id) }

    /// Every element above, templates with their placeholders: the table spec/08's test compares.
    public static let catalogue: [ElementName] =
        [
            onboardingCreate, onboardingRestore, profileButton, bell, scan, send, receive, settings,
            navigationBack, headerMenu,
        ] + drawerRows.map(\.0) + settingsTabs.map(\.0) + [
            devSettings, resetAndRestore, resetConfirm, resetCancel, paykitUIToggle, profileIntroSeen,
            profileIntro, profileIntroContinue, choiceCreate, choiceRingTemplate, choiceRingLookupTemplate,
            createProfileUsername, createProfileSave, createProfileBio, createProfilePubky, payContactsContinue,
            contactImportOverviewProfile, contactImportOverviewSummary, contactImportOverviewSelect,
            contactImportOverviewImportAll, contactImportSelectRowTemplate, contactImportSelectAll,
            contactImportSelectNone, contactImportSelectedCount, contactImportSelectContinue,
            addContactPubky, addContactName, addContactSave, contactViewName, contactViewNotes, profileViewName,
            profileViewNotes, profilePubky, profileEdit, profileSignOut,
            profileFinish, disconnectConfirm, disconnectCancel, profileEditDelete, profileEditName, profileEditBio,
            deleteProfileConfirm, deleteProfileCancel, authCapabilityTemplate, authCancel, authAuthorize, authOK,
            signupHomeserver, invalidRequestToast, paymentRequestsSheet, paymentRequestRowTemplate,
            paymentRequestPayTemplate, paymentRequestDismissTemplate, paymentRequestDetailScreen,
            paymentRequestDetailsAmount, paymentRequestDetailsStatus, paymentRequestFrom, paymentRequestFor,
            paymentRequestInvoiceNote, paymentRequestConfirm, sendConfirmToggleDetails, reviewContactRecipient,
            reviewAmount, reviewUri, reviewFallbackAddress, grab, navigationClose, paymentRequestUnavailableToast,
            paymentRequestExpiredToast, paymentRequestWaitingForDetailsToast, paymentRequestPaidToast,
            paymentRequestPaymentFailedToast, paymentRequestInsufficientFundsToast, paymentRequestMismatchToast,
            contactTemplate,
        ]

    /// The template with its one `<…>` placeholder replaced, in the id and the testTag alike.
    private static func filled(_ template: ElementName, _ value: String) -> ElementName {
        func fill(_ text: String) -> String {
            guard let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">") else {
                return text
            }
            return text.replacingCharacters(in: open...close, with: value)
        }
        let tag: TestTag =
            switch template.testTag {
            case .tag(let tag): .tag(fill(tag))
            case let other: other
            }
        return ElementName(id: fill(template.id), testTag: tag)
    }
}
