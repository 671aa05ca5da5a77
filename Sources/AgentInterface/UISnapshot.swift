import AppSupport
import ContractNames
import Foundation
import PhonePicture
import PubkyCrypto

/// What `snapshot_ui` returns (spec/10 §3): an app's current screen as an accessibility hierarchy —
/// elements in document order numbered `e1`, `e2`, … (refs), each with its role, identifier, texts,
/// enabled state and frame on the 390×844 point screen — the refs of the enabled actionable
/// elements (`targets`), the toasts, and a hash that changes exactly when the screen does.
public struct UISnapshot: Sendable {
    /// `to.bitkit` (or the Android package) or `app.pubkyring`.
    public let bundleId: String
    public let app: AgentApp
    public let screen: Screen
    public let platform: Platform
    /// Every node, in document order, with its ref.
    public let nodes: [(ref: String, node: PhoneNode)]
    public let layout: PhoneLayout
    public let screenHash: String
    /// The hash of what refs point at — the screen without its toasts, which only the action that
    /// raised them shows: a ref stays valid while this is unchanged.
    let structureHash: String

    public init(
        bundleId: String, app: AgentApp, screen: Screen, platform: Platform, status: PhoneLayout.Status,
        focused: String?
    ) {
        self.bundleId = bundleId
        self.app = app
        self.screen = screen
        self.platform = platform
        layout = PhoneLayout(screen, status: status, focused: focused)
        var numbered: [(String, PhoneNode)] = []
        func number(_ nodes: [PhoneNode]) {
            for node in nodes {
                numbered.append(("e\(numbered.count + 1)", node))
                number(node.children)
            }
        }
        number(layout.nodes)
        nodes = numbered
        let hashed: JSONValue = [
            "app": .string(bundleId), "screen": .string(screen.route),
            "elements": .array(layout.nodes.map { Self.element($0, ref: nil, platform: platform) }),
            "toasts": .array(screen.toasts.map(Self.toast)),
        ]
        screenHash = Hex.encode(SHA256.hash(Array(hashed.canonical())))
        let structure: JSONValue = [
            "app": .string(bundleId), "screen": .string(screen.route),
            "elements": .array(
                layout.nodes.filter { $0.role != .toast }.map { Self.element($0, ref: nil, platform: platform) }),
        ]
        structureHash = Hex.encode(SHA256.hash(Array(structure.canonical())))
    }

    /// The node with `ref`.
    public func node(ref: String) -> PhoneNode? { nodes.first { $0.ref == ref }?.node }

    /// The refs of the enabled actionable elements, in document order.
    public var targets: [String] { nodes.filter { $0.node.isTarget }.map(\.ref) }

    /// The identifier an agent addresses the node by on this platform: the iOS id, or on Android the
    /// `resourceId` (Bitkit's testTag; Ring's testID, which React Native makes the resource id).
    public func identifier(of node: PhoneNode) -> String? {
        AgentDialect.identifier(of: node, on: platform)
    }

    /// `structuredContent`: `{app, screen, screenHash, elements, targets, toasts, alerts}`.
    public var structured: JSONValue {
        // Numbered in document order, parents before their children, as `nodes` is.
        var index = 0
        func element(_ node: PhoneNode) -> JSONValue {
            index += 1
            let ref = "e\(index)"
            var object = Self.element(node, ref: ref, platform: platform).object ?? [:]
            if !node.children.isEmpty { object["children"] = .array(node.children.map(element)) }
            return .object(object)
        }
        return [
            "app": .string(bundleId), "screen": .string(screen.route), "screenHash": .string(screenHash),
            "elements": .array(layout.nodes.map(element)), "targets": .array(targets.map { .string($0) }),
            "toasts": .array(screen.toasts.map(Self.toast)), "alerts": .array([]),
        ]
    }

    /// The text content: the screen as the CLI prints it, then `Targets:` and one line per target
    /// (`e3 button "Continue" id=ProfileIntro-button`).
    public var text: String {
        var lines = [ScreenRenderer.text(screen, appName: app.displayName), "Targets:"]
        let key = AgentDialect.identifierKey(platform)
        for (ref, node) in nodes where node.isTarget {
            var line = "\(ref) \(node.role.rawValue)"
            if let shown = node.label ?? node.title ?? node.value ?? node.text { line += " \"\(shown)\"" }
            if let identifier = identifier(of: node) { line += " \(key)=\(identifier)" }
            lines.append(line)
        }
        if targets.isEmpty { lines.append("(none)") }
        return lines.joined(separator: "\n")
    }

    // MARK: JSON

    /// One element; without a ref (the hashed form) with its children, with one without them (the
    /// caller numbers and adds them).
    static func element(_ node: PhoneNode, ref: String?, platform: Platform) -> JSONValue {
        var object: [String: JSONValue] = [
            "role": .string(node.role.rawValue), "enabled": .bool(node.enabled),
            "frame": [
                "x": .int(node.frame.x), "y": .int(node.frame.y), "width": .int(node.frame.width),
                "height": .int(node.frame.height),
            ],
        ]
        if let ref { object["ref"] = .string(ref) }
        if let id = AgentDialect.identifier(of: node, on: platform) {
            object[AgentDialect.identifierKey(platform)] = .string(id)
        }
        for (key, value) in [
            ("label", node.label), ("title", node.title), ("caption", node.caption), ("text", node.text),
            ("value", node.value),
        ] {
            if let value { object[key] = .string(value) }
        }
        if node.role == .field { object["focused"] = .bool(node.focused) }
        if ref == nil, !node.children.isEmpty {
            object["children"] = .array(node.children.map { element($0, ref: nil, platform: platform) })
        }
        return .object(object)
    }

    static func toast(_ toast: Toast) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(toast.type.rawValue), "title": .string(toast.title), "text": .string(toast.text),
        ]
        if let id = toast.id { object["id"] = .string(id) }
        return .object(object)
    }
}

/// The two apps of the simulated phone.
public enum AgentApp: String, Sendable, CaseIterable {
    case bitkit
    case ring

    public var displayName: String { self == .bitkit ? "Bitkit" : "Pubky Ring" }
    /// The tool that runs its actions.
    var toolName: String { self == .bitkit ? "bitkit-sim" : "ring-sim" }
}
