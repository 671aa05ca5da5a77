/// The agent's tools (spec/10 §2), named as XcodeBuildMCP names them where the concept exists, the
/// simulator's own `sim_` tools last: each with a one-line description, a JSON Schema for its
/// arguments (`additionalProperties: false`) and, for tools that return data, one for its result.
public struct ToolDefinition: Sendable {
    public var name: String
    public var description: String
    /// Argument name → its schema (with a `description`).
    public var properties: [(String, JSONValue)]
    public var required: [String]
    public var output: JSONValue?

    /// The `tools/list` entry.
    public var listing: JSONValue {
        var entry: [String: JSONValue] = [
            "name": .string(name), "description": .string(description), "inputSchema": inputSchema,
        ]
        if let output { entry["outputSchema"] = output }
        return .object(entry)
    }

    public var inputSchema: JSONValue {
        var schema: [String: JSONValue] = [
            "type": "object", "properties": .object(Dictionary(uniqueKeysWithValues: properties)),
            "additionalProperties": false,
        ]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return .object(schema)
    }

    public var argumentNames: [String] { properties.map(\.0) }
}

public enum ToolCatalogue {
    public static let tools: [ToolDefinition] = [
        ToolDefinition(
            name: "list_sims",
            description: "List the simulated device: its platform and the apps installed, running and in front.",
            properties: device, required: [], output: listSimsOutput),
        ToolDefinition(
            name: "launch_app_sim",
            description:
                "Launch an app (to.bitkit or app.pubkyring), or bring it forward if it runs; returns its screen.",
            properties: [("bundleId", bundleId("The app to launch."))] + device, required: ["bundleId"],
            output: snapshotOutput),
        ToolDefinition(
            name: "stop_app_sim",
            description: "Terminate an app, as `xcrun simctl terminate`: its memory goes, its data stays.",
            properties: [("bundleId", bundleId("The app to terminate."))] + device, required: ["bundleId"],
            output: object(["stopped": ["type": "boolean"]], required: ["stopped"])),
        ToolDefinition(
            name: "snapshot_ui",
            description:
                "The foreground app's screen (or the named app's last screen) as elements with refs, ids, texts and frames.",
            properties: [
                ("bundleId", bundleId("Inspect this app's current screen instead of the foreground app's.")),
                ("sinceScreenHash", string("A screenHash from an earlier snapshot: unchanged, only it comes back.")),
            ] + device, required: [], output: snapshotOutput),
        ToolDefinition(
            name: "tap",
            description:
                "Tap an element by id (Android: resourceId), exact label, elementRef from the last snapshot, or point; returns the new screen.",
            properties: [
                ("id", string("The element's id (Android worlds: its resourceId).")),
                ("label", string("The exact label or title of a button or row.")),
                ("elementRef", string("A ref (e1, e2, …) from the last snapshot.")),
                ("x", number("A point's x, in points on the 390×844 screen.")),
                ("y", number("A point's y, in points on the 390×844 screen.")),
                ("bundleId", bundleId("The app to tap in (default: the foreground app).")),
            ] + device, required: [], output: snapshotOutput),
        ToolDefinition(
            name: "type_text",
            description: "Type text into the named field, else the focused one (the last tapped field).",
            properties: [
                ("text", string("The text to type; it replaces what the field held.")),
                ("id", string("The field's id (Android worlds: its resourceId).")),
                ("bundleId", bundleId("The app to type in (default: the foreground app).")),
            ] + device, required: ["text"], output: snapshotOutput),
        ToolDefinition(
            name: "swipe",
            description:
                "Swipe on the screen: every element of a simulated screen is reachable, so this changes nothing.",
            properties: gesture, required: ["direction"], output: snapshotOutput),
        ToolDefinition(
            name: "scroll",
            description:
                "Scroll the screen: every element of a simulated screen is reachable, so this changes nothing.",
            properties: gesture, required: ["direction"], output: snapshotOutput),
        ToolDefinition(
            name: "wait_for_ui",
            description:
                "Advance the simulated clock 1 s at a time, letting background work run, until a predicate holds.",
            properties: [
                ("id", string("The element's id (Android worlds: its resourceId).")),
                ("text", string("A text the screen (or the element) shows.")),
                (
                    "predicate",
                    [
                        "type": "string", "enum": ["exists", "gone", "enabled", "textContains"],
                        "description": "exists, gone, enabled or textContains.",
                    ]
                ),
                (
                    "timeoutSeconds",
                    [
                        "type": "integer", "minimum": 0, "maximum": 3600,
                        "description": "Simulated seconds to wait at most (default 30).",
                    ]
                ),
                ("bundleId", bundleId("The app to watch (default: the foreground app).")),
            ] + device, required: ["predicate"], output: snapshotOutput),
        ToolDefinition(
            name: "screenshot",
            description: "A PNG of the phone showing the foreground app's screen (780×1688 pixels).",
            properties: [("bundleId", bundleId("Show this app's current screen instead."))] + device, required: [],
            output: nil),
        ToolDefinition(
            name: "open_url",
            description:
                "Open a link as the OS does: the app registering its scheme receives it; returns that app's screen.",
            properties: [("url", string("The link, e.g. pubkyauth://… or bitkit://…."))] + device, required: ["url"],
            output: snapshotOutput),
        ToolDefinition(
            name: "button", description: "Press a hardware button: home sends the foreground app to the background.",
            properties: [("name", ["type": "string", "enum": ["home"], "description": "home."])] + device,
            required: ["name"], output: object([:], required: [])),
        ToolDefinition(
            name: "sim_setup",
            description:
                "Run scenario-language steps in the world, as `simctl journey run --setup`; returns their bindings.",
            properties: [
                ("steps", string("Scenario-language lines (Docs/scenarios.md), one per line or separated by `;`."))
            ],
            required: ["steps"],
            output: object(
                ["bindings": ["type": "object", "additionalProperties": ["type": "string"]]], required: ["bindings"])),
        ToolDefinition(
            name: "sim_journal", description: "The world's journal, as `simctl journal --json`.",
            properties: [
                (
                    "last",
                    ["type": "integer", "minimum": 1, "description": "Only the last N entries (after the filters)."]
                ),
                ("app", string("Only this app's entries: bitkit, ring or simctl.")),
                ("event", string("Only this event: keychain, sharing, backend, toast, navigation, lifecycle, …")),
            ], required: [],
            output: object(
                ["entries": ["type": "array", "items": ["type": "object"]], "malformedLines": ["type": "integer"]],
                required: ["entries"])),
        ToolDefinition(
            name: "sim_audit",
            description: "Check the contract's invariants over the journal and the world, as `simctl audit --json`.",
            properties: [], required: [], output: ["type": "object"]),
        ToolDefinition(
            name: "sim_fault",
            description: "Add or clear forced keychain statuses, as `simctl fault add|clear`; returns the fault table.",
            properties: [
                (
                    "action",
                    ["type": "string", "enum": ["add", "clear", "list"], "description": "add, clear or list."]
                ),
                (
                    "app",
                    ["type": "string", "enum": ["bitkit", "ring"], "description": "add: the app whose calls fail."]
                ),
                (
                    "op",
                    [
                        "type": "string", "enum": ["read", "write", "delete", "list"],
                        "description": "add: the operation.",
                    ]
                ),
                ("group", string("add: shared (default), bitkit, ring or an access group id.")),
                ("account", string("add: an account glob, e.g. app.pubkyring:*.")),
                ("status", ["type": "integer", "description": "add: the OSStatus to answer, e.g. -25308."]),
                ("count", ["type": "integer", "minimum": 1, "description": "add: only this many calls."]),
            ], required: ["action"], output: ["type": "object"]),
        ToolDefinition(
            name: "sim_status", description: "The device, its network and its apps, as `simctl status --json`.",
            properties: [], required: [], output: ["type": "object"]),
    ]

