import AppSupport

/// Lays an app's `Screen` out on a 390×844 point phone screen, as the run report's phone frame shows
/// it (Docs/reports.md): the status bar with the lock state, the route, the title, texts, identified
/// elements, rows with captions and pills, buttons, a sheet laid over the screen from the bottom, and
/// toasts on top. The layout is a pure function of its input — text widths come from a fixed model,
/// never from the fonts installed — so the same screen always gets the same frames (spec/10 §3.3),
/// and `PhonePainter` draws exactly what it lays out.
public struct PhoneLayout: Sendable {
    public static let width = 390
    public static let height = 844
    static let margin = 16
    static let statusBarHeight = 44

    /// What the screen is shown with besides the app's screen.
    public struct Status: Sendable, Equatable {
        /// `Bitkit`, `Pubky Ring`.
        public var appName: String
        /// `bitkit` or `ring`: the accent colour.
        public var app: String
        /// The device's lock state as the report words it (`Unlocked`, `Locked`, `Never unlocked`).
        public var lock: String
        public var locked: Bool
        public var offline: Bool

        public init(appName: String, app: String, lock: String, locked: Bool, offline: Bool) {
            self.appName = appName
            self.app = app
            self.lock = lock
            self.locked = locked
            self.offline = offline
        }
    }

    /// The laid-out elements, in document order (children inside their parents).
    public let nodes: [PhoneNode]
    /// What to paint, back to front.
    public let paints: [Paint]

    /// Lays out `screen`; `focused` is the id of the field that has the keyboard's focus.
    public init(_ screen: Screen, status: Status, focused: String? = nil) {
        var builder = Builder(accent: status.app == "ring" ? Color.ring : Color.bitkit, focused: focused)
        builder.statusBar(status)
        builder.content(screen)
        if let sheet = screen.sheet { builder.sheet(sheet) }
        builder.toasts(screen.toasts)
        builder.bezel()
        nodes = builder.nodes
        paints = builder.paints
    }
}

/// One element of the laid-out screen, with what an agent reads of it.
public struct PhoneNode: Sendable, Equatable {
    public enum Role: String, Sendable, CaseIterable {
        case button, row, text, field, toggle, spinner, image, container, toast
    }

    public var role: Role
    /// The iOS accessibility id (Bitkit) or React Native testID (Ring).
    public var id: String?
    public var testTag: TestTag
    public var label: String?
    public var title: String?
    public var caption: String?
    public var text: String?
    public var value: String?
    public var enabled: Bool
    public var focused: Bool
    public var frame: Frame
    public var children: [PhoneNode]

    init(
        role: Role, id: String? = nil, testTag: TestTag = .notApplicable, label: String? = nil,
        title: String? = nil, caption: String? = nil, text: String? = nil, value: String? = nil,
        enabled: Bool = true, focused: Bool = false, frame: Frame, children: [PhoneNode] = []
    ) {
        self.role = role
        self.id = id
        self.testTag = testTag
        self.label = label
        self.title = title
        self.caption = caption
        self.text = text
        self.value = value
        self.enabled = enabled
        self.focused = focused
        self.frame = frame
        self.children = children
    }

    /// Whether a tap on it does something an agent may ask for: enabled and actionable.
    public var isTarget: Bool { enabled && [.button, .row, .field, .toggle].contains(role) }
}

/// A rectangle in points, origin top left.
public struct Frame: Sendable, Equatable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= Double(x) && px < Double(x + width) && py >= Double(y) && py < Double(y + height)
    }
}

