/// The names of Bitkit's items in its private store (spec/01 §12; on iOS its keychain group), one per key; the
/// audit reads the same names to tell Bitkit's own key from a Ring secret.
public enum BitkitStoreKey {
    public static let mnemonic = "bip39_mnemonic_0"
    public static let passphrase = "bip39_passphrase_0"
    public static let secretKey = "pubky_secret_key"
    public static let session = "paykit_session"
    /// Every key name, in the order state dumps list them.
    public static let all = [mnemonic, passphrase, secretKey, session]
    /// The service Bitkit writes its private items under (simulator-defined: the bundle id).
    public static let service = "to.bitkit"
}