    /// The tool named `name`.
    public static func tool(_ name: String) -> ToolDefinition? { tools.first { $0.name == name } }

    // MARK: Schemas

    private static let device: [(String, JSONValue)] = [
        ("simulatorId", string("Ignored: this phone is the only one (`booted`).")),
        ("udid", string("Ignored: this phone is the only one (`booted`).")),
    ]

    private static let gesture: [(String, JSONValue)] =
        [
            (
                "direction",
                ["type": "string", "enum": ["up", "down", "left", "right"], "description": "up, down, left or right."]
            ),
            ("id", string("The element to swipe on.")),
            ("bundleId", bundleId("The app (default: the foreground app).")),
        ] + device

    private static func string(_ description: String) -> JSONValue {
        ["type": "string", "description": .string(description)]
    }

    private static func number(_ description: String) -> JSONValue {
        ["type": "number", "description": .string(description)]
    }

    private static func bundleId(_ description: String) -> JSONValue {
        ["type": "string", "description": .string(description + " to.bitkit (Android: its package) or app.pubkyring.")]
    }

    private static func object(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return .object(schema)
    }

    private static let element: JSONValue = [
        "type": "object",
        "properties": [
            "ref": ["type": "string"], "role": ["type": "string"], "id": ["type": "string"],
            "resourceId": ["type": "string"], "enabled": ["type": "boolean"],
            "frame": [
                "type": "object",
                "properties": [
                    "x": ["type": "integer"], "y": ["type": "integer"], "width": ["type": "integer"],
                    "height": ["type": "integer"],
                ],
                "required": ["x", "y", "width", "height"],
            ],
            "children": ["type": "array", "items": ["type": "object"]],
        ],
        "required": ["ref", "role", "enabled", "frame"],
    ]

    static let snapshotOutput = object(
        [
            "app": ["type": "string"], "screen": ["type": "string"], "screenHash": ["type": "string"],
            "elements": ["type": "array", "items": element], "targets": ["type": "array", "items": ["type": "string"]],
            "toasts": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "type": ["type": "string"], "title": ["type": "string"], "text": ["type": "string"],
                        "id": ["type": "string"],
                    ],
                    "required": ["type", "title", "text"],
                ],
            ],
            "alerts": ["type": "array"], "unchanged": ["type": "boolean"], "satisfied": ["type": "boolean"],
            "waitedSeconds": ["type": "integer"], "receivedBy": ["type": "string"],
        ], required: ["screenHash"])

    private static let listSimsOutput = object(
        [
            "udid": ["type": "string"], "name": ["type": "string"],
            "platform": ["type": "string", "enum": ["ios", "android"]], "state": ["type": "string"],
            "apps": [
                "type": "array",
                "items": object(
                    [
                        "bundleId": ["type": "string"], "installed": ["type": "boolean"],
                        "running": ["type": "boolean"],
                        "foreground": ["type": "boolean"],
                    ], required: ["bundleId", "installed", "running", "foreground"]),
            ],
        ], required: ["udid", "name", "platform", "state", "apps"])
}
