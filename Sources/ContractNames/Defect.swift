/// A named defect: a bug the real apps had, or could have, against a rule of the specs, kept as an
/// install option (`simctl install APP --defect NAME`) so the catalogue keeps proving it catches it
/// (FoundationDB's BUGGIFY; Docs/defects.md). Off unless installed: the shipped behaviour is the spec's.
public enum Defect: String, Codable, Sendable, CaseIterable, Comparable {
    // Found by the feature's reviewers.
    case signupLinkNotShared = "signup-link-not-shared"
    case signupWhileAdopted = "signup-while-adopted"
    case failedForgetKeepsCredentials = "failed-forget-keeps-credentials"
    case ownPrefixWithoutNetwork = "own-prefix-without-network"
    case failedLookupOverwritesProfile = "failed-lookup-overwrites-profile"
    case invalidBackupErasesCredentials = "invalid-backup-erases-credentials"
    // From the contract.
    case sourceCheckClearsOnLockedRead = "source-check-clears-on-locked-read"
    case wipeRemovesAllShared = "wipe-removes-all-shared"
    case noDerivationCheck = "no-derivation-check"
    case ringPrunesOnListFailure = "ring-prunes-on-list-failure"
    case ringWipeRemovesBitkitRecords = "ring-wipe-removes-bitkit-records"
    case choiceListsBitkitRecords = "choice-lists-bitkit-records"
    // The earliest builds' adoption (spec/02 §12 Variant) and the later app's offers (spec/03 §4).
    case signupOnAnySignInFailure = "signup-on-any-sign-in-failure"
    case noAdoptionGuard = "no-adoption-guard"
    case noAdoptionRollback = "no-adoption-rollback"
    case ringOffersRefilteredOnListError = "ring-offers-refiltered-on-list-error"
    // The app before its later Pubky Choice behaviour (spec/02 §10, §11.1, §12 step 7).
    case rowProfilesNotRemembered = "row-profiles-not-remembered"
    case tapKeepsOtherLookups = "tap-keeps-other-lookups"
    case failedPickKeepsStaleRows = "failed-pick-keeps-stale-rows"
    case profileOpensDuringAdoption = "profile-opens-during-adoption"
    case offlinePickIgnoresRowProfile = "offline-pick-ignores-row-profile"
    // The regressions of spec/06 that no finding above covers.
    case orphanCheckSkipped = "orphan-check-skipped"
    case profileOpensWithPaykitUIOff = "profile-opens-with-paykit-ui-off"
    // Android's own rules (spec/07), where the two platforms differ: the proof that `simctl parity` sees
    // an Android rule installed wrongly.
    case androidSourceCheckIgnoresListing = "android-source-check-ignores-listing"
    // The contact import after adoption and the Contacts list (spec/09).
    case importKeepsOwnAlias = "import-keeps-own-alias"
    case importSecondTapStartsAgain = "import-second-tap-starts-again"
    case importOpensPayContactsAfterLeaving = "import-opens-pay-contacts-after-leaving"
    case importRetrySavesAll = "import-retry-saves-all"
    case importSurvivesSignOut = "import-survives-sign-out"
    case contactsFreshProfilesLookedUp = "contacts-fresh-profiles-looked-up"

    /// The one platform whose code carries the defect (nil: both): such a defect is named after its
    /// platform (`android-…`). `simctl defects` runs a defect on its platform.
    public var platform: Platform? { Platform.allCases.first { rawValue.hasPrefix($0.rawValue + "-") } }

    /// The app whose code carries the defect.
    public var app: AppKind {
        switch self {
        case .ringPrunesOnListFailure, .ringWipeRemovesBitkitRecords, .ringOffersRefilteredOnListError: return .ring
        default: return .bitkit
        }
    }