/// An sRGB colour, 0–255 per channel.
public struct Color: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: Double = 1

    init(_ hex: UInt32, alpha: Double = 1) {
        red = UInt8((hex >> 16) & 0xff)
        green = UInt8((hex >> 8) & 0xff)
        blue = UInt8(hex & 0xff)
        self.alpha = alpha
    }

    // The report's palette (ReportStyle).
    static let ink = Color(0x1d1d1f)
    static let muted = Color(0x55555f)
    static let line = Color(0xc9c9d2)
    static let soft = Color(0xf4f4f6)
    static let white = Color(0xffffff)
    static let bad = Color(0xc62828)
    static let bitkit = Color(0xd9480f)
    static let ring = Color(0x6741d9)
    static let bezel = Color(0x202024)
    static let pill = Color(0xede9fe)
    static let pillText = Color(0x3b0764)
    static let disabled = Color(0xd4d4d8)
    static let disabledText = Color(0x3f3f46)
    static let focus = Color(0x0b57d0)
    static let scrim = Color(0x141418, alpha: 0.45)

    static func toast(_ kind: Toast.Kind) -> Color {
        switch kind {
        case .success: Color(0x15803d)
        case .info: Color(0x1d4ed8)
        case .warning: Color(0xa16207)
        case .error: Color(0xb91c1c)
        }
    }
}

/// One thing to paint, in points.
public enum Paint: Sendable, Equatable {
    case fill(Frame, radius: Int, Color)
    case stroke(Frame, radius: Int, Color, width: Double, dashed: Bool)
    /// A line of text whose baseline starts at (`x`, `baseline`).
    case text(String, x: Int, baseline: Int, size: Int, bold: Bool, Color)
    /// A loading indicator: an open circle centred in the frame.
    case spinner(Frame, Color)
    /// Everything of the screen outside the rounded frame (the phone's bezel).
    case outside(Frame, radius: Int, Color)
}

/// Lays out top to bottom, collecting nodes and paints.
private struct Builder {
    let accent: Color
    let focused: String?
    var nodes: [PhoneNode] = []
    var paints: [Paint] = []
    var y = PhoneLayout.statusBarHeight + 8
    let left = PhoneLayout.margin
    let inner = PhoneLayout.width - 2 * PhoneLayout.margin

    init(accent: Color, focused: String?) {
        self.accent = accent
        self.focused = focused
        paints.append(.fill(Frame(x: 0, y: 0, width: PhoneLayout.width, height: PhoneLayout.height), radius: 0, .white))
    }

    mutating func statusBar(_ status: PhoneLayout.Status) {
        let baseline = 28
        paints.append(.text(status.appName, x: 28, baseline: baseline, size: 15, bold: true, accent))
        var right = status.lock
        if status.offline { right = "Offline · " + right }
        let size = 14
        let x = PhoneLayout.width - 28 - TextModel.width(right, size: size, bold: true)
        paints.append(
            .text(
                right, x: x, baseline: baseline, size: size, bold: true, status.locked || status.offline ? .bad : .ink))
    }

    mutating func content(_ screen: Screen) {
        let route = screen.stack.count > 1 ? screen.stack.joined(separator: " › ") : screen.route
        y += textBlock(route, x: left, width: inner, size: 12, bold: false, color: .muted) + 4
        if let title = screen.title {
            let height = textBlock(title, x: left, width: inner, size: 26, bold: true, color: .ink)
            nodes.append(
                PhoneNode(role: .text, text: title, frame: Frame(x: left, y: y, width: inner, height: height)))
            y += height + 10
        }
        nodes += texts(screen.texts, width: inner)
        nodes += elements(screen.elements, width: inner)
        nodes += rows(screen.rows, width: inner)
        nodes += buttons(screen.buttons, width: inner)
    }

