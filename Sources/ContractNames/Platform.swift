/// The phone platform a world simulates (spec/07 §0): both apps follow it for the world's lifetime.
/// On iOS they share identities through one keychain access group; on Android through each owner's
/// content provider. Journeys address the same elements by `id` on iOS and `testTag` on Android
/// (spec/08 §3). What the platform changes in the simulated phone is behind `PhoneOS` (Device),
/// chosen once when a world opens.
public enum Platform: String, Codable, Sendable, CaseIterable {
    case ios, android

    /// The platform of a world, a run or a journey that names none (`--platform` left out): iOS,
    /// the platform the shared keychain was built for, so everything made before platforms existed
    /// reads as it did.
    public static let `default` = Platform.ios

    /// Whether this is the default platform (then commands, files and transcripts leave it out).
    public var isDefault: Bool { self == .default }

    /// The name shown in output.
    public var displayName: String {
        switch self {
        case .ios: return "iOS"
        case .android: return "Android"
        }
    }

    /// The words that choose this platform on a `simctl` command line: none for the default, so the
    /// default's commands, transcripts and reports read as before platforms existed.
    public var optionWords: [String] { isDefault ? [] : ["--platform", rawValue] }

    /// ` --platform NAME` to append to a printed command line; empty for the default.
    public var optionSuffix: String { optionWords.isEmpty ? "" : " " + optionWords.joined(separator: " ") }
}