    /// What the app does wrong with the defect installed.
    public var summary: String {
        switch self {
        case .signupLinkNotShared:
            return
                "Approving a signup link creates the identity but does not publish its shared record: Ring sees the key only after Bitkit's next launch."
        case .signupWhileAdopted:
            return
                "hasStoredIdentity() ignores the adopted reference, so after a failed restore a signup link registers the wallet key while the Ring key is still picked."
        case .failedForgetKeepsCredentials:
            return
                "When forgetSessionAccess() throws, clearLocalState deletes neither paykit_session nor pubky_secret_key: the next launch resurrects the identity."
        case .ownPrefixWithoutNetwork:
            return
                "The own shared-record prefix has no network part: every flavour writes to.bitkit, so a regtest build over mainnet removes and shadows its record."
        case .failedLookupOverwritesProfile:
            return
                "Saving Create Profile after the existing-profile lookup failed writes the profile anyway, overwriting one that may exist."
        case .invalidBackupErasesCredentials:
            return
                "Restoring a backup whose Pubky part cannot be decoded erases the current credentials instead of keeping them."
        case .sourceCheckClearsOnLockedRead:
            return
                "The source check clears the adopted identity on any failed lookup (a locked device too), not only on a definite absence."
        case .wipeRemovesAllShared:
            return
                "Bitkit's wipe deletes its keychain items without naming its private group, so it also removes every shared record, Ring's included."
        case .noDerivationCheck:
            return
                "The just-in-time read accepts any 64-character hex secret without checking that it derives the listed pubky."
        case .ringPrunesOnListFailure:
            return
                "When listing Bitkit's records fails, Ring prunes as if the listing were empty: every adopted Bitkit pubky goes."
        case .ringWipeRemovesBitkitRecords:
            return
                "Ring's wipe deletes every record of the shared group, Bitkit's included, not only app.pubkyring ones."
        case .choiceListsBitkitRecords:
            return
                "Pubky Choice lists every record of the shared group, Bitkit's own to.bitkit* records included, as Ring pubkys."
        case .signupOnAnySignInFailure:
            return
                "An adoption whose sign-in fails signs the Ring key up on any failure, even when the record check failed or found a record."
        case .noAdoptionGuard:
            return "A second adoption starts while one runs: no in-flight guard."
        case .noAdoptionRollback:
            return "A failed adoption keeps the Ring reference it wrote before signing in."
        case .ringOffersRefilteredOnListError:
            return
                "When Ring's listing fails, the kept offers are filtered again against Ring's current pubkys, so a card disappears until a listing succeeds."
        case .rowProfilesNotRemembered:
            return
                "Pubky Choice looks every row's profile up again each time it appears: found profiles are not kept for the session."
        case .tapKeepsOtherLookups:
            return "Tapping a row leaves the other rows' lookups running: their spinners stay while the pick signs in."
        case .failedPickKeepsStaleRows:
            return
                "A failed adoption leaves the rows as they were: a Ring pubky that is gone stays listed until the next foreground."
        case .profileOpensDuringAdoption:
            return
                "While an adoption signs in, opening Profile shows the Profile screen for an identity that does not exist yet."
        case .offlinePickIgnoresRowProfile:
            return
                "When the adoption's profile fetch fails, the row's profile found on Pubky Choice is ignored: Create Profile opens."
        case .orphanCheckSkipped:
            return
                "A reinstalled Bitkit's first launch keeps the shared records and private items a previous install left: its old record stays offered to Ring."
        case .profileOpensWithPaykitUIOff:
            return
                "Profile and Pubky Choice open while the Paykit UI toggle is off, so the hidden feature can create and share an identity."
        case .androidSourceCheckIgnoresListing:
            return
                "On Android, the source check keeps the adopted identity when Ring's listing succeeds without it, as if only iOS's not-found could end an adoption."
        case .importKeepsOwnAlias:
            return
                "The contact import drops the own key only as spelled: a follow of its padding alias becomes a contact of the identity itself."
        case .importSecondTapStartsAgain:
            return
                "While an import runs, Select, Import All and Continue stay enabled and a second tap starts a second import."
        case .importOpensPayContactsAfterLeaving:
            return "An import that ends after the user left the import screens still opens Pay Contacts."
        case .importRetrySavesAll:
            return "A retry after a failed import saves every chosen follow again, the ones already saved included."
        case .importSurvivesSignOut:
            return "An import goes on saving after a sign-out, for an identity that is gone."
        case .contactsFreshProfilesLookedUp:
            return "The Contacts list looks every contact up on each visit, fresh session profiles included."
        }
    }