    mutating func sheet(_ sheet: Screen.Sheet) {
        // Measure first by laying out into a scratch builder at y 0, then shift into place.
        var scratch = Builder(accent: accent, focused: focused)
        scratch.paints = []
        scratch.y = 14
        let titleHeight = scratch.textBlock(sheet.title, x: left, width: inner, size: 19, bold: true, color: .ink)
        scratch.y += titleHeight + 8
        var children = scratch.texts(sheet.texts, width: inner)
        children += scratch.elements(sheet.elements, width: inner)
        children += scratch.rows(sheet.rows, width: inner)
        children += scratch.texts(sheet.footer ?? [], width: inner)
        children += scratch.buttons(sheet.buttons, width: inner)
        let height = scratch.y + 18
        let top = max(PhoneLayout.statusBarHeight + 60, PhoneLayout.height - height)
        let panel = Frame(x: 0, y: top, width: PhoneLayout.width, height: max(height, PhoneLayout.height - top))
        paints.append(
            .fill(Frame(x: 0, y: 0, width: PhoneLayout.width, height: PhoneLayout.height), radius: 0, .scrim))
        paints.append(.fill(panel, radius: 22, .white))
        paints.append(.fill(Frame(x: PhoneLayout.width / 2 - 20, y: top + 6, width: 40, height: 5), radius: 3, .line))
        paints += scratch.paints.map { $0.shifted(by: top) }
        nodes.append(
            PhoneNode(
                role: .container, id: sheet.id, testTag: .notApplicable, title: sheet.title, frame: panel,
                children: children.map { $0.shifted(by: top) }))
    }

    mutating func toasts(_ toasts: [Toast]) {
        var top = PhoneLayout.statusBarHeight + 4
        let width = PhoneLayout.width - 2 * 10
        for toast in toasts {
            var lines = TextModel.wrap(
                toast.type.rawValue.uppercased() + "  " + toast.title, size: 14, bold: true, width: width - 24)
            let body = toast.description.map { TextModel.wrap($0, size: 13, bold: false, width: width - 24) } ?? []
            let height = 14 + lines.count * 19 + body.count * 17
            let frame = Frame(x: 10, y: top, width: width, height: height)
            paints.append(.fill(frame, radius: 12, Color.toast(toast.type)))
            var baseline = top + 7 + 15
            for line in lines {
                paints.append(.text(line, x: 22, baseline: baseline, size: 14, bold: true, .white))
                baseline += 19
            }
            lines = body
            for line in lines {
                paints.append(.text(line, x: 22, baseline: baseline - 2, size: 13, bold: false, .white))
                baseline += 17
            }
            nodes.append(
                PhoneNode(
                    role: .toast, id: toast.id, testTag: toast.testTag, title: toast.title, text: toast.description,
                    value: toast.type.rawValue, frame: frame))
            top += height + 6
        }
    }

    /// A thin dark bezel over the screen's edge and corners, as the report's phone frame.
    mutating func bezel() {
        let display = Frame(x: 6, y: 6, width: PhoneLayout.width - 12, height: PhoneLayout.height - 12)
        paints.append(.outside(display, radius: 40, .bezel))
    }

    // MARK: Parts

    mutating func texts(_ texts: [String], width: Int) -> [PhoneNode] {
        texts.map { text in
            let height = textBlock(text, x: left, width: width, size: 15, bold: false, color: .ink)
            let node = PhoneNode(role: .text, text: text, frame: Frame(x: left, y: y, width: width, height: height))
            y += height + 8
            return node
        }
    }

