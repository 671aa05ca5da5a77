import AppSupport
import ContractNames
import PhonePicture

/// How each platform's UI tools name the phone and its elements for an agent (spec/10 §3): the
/// agent's dialect, as journeys have theirs (`id` on iOS, `testTag` on Android). iOS tools address
/// an element by its accessibility identifier (`id`); Android tools by its resource id (Bitkit's
/// testTag; Ring's testID, which React Native makes the resource id).
enum AgentDialect {
    /// The simulated phone's name in the device list.
    static func phoneName(_ platform: Platform) -> String {
        platform == .ios ? "iPhone (simulated)" : "Android phone (simulated)"
    }

    /// The key an element's identifier is written under: `id` or `resourceId`.
    static func identifierKey(_ platform: Platform) -> String { platform == .ios ? "id" : "resourceId" }

    /// The identifier an agent addresses `node` by on `platform`.
    static func identifier(of node: PhoneNode, on platform: Platform) -> String? {
        switch platform {
        case .ios: return node.id
        case .android:
            switch node.testTag {
            case .notApplicable: return node.id
            case .none: return nil
            case .tag(let tag): return tag
            }
        }
    }

    /// Whether `app`'s own `tap` reads the identifiers agents address on `platform`: not Android
    /// Bitkit's, whose testTags differ from the ids its `tap` takes.
    static func tapReadsIdentifiers(of app: AgentApp, on platform: Platform) -> Bool {
        !(platform == .android && app == .bitkit)
    }
}
