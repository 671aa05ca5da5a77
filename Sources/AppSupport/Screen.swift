/// What an app shows after an action: the snapshot every command prints, as text or `--json`
/// (documented in Docs/cli.md). Both apps fill the same shape so scenarios assert on one format.
public struct Screen: Codable, Sendable, Equatable {
    /// A list entry: a Pubky Choice row, a Ring card, an offer card.
    public struct Row: Codable, Sendable, Equatable {
        public var id: String
        /// Bitkit's Android testTag for the row (spec/08 §3.1).
        public var testTag: TestTag
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
        /// Whether the row spins in place of its key icon while an action runs for it (the Pubky
        /// Choice row being adopted, spec/09 §5.1); that spinner has no id. In JSON only when true.
        public var loading: Bool

        public init(
            id: String, testTag: TestTag = .notApplicable, title: String, caption: String? = nil, pills: [String] = [],
            button: String? = nil, disabled: Bool = false, style: String? = nil, spinner: String? = nil,
            loading: Bool = false
        ) {
            self.id = id
            self.testTag = testTag
            self.title = title
            self.caption = caption
            self.pills = pills
            self.button = button
            self.disabled = disabled
            self.style = style
            self.spinner = spinner
            self.loading = loading
        }

        public init(
            _ name: ElementName, title: String, caption: String? = nil, pills: [String] = [], button: String? = nil,
            disabled: Bool = false, style: String? = nil, spinner: String? = nil, loading: Bool = false
        ) {
            self.init(
                id: name.id, testTag: name.testTag, title: title, caption: caption, pills: pills, button: button,
                disabled: disabled, style: style, spinner: spinner, loading: loading)
        }

        enum CodingKeys: String, CodingKey {
            case id, testTag, title, caption, pills, button, disabled, style, spinner, loading
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            testTag = try TestTag.decode(from: container, forKey: .testTag)
            title = try container.decode(String.self, forKey: .title)
            caption = try container.decodeIfPresent(String.self, forKey: .caption)
            pills = try container.decode([String].self, forKey: .pills)
            button = try container.decodeIfPresent(String.self, forKey: .button)
            disabled = try container.decode(Bool.self, forKey: .disabled)
            style = try container.decodeIfPresent(String.self, forKey: .style)
            spinner = try container.decodeIfPresent(String.self, forKey: .spinner)
            loading = try container.decodeIfPresent(Bool.self, forKey: .loading) ?? false
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try testTag.encode(to: &container, forKey: .testTag)
            try container.encode(title, forKey: .title)
            try container.encodeIfPresent(caption, forKey: .caption)
            try container.encode(pills, forKey: .pills)
            try container.encodeIfPresent(button, forKey: .button)
            try container.encode(disabled, forKey: .disabled)
            try container.encodeIfPresent(style, forKey: .style)
            try container.encodeIfPresent(spinner, forKey: .spinner)
            if loading { try container.encode(true, forKey: .loading) }
        }
    }

    /// A tappable control with its accessibility id.
    public struct Button: Codable, Sendable, Equatable {
        public var id: String
        /// Bitkit's Android testTag for the control (spec/08 §3.1).
        public var testTag: TestTag
        public var label: String
        public var disabled: Bool
        /// Whether the control shows a loading indicator (written only when true).
        public var loading: Bool
        public init(
            id: String, testTag: TestTag = .notApplicable, label: String, disabled: Bool = false, loading: Bool = false
        ) {
            self.id = id
            self.testTag = testTag
            self.label = label
            self.disabled = disabled
            self.loading = loading
        }

        public init(_ name: ElementName, label: String, disabled: Bool = false, loading: Bool = false) {
            self.init(id: name.id, testTag: name.testTag, label: label, disabled: disabled, loading: loading)
        }

