/// The place table (spec/08 §2.4.6), as data: each navigation place with the route the apps really have
/// to it, each step on the screen the step before reaches, and the places a check may name. A phrase
/// not here is not a place: `Open the wallet history` is not performable (`no route for "wallet history"`).
public enum JourneyPlaces {
    public static let table: [JourneyPlace] = [
        JourneyPlace(
            "Home", phrases: ["home", "home screen", "wallet home"],
            routes: [.bitkit: [.command(["home"])], .ring: [.command(["home"])]],
            shownAs: [.bitkit: ["home"], .ring: ["home"]]),
        JourneyPlace(
            "Profile",
            phrases: [
                "profile", "profile from home header", "profile via home header", "profile in home header",
            ],
            routes: [.bitkit: [.place("Home"), .tap("ProfileButton")]],
            shownAs: [.bitkit: ["profile"]], existing: ["profile"]),
        JourneyPlace(
            "Edit Profile", phrases: ["edit profile", "profile editor"], routes: [.bitkit: [.tap("ProfileEdit")]],
            shownAs: [.bitkit: ["editProfile"]]),
        JourneyPlace(
            "Delete Profile", phrases: ["delete profile"], routes: [.bitkit: [.tap("ProfileEditDelete")]],
            shownAs: [.bitkit: ["sheet:delete-profile-confirm"]]),
        JourneyPlace(
            "Contacts", phrases: ["contacts", "contacts via menu", "contacts from menu", "contact list"],
            routes: [.bitkit: [.tap("HeaderMenu"), .tap("DrawerContacts")]],
            shownAs: [.bitkit: ["contacts"]], existing: ["contacts"]),
        JourneyPlace(
            "Settings", phrases: ["settings", "settings via menu", "settings from menu"],
            routes: [.bitkit: [.tap("HeaderMenu"), .tap("DrawerSettings")], .ring: [.command(["settings"])]],
            shownAs: [.bitkit: ["settings"], .ring: ["settings"]]),
        JourneyPlace(
            "Dev Settings", phrases: ["dev settings", "developer settings"], routes: [.bitkit: [.tap("DevSettings")]],
            shownAs: [.bitkit: ["devSettings"]]),
        JourneyPlace(
            "the bell", phrases: ["bell", "payment requests bell", "payment requests"],
            routes: [.bitkit: [.tap("PaymentRequestsBell")]], shownAs: [.bitkit: ["sheet:PaymentRequestsSheet"]]),
        JourneyPlace(
            "the scanner", phrases: ["scanner", "qr scanner", "scan"], routes: [.bitkit: [.tap("Scan")]],
            shownAs: [.bitkit: ["scanner"]]),
        // Checked only (`… is shown`, `<screen> gives way to …`).
        JourneyPlace(
            "profile onboarding", phrases: ["profile onboarding"],
            shownAs: [.bitkit: ["profileIntro", "pubkyChoice", "createProfile"]]),
        JourneyPlace(
            "Pubky Choice", phrases: ["pubky choice", "choice", "pubky choice screen", "choice screen"],
            shownAs: [.bitkit: ["pubkyChoice"]]),
        JourneyPlace("Pay Contacts", phrases: ["pay contacts"], shownAs: [.bitkit: ["payContacts"]]),
        JourneyPlace("Profile intro", phrases: ["profile intro", "intro"], shownAs: [.bitkit: ["profileIntro"]]),
    ]

    /// The screens the simulated apps show (their `route` names), each also a place a check may name.
    static let screenRoutes: [(JourneyApp, String)] =
        [
            "onboarding", "settings", "devSettings", "profileIntro", "pubkyChoice", "createProfile", "editProfile",
            "payContacts", "contacts", "contactDetail", "contactSaved", "addContact", "editContact",
            "contactImportOverview", "contactImportSelect", "contactsIntro", "contactActivity", "send", "receive",
            "scanner", "activity", "PaymentRequestDetailScreen", "PaymentRequestConfirm",
        ].map { (JourneyApp.bitkit, $0) } + ["onboarding", "detail", "backup"].map { (JourneyApp.ring, $0) }
}