    mutating func elements(_ elements: [Screen.Element], width: Int) -> [PhoneNode] {
        elements.map { element in
            let role = ElementRoles.role(of: element)
            switch role {
            case .spinner:
                let frame = Frame(x: left, y: y, width: 28, height: 28)
                paints.append(.spinner(frame, accent))
                y += 36
                return PhoneNode(role: .spinner, id: element.id, testTag: element.testTag, frame: frame)
            case .field:
                let isFocused = focused == element.id
                let value = element.text ?? ""
                let lines = TextModel.wrap(value.isEmpty ? " " : value, size: 15, bold: false, width: width - 24)
                let frame = Frame(x: left, y: y, width: width, height: 20 + lines.count * 20)
                paints.append(.fill(frame, radius: 10, .soft))
                paints.append(
                    .stroke(frame, radius: 10, isFocused ? .focus : .line, width: isFocused ? 2 : 1, dashed: false))
                var baseline = y + 10 + 15
                for line in lines {
                    paints.append(.text(line, x: left + 12, baseline: baseline, size: 15, bold: false, .ink))
                    baseline += 20
                }
                y += frame.height + 8
                return PhoneNode(
                    role: .field, id: element.id, testTag: element.testTag, value: value, focused: isFocused,
                    frame: frame)
            case .container:
                // A container holds what follows it; it takes no room of its own.
                return PhoneNode(
                    role: .container, id: element.id, testTag: element.testTag,
                    frame: Frame(x: 0, y: y, width: PhoneLayout.width, height: max(0, PhoneLayout.height - y)))
            default:
                let text = element.text ?? ""
                let height = textBlock(text, x: left, width: width, size: 15, bold: true, color: .ink)
                let frame = Frame(x: left, y: y, width: width, height: height)
                y += height + 8
                return PhoneNode(role: .text, id: element.id, testTag: element.testTag, text: text, frame: frame)
            }
        }
    }

    mutating func rows(_ rows: [Screen.Row], width: Int) -> [PhoneNode] {
        rows.map { row in
            let top = y
            let textWidth = width - 24 - (row.spinner == nil ? 0 : 34)
            var inner = top + 10
            var paintsInside: [Paint] = []
            let titleColor: Color = row.disabled ? .muted : .ink
            for line in TextModel.wrap(row.title, size: 15, bold: true, width: textWidth) {
                paintsInside.append(.text(line, x: left + 12, baseline: inner + 15, size: 15, bold: true, titleColor))
                inner += 20
            }
            if let caption = row.caption {
                for line in TextModel.wrap(caption, size: 13, bold: false, width: textWidth) {
                    paintsInside.append(.text(line, x: left + 12, baseline: inner + 13, size: 13, bold: false, .muted))
                    inner += 17
                }
            }
            if !row.pills.isEmpty {
                var x = left + 12
                inner += 4
                for pill in row.pills {
                    let pillWidth = TextModel.width(pill, size: 12, bold: false) + 16
                    if x + pillWidth > left + width - 12, x > left + 12 {
                        x = left + 12
                        inner += 24
                    }
                    paintsInside.append(.fill(Frame(x: x, y: inner, width: pillWidth, height: 20), radius: 10, .pill))
                    paintsInside.append(.text(pill, x: x + 8, baseline: inner + 14, size: 12, bold: false, .pillText))
                    x += pillWidth + 6
                }
                inner += 22
            }
            var children: [PhoneNode] = []
            if let button = row.button {
                inner += 6
                let buttonWidth = TextModel.width(button, size: 14, bold: true) + 28
                let frame = Frame(x: left + 12, y: inner, width: buttonWidth, height: 32)
                paintsInside.append(.fill(frame, radius: 16, row.disabled ? .disabled : accent))
                paintsInside.append(
                    .text(
                        button, x: frame.x + 14, baseline: frame.y + 21, size: 14, bold: true,
                        row.disabled ? .disabledText : .white))
                let part = row.style == "dashed" ? "-UseButton" : "-ActionButton"
                children.append(
                    PhoneNode(
                        role: .button, id: row.id + part, testTag: .notApplicable, label: button,
                        enabled: !row.disabled, frame: frame))
                inner += 32
            }
            if row.disabled {
                paintsInside.append(
                    .text(
                        "disabled", x: left + width - 12 - TextModel.width("disabled", size: 12, bold: true),
                        baseline: top + 22, size: 12, bold: true, .muted))
            }
            let frame = Frame(x: left, y: top, width: width, height: inner - top + 10)
            if let spinner = row.spinner {
                let spinnerFrame = Frame(x: left + width - 40, y: top + (frame.height - 28) / 2, width: 28, height: 28)
                paintsInside.append(.spinner(spinnerFrame, accent))
                children.append(PhoneNode(role: .spinner, id: spinner, testTag: spinnerTag(row), frame: spinnerFrame))
            }
            paints.append(.fill(frame, radius: 12, row.disabled ? .soft : .white))
            paints.append(
                .stroke(
                    frame, radius: 12, row.style == "dashed" ? accent : .line, width: row.style == "dashed" ? 2 : 1,
                    dashed: row.style == "dashed"))
            paints += paintsInside
            y = frame.y + frame.height + 8
            return PhoneNode(
                role: .row, id: row.id, testTag: row.testTag, title: row.title, caption: row.caption,
                value: row.pills.isEmpty ? nil : row.pills.joined(separator: ", "), enabled: !row.disabled,
                frame: frame, children: children)
        }
    }

