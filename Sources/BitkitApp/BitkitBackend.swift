import Backend
import PubkyCrypto

/// The outside world as Bitkit's Pubky SDK sees it (homeservers, Homegate, PKARR, HTTP relay). The
/// app calls only this, so its rules can be exercised against the simulated backend or a test double.
public protocol BitkitBackend: AnyObject {
    /// Signs `keyPair` in at the homeserver its PKARR record names.
    func signIn(keyPair: Ed25519KeyPair) throws(ServiceFailure) -> PubkySession
    /// Signs `keyPair` up through Homegate (spec/02 §13.3).
    func signUpThroughHomegate(keyPair: Ed25519KeyPair) throws(ServiceFailure) -> PubkySession
    /// Signs `keyPair` up on `homeserver` with `token` (signup links).
    func signUp(keyPair: Ed25519KeyPair, homeserver: String, token: String?) throws(ServiceFailure) -> PubkySession
    /// Imports a saved session string, revalidating it with the homeserver.
    func importSession(_ exported: String) throws(ServiceFailure) -> PubkySession
    /// Ends a session on its homeserver.
    func signOut(_ session: PubkySession) throws(ServiceFailure)
    /// Bitkit's record check before signing a picked key up (spec/04 §10).
    func recordCheck(pubky: String) throws(ServiceFailure) -> RecordCheck
    /// The profile of `pubky` (Paykit profile, else pubky.app); nil when definitely absent.
    func profile(of pubky: String) throws(ServiceFailure) -> ProfileSummary?
    /// Whether `pubky`'s pubky.app profile lists follows.
    func hasFollows(pubky: String) throws(ServiceFailure) -> Bool
    /// `pubky`'s follows (spec/09 §1.2): every page listed, the keys kept and the names left out.
    func follows(of pubky: String) throws(ServiceFailure) -> FollowsListing
    /// Each follow's profile, looked up side by side in `lane` (spec/09 §1.3, §1.5); a lookup that
    /// fails or is cut off is a placeholder, only an offline device fails the set.
    func followProfiles(_ pubkys: [String], lane: LookupLane) throws(ServiceFailure) -> [FollowProfile]
    /// Writes the Paykit profile of the session's user.
    func putProfile(_ profile: ProfileSummary, session: PubkySession) throws(ServiceFailure)
    /// Deletes the Paykit profile; a missing one counts as done.
    func deleteProfile(session: PubkySession) throws(ServiceFailure)
    /// Approves a `pubkyauth://` sign-in or signup link with `keyPair` (AuthToken to the relay).
    func approveAuthRequest(link: String, keyPair: Ed25519KeyPair) throws(ServiceFailure)
    /// Removes the session user's Paykit endpoints (best effort: public or private ones).
    func removeEndpoints(session: PubkySession, privateOnes: Bool) throws(ServiceFailure)
}