    /// The rule of the specs the defect breaks.
    public var rule: String {
        switch self {
        case .signupLinkNotShared: return "spec/02 §14.3, §15"
        case .signupWhileAdopted: return "spec/02 §6, §14.3"
        case .failedForgetKeepsCredentials: return "spec/02 §18"
        case .ownPrefixWithoutNetwork: return "spec/01 §2, spec/02 §1"
        case .failedLookupOverwritesProfile: return "spec/02 §13.2"
        case .invalidBackupErasesCredentials: return "spec/02 §20"
        case .sourceCheckClearsOnLockedRead: return "spec/02 §16"
        case .wipeRemovesAllShared: return "spec/02 §19, spec/01 §10"
        case .noDerivationCheck: return "spec/01 §4, spec/02 §12 step 2"
        case .ringPrunesOnListFailure: return "spec/03 §4, §10"
        case .ringWipeRemovesBitkitRecords: return "spec/03 §9"
        case .choiceListsBitkitRecords: return "spec/01 §10, spec/02 §11"
        case .signupOnAnySignInFailure: return "spec/02 §12 step 5"
        case .noAdoptionGuard: return "spec/02 §12 step 1"
        case .noAdoptionRollback: return "spec/02 §12 step 6"
        case .ringOffersRefilteredOnListError: return "spec/03 §4"
        case .rowProfilesNotRemembered: return "spec/02 §11.1"
        case .tapKeepsOtherLookups: return "spec/02 §11.1"
        case .failedPickKeepsStaleRows: return "spec/02 §11.1"
        case .profileOpensDuringAdoption: return "spec/02 §10"
        case .offlinePickIgnoresRowProfile: return "spec/02 §12 step 7"
        case .orphanCheckSkipped: return "spec/02 §8.1"
        case .profileOpensWithPaykitUIOff: return "spec/02 §2, §10"
        case .androidSourceCheckIgnoresListing: return "spec/07 §8, §10 row 6"
        case .importKeepsOwnAlias: return "spec/09 §1.6, §2.1"
        case .importSecondTapStartsAgain: return "spec/09 §2.4.3"
        case .importOpensPayContactsAfterLeaving: return "spec/09 §2.4.4, §2.4.6"
        case .importRetrySavesAll: return "spec/09 §2.4.2, §2.4.5"
        case .importSurvivesSignOut: return "spec/09 §2.4.7"
        case .contactsFreshProfilesLookedUp: return "spec/09 §2.5.3"
        }
    }

    /// Where the defect comes from.
    public var source: String {
        switch self {
        case .signupLinkNotShared: return "review (ben-kaufman), fixed in 337ea2f"
        case .signupWhileAdopted: return "review (jvsena42), fixed in 6451020"
        case .failedForgetKeepsCredentials: return "review (jvsena42), fixed in ed779b1"
        case .ownPrefixWithoutNetwork: return "review (jvsena42), fixed in 7208b47"
        case .failedLookupOverwritesProfile: return "review of the profile flow (spec/06 R7)"
        case .invalidBackupErasesCredentials: return "review of the backup flow (spec/06 R8)"
        case .sourceCheckClearsOnLockedRead: return "review (jvsena42, Jasonvdb: clears only on errSecItemNotFound)"
        case .wipeRemovesAllShared: return "review (jvsena42: getAllKeyChainStorageKeys filters on Bitkit's own group)"
        case .noDerivationCheck: return "review (jvsena42: loadSecret derives back to the requested pubky)"
        case .ringPrunesOnListFailure: return "the contract (spec/03 §4: an error prunes nothing)"
        case .ringWipeRemovesBitkitRecords: return "the contract (spec/03 §9: only app.pubkyring records)"
        case .choiceListsBitkitRecords: return "the contract (spec/01 §10: list returns app.pubkyring accounts only)"
        case .signupOnAnySignInFailure: return "the earliest builds (spec/02 §12 Variant)"
        case .noAdoptionGuard: return "the earliest builds (spec/02 §12 Variant)"
        case .noAdoptionRollback: return "the earliest builds (spec/02 §12 Variant)"
        case .ringOffersRefilteredOnListError:
            return "the app before its offer fix (spec/03 §4, pinned by its unit tests)"
        case .rowProfilesNotRemembered, .tapKeepsOtherLookups, .failedPickKeepsStaleRows:
            return "the app before its row lookups (spec/02 §11.1, pinned by its unit tests)"
        case .profileOpensDuringAdoption:
            return "testProfileDestinationKeepsTheChoiceScreenWhileARingAdoptionSignsIn (spec/02 §10)"
        case .offlinePickIgnoresRowProfile: return "testRingAdoptionRefreshOfAReusedRowProfile (spec/02 §12 step 7)"
        case .orphanCheckSkipped: return "spec/06 R9 (items outlive an uninstall)"
        case .profileOpensWithPaykitUIOff: return "spec/06 R10 (the toggle gates the feature)"
        case .androidSourceCheckIgnoresListing:
            return "the iOS rule carried to Android (spec/07 §8: the listing decides)"
        case .importKeepsOwnAlias:
            return "Android's own-key rule (spec/09 §6 row 28: a text compare misses the aliases)"
        case .importSecondTapStartsAgain: return "review of the import flow (spec/09 C5)"
        case .importOpensPayContactsAfterLeaving: return "the app's import model (spec/09 §2.4.6, doc)"
        case .importRetrySavesAll: return "review of the import flow (spec/09 C7)"
        case .importSurvivesSignOut: return "the app's identity check before each save (spec/09 §2.4.7, doc)"
        case .contactsFreshProfilesLookedUp: return "the ten-minute freshness rule (spec/09 §2.5.3, doc)"
        }
    }