        enum CodingKeys: String, CodingKey { case id, testTag, label, disabled, loading }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            testTag = try TestTag.decode(from: container, forKey: .testTag)
            label = try container.decode(String.self, forKey: .label)
            disabled = try container.decode(Bool.self, forKey: .disabled)
            loading = try container.decodeIfPresent(Bool.self, forKey: .loading) ?? false
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try testTag.encode(to: &container, forKey: .testTag)
            try container.encode(label, forKey: .label)
            try container.encode(disabled, forKey: .disabled)
            if loading { try container.encode(true, forKey: .loading) }
        }
    }

    /// An identified element that is not a row or a button: a container, a field, a text that carries
    /// an id (a profile's name), a row's spinner (spec/08 §3.1 rule 2). `text` is nil for a container.
    public struct Element: Codable, Sendable, Equatable {
        public var id: String
        public var testTag: TestTag
        public var text: String?

        public init(_ name: ElementName, text: String? = nil) {
            self.id = name.id
            self.testTag = name.testTag
            self.text = text
        }

        enum CodingKeys: String, CodingKey { case id, testTag, text }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            testTag = try TestTag.decode(from: container, forKey: .testTag)
            text = try container.decodeIfPresent(String.self, forKey: .text)
        }

        /// `text` is always written (`null` for a container), as spec/08 §3.1 lays the field out.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try testTag.encode(to: &container, forKey: .testTag)
            try container.encode(text, forKey: .text)
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
        /// Identified containers and texts of the sheet, in display order.
        public var elements: [Element]
        public init(
            id: String, title: String, texts: [String] = [], rows: [Row] = [], footer: [String]? = nil,
            buttons: [Button] = [], elements: [Element] = []
        ) {
            self.id = id
            self.title = title
            self.texts = texts
            self.rows = rows
            self.footer = footer
            self.buttons = buttons
            self.elements = elements
        }

        enum CodingKeys: String, CodingKey { case id, title, texts, rows, footer, buttons, elements }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            texts = try container.decode([String].self, forKey: .texts)
            rows = try container.decode([Row].self, forKey: .rows)
            footer = try container.decodeIfPresent([String].self, forKey: .footer)
            buttons = try container.decode([Button].self, forKey: .buttons)
            elements = try container.decodeIfPresent([Element].self, forKey: .elements) ?? []
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
    /// Identified containers and texts of the screen (a profile's name, a row's spinner), in display
    /// order: what `expect … id` and journeys find besides rows and buttons.
    public var elements: [Element]

    public init(
        app: String, route: String, title: String? = nil, texts: [String] = [], rows: [Row] = [],
        buttons: [Button] = [],
        sheet: Sheet? = nil, toasts: [Toast] = [], stack: [String] = [], elements: [Element] = []
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
        self.elements = elements
    }

    enum CodingKeys: String, CodingKey {
        case app, route, title, texts, rows, buttons, sheet, toasts, stack, elements
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        app = try container.decode(String.self, forKey: .app)
        route = try container.decode(String.self, forKey: .route)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        texts = try container.decode([String].self, forKey: .texts)
        rows = try container.decode([Row].self, forKey: .rows)
        buttons = try container.decode([Button].self, forKey: .buttons)
        sheet = try container.decodeIfPresent(Sheet.self, forKey: .sheet)
        toasts = try container.decode([Toast].self, forKey: .toasts)
        stack = try container.decode([String].self, forKey: .stack)
        elements = try container.decodeIfPresent([Element].self, forKey: .elements) ?? []
    }

    /// Every identifier shown: rows, their spinners, buttons, elements, the sheet's rows, buttons and
    /// elements, and the toasts' ids — what `expect … id ID` looks for.
    public var identifiers: [ElementIdentity] {
        var all: [ElementIdentity] = []
        func add(_ rows: [Row]) {
            for row in rows {
                all.append(
                    ElementIdentity(
                        id: row.id, testTag: row.testTag, disabled: row.disabled,
                        texts: [row.title] + [row.caption].compactMap { $0 }))
            }
        }
        func add(_ buttons: [Button]) {
            all += buttons.map {
                ElementIdentity(id: $0.id, testTag: $0.testTag, disabled: $0.disabled, texts: [$0.label])
            }
        }
        func add(_ elements: [Element]) {
            all += elements.map {
                ElementIdentity(id: $0.id, testTag: $0.testTag, disabled: false, texts: [$0.text].compactMap { $0 })
            }
        }
        add(elements)
        add(rows)
        add(buttons)
        if let sheet {
            add(sheet.elements)
            add(sheet.rows)
            add(sheet.buttons)
        }
        for toast in toasts {
            if let id = toast.id {
                all.append(
                    ElementIdentity(
                        id: id, testTag: toast.testTag, disabled: false,
                        texts: [toast.title] + [toast.description].compactMap { $0 }))
            }
        }
        return all
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
        try container.encode(elements, forKey: .elements)
    }
}