    /// Bitkit's Android lookup spinner is one tag for every row (spec/08 §3.2); Ring's rows have none.
    private func spinnerTag(_ row: Screen.Row) -> TestTag {
        switch row.testTag {
        case .notApplicable: .notApplicable
        default: .tag("PubkyChoiceIdentityLookup")
        }
    }

    mutating func buttons(_ buttons: [Screen.Button], width: Int) -> [PhoneNode] {
        guard !buttons.isEmpty else { return [] }
        y += 4
        var x = left
        var nodes: [PhoneNode] = []
        for button in buttons {
            let labelWidth = min(TextModel.width(button.label, size: 15, bold: true), width - 32)
            let buttonWidth = labelWidth + 32
            if x + buttonWidth > left + width, x > left {
                x = left
                y += 48
            }
            let frame = Frame(x: x, y: y, width: buttonWidth, height: 40)
            let role: PhoneNode.Role = ElementRoles.isToggle(button.id) ? .toggle : .button
            paints.append(.fill(frame, radius: 20, button.disabled ? .disabled : accent))
            paints.append(
                .text(
                    TextModel.fit(button.label, size: 15, bold: true, width: labelWidth), x: x + 16,
                    baseline: y + 26, size: 15, bold: true, button.disabled ? .disabledText : .white))
            nodes.append(
                PhoneNode(
                    role: role, id: button.id, testTag: button.testTag, label: button.label,
                    value: role == .toggle ? ElementRoles.toggleValue(button.label) : nil, enabled: !button.disabled,
                    frame: frame))
            x += buttonWidth + 8
        }
        y += 48
        return nodes
    }

    /// Paints `text` wrapped to `width` at the current `y`; returns its height.
    mutating func textBlock(_ text: String, x: Int, width: Int, size: Int, bold: Bool, color: Color) -> Int {
        let lineHeight = size + size / 3 + 1
        var baseline = y + size
        var height = 0
        for line in TextModel.wrap(text, size: size, bold: bold, width: width) {
            paints.append(.text(line, x: x, baseline: baseline, size: size, bold: bold, color))
            baseline += lineHeight
            height += lineHeight
        }
        return height
    }
}

extension PhoneNode {
    func shifted(by dy: Int) -> PhoneNode {
        var node = self
        node.frame.y += dy
        node.children = children.map { $0.shifted(by: dy) }
        return node
    }
}

extension Paint {
    func shifted(by dy: Int) -> Paint {
        func move(_ frame: Frame) -> Frame {
            Frame(x: frame.x, y: frame.y + dy, width: frame.width, height: frame.height)
        }
        switch self {
        case .fill(let frame, let radius, let color): return .fill(move(frame), radius: radius, color)
        case .stroke(let frame, let radius, let color, let width, let dashed):
            return .stroke(move(frame), radius: radius, color, width: width, dashed: dashed)
        case .text(let text, let x, let baseline, let size, let bold, let color):
            return .text(text, x: x, baseline: baseline + dy, size: size, bold: bold, color)
        case .spinner(let frame, let color): return .spinner(move(frame), color)
        case .outside(let frame, let radius, let color): return .outside(move(frame), radius: radius, color)
        }
    }
}