    /// The catalogue scenario named to kill it (`Fixtures/scenarios/…`).
    public var killedBy: String {
        switch self {
        case .signupLinkNotShared: return "R01-signup-link-publishes-own-record.scenario"
        case .signupWhileAdopted: return "R02-already-signed-in-after-failed-restore.scenario"
        case .failedForgetKeepsCredentials: return "R03-failed-forget-session-deletes-credentials.scenario"
        case .ownPrefixWithoutNetwork: return "R04-regtest-over-mainnet.scenario"
        case .failedLookupOverwritesProfile: return "R07-failed-lookup-never-overwrites.scenario"
        case .invalidBackupErasesCredentials: return "R08-undecodable-and-legacy-backups.scenario"
        case .sourceCheckClearsOnLockedRead: return "R05-locked-device-keeps-adoption.scenario"
        case .wipeRemovesAllShared: return "D01-wipe-removes-all-shared.scenario"
        case .noDerivationCheck: return "R11-wrong-secret-never-adopted.scenario"
        case .ringPrunesOnListFailure: return "D02-ring-prunes-on-list-failure.scenario"
        case .ringWipeRemovesBitkitRecords: return "20-ring-wipe-leaves-bitkit.scenario"
        case .choiceListsBitkitRecords: return "D03-choice-lists-bitkit-records.scenario"
        case .signupOnAnySignInFailure: return "R06-dht-unreachable-no-pick.scenario"
        case .noAdoptionGuard: return "R12-concurrent-adoption-rejected.scenario"
        case .noAdoptionRollback: return "04-ring-pubky-record-without-account.scenario"
        case .ringOffersRefilteredOnListError: return "D04-ring-offers-kept-on-list-error.scenario"
        case .rowProfilesNotRemembered: return "D05-pubky-choice-row-lookups.scenario"
        case .tapKeepsOtherLookups: return "D06-pick-while-rows-load.scenario"
        case .failedPickKeepsStaleRows: return "D07-failed-pick-reloads-rows-offline-pick-reuses-profile.scenario"
        case .profileOpensDuringAdoption: return "D08-profile-stays-on-choice-while-pick-signs-in.scenario"
        case .offlinePickIgnoresRowProfile: return "D07-failed-pick-reloads-rows-offline-pick-reuses-profile.scenario"
        case .orphanCheckSkipped: return "R09-shared-entries-outlive-uninstall.scenario"
        case .profileOpensWithPaykitUIOff: return "R10-paykit-ui-off-shares-nothing.scenario"
        case .androidSourceCheckIgnoresListing: return "07-ring-deletes-picked-bitkit-relaunches.scenario"
        case .importKeepsOwnAlias: return "C02-own-key-never-a-contact.scenario"
        case .importSecondTapStartsAgain: return "C05-held-save-shows-importing.scenario"
        case .importOpensPayContactsAfterLeaving: return "C06-leaving-during-an-import.scenario"
        case .importRetrySavesAll: return "C07-failed-save-retried-for-missing-only.scenario"
        case .importSurvivesSignOut: return "C08-sign-out-stops-the-import.scenario"
        case .contactsFreshProfilesLookedUp: return "C10-contacts-fill-in-batched.scenario"
        }
    }

    public static func < (lhs: Defect, rhs: Defect) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
