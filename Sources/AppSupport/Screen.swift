/// What an app shows after an action: the snapshot every command prints, as text or `--json`
/// (documented in Docs/cli.md). Both apps fill the same shape so scenarios assert on one format.
public struct Screen: Codable, Sendable, Equatable {
    /// A list entry: a Pubky Choice row, a Ring card, an offer card.
    public struct Row: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var caption: String?
        public var pills: [String]
        /// The main button's label, if the row has one.
        public var button: String?
        public var disabled: Bool
        /// `dashed` for Ring's offer cards.
        public var style: String?
        /// The id of the spinner shown in place of the row's avatar while something loads for it
        /// (Pubky Choice's row lookups: `PubkyChoiceRingLookup_<pubky>`); nil when none.
        public var spinner: String?

        public init(
            id: String, title: String, caption: String? = nil, pills: [String] = [], button: String? = nil,
            disabled: Bool = false, style: String? = nil, spinner: String? = nil
        ) {
            self.id = id
            self.title = title
            self.caption = caption
            self.pills = pills
            self.button = button
            self.disabled = disabled
            self.style = style
            self.spinner = spinner
        }
    }

    /// A tappable control with its accessibility id.
    public struct Button: Codable, Sendable, Equatable {
        public var id: String
        public var label: String
        public var disabled: Bool
        public init(id: String, label: String, disabled: Bool = false) {
            self.id = id
            self.label = label
            self.disabled = disabled
        }
    }

    /// A sheet or dialog shown over the screen.
    public struct Sheet: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        /// The texts above the rows, in display order.
        public var texts: [String]
        public var rows: [Row]
        /// The texts below the rows (a warning, a key card), in display order; nil (left out of the
        /// JSON) for sheets with nothing there.
        public var footer: [String]?
        public var buttons: [Button]
        public init(
            id: String, title: String, texts: [String] = [], rows: [Row] = [], footer: [String]? = nil,
            buttons: [Button] = []
        ) {
            self.id = id
            self.title = title
            self.texts = texts
            self.rows = rows
            self.footer = footer
            self.buttons = buttons
        }
    }

    /// `bitkit` or `ring`.
    public var app: String
    /// The route shown, e.g. `pubkyChoice`, `home`, `createProfile`.
    public var route: String
    public var title: String?
    /// Headline, description and body texts, in display order.
    public var texts: [String]
    public var rows: [Row]
    public var buttons: [Button]
    public var sheet: Sheet?
    /// Toasts raised during the action, in order.
    public var toasts: [Toast]
    /// The navigation path, root first.
    public var stack: [String]

    public init(
        app: String, route: String, title: String? = nil, texts: [String] = [], rows: [Row] = [],
        buttons: [Button] = [],
        sheet: Sheet? = nil, toasts: [Toast] = [], stack: [String] = []
    ) {
        self.app = app
        self.route = route
        self.title = title
        self.texts = texts
        self.rows = rows
        self.buttons = buttons
        self.sheet = sheet
        self.toasts = toasts
        self.stack = stack
    }

    enum CodingKeys: String, CodingKey {
        case app, route, title, texts, rows, buttons, sheet, toasts, stack
    }

    /// As documented (Docs/cli.md): `"sheet": null` when no sheet is shown, so "no sheet" is a value a
    /// check can read rather than a missing field.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(app, forKey: .app)
        try container.encode(route, forKey: .route)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(texts, forKey: .texts)
        try container.encode(rows, forKey: .rows)
        try container.encode(buttons, forKey: .buttons)
        try container.encode(sheet, forKey: .sheet)
        try container.encode(toasts, forKey: .toasts)
        try container.encode(stack, forKey: .stack)
    }
}
