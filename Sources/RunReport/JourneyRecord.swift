import AppSupport

/// What a journey run's page shows (`simctl journey run --html DIR`): the journey, and every action
/// with its prose, its status, what the screen showed, and both phones after it.
public struct JourneyRecord: Sendable {
    public struct Action: Sendable {
        public var index: String
        public var text: String
        public var app: String
        /// `held`, `did-not-hold`, `timing`, `person`, `skipped`, `not-performable`, `crashed`, `not-run`.
        public var status: String
        /// The status in words (`did not hold`).
        public var words: String
        public var detail: String?
        /// Each phone's last screen after the action, when it has shown one.
        public var phones: [Phone: Screen]
        /// The placeholders the action used, `(name, value)` in name order.
        public var bindings: [(name: String, value: String)]
        /// A check over a set: each member and how it fared.
        public var members: [(member: String, held: Bool, detail: String?)]

        public init(
            index: String, text: String, app: String, status: String, words: String, detail: String?,
            phones: [Phone: Screen], bindings: [(name: String, value: String)] = [],
            members: [(member: String, held: Bool, detail: String?)] = []
        ) {
            self.index = index
            self.text = text
            self.app = app
            self.status = status
            self.words = words
            self.detail = detail
            self.phones = phones
            self.bindings = bindings
            self.members = members
        }

        var failed: Bool { ["did-not-hold", "not-performable", "crashed"].contains(status) }
    }

    public var name: String
    public var file: String
    public var platform: String
    public var passed: Bool
    public var summary: String
    public var actions: [Action]

    public init(name: String, file: String, platform: String, passed: Bool, summary: String, actions: [Action]) {
        self.name = name
        self.file = file
        self.platform = platform
        self.passed = passed
        self.summary = summary
        self.actions = actions
    }
}

/// A journey run's page: the journey's name and result, then one section per action (its prose kept
/// as written, its status, the detail) with both phones as they were after it.
enum JourneyPage {
    static func html(_ record: JourneyRecord) -> String {
        var body = "<header><h1>Journey: \(HTMLText.escape(record.name))</h1>\n"
        body +=
            "<p><span class=\"badge \(record.passed ? "pass" : "fail")\">\(record.passed ? "PASSED" : "FAILED")</span> "
        body += "\(HTMLText.escape(record.file)) · \(HTMLText.escape(record.platform)) · "
        body += "\(HTMLText.escape(record.summary))</p></header>\n"
        for (ordinal, action) in record.actions.enumerated() {
            let id = "action-" + action.index.replacingOccurrences(of: ".", with: "-")
            body +=
                "<section class=\"step\(action.failed ? " failed" : "")\" id=\"\(id)\" aria-labelledby=\"\(id)-h\">\n"
            body += "<div class=\"step-head\"><h2 id=\"\(id)-h\">Action \(HTMLText.escape(action.index))"
            body += " <span class=\"badge \(action.failed ? "fail" : "pass")\">\(HTMLText.escape(action.words))</span>"
            body += "</h2><span class=\"command\">\(HTMLText.escape(action.text))</span>"
            body += "<span class=\"location\">\(HTMLText.escape(action.app))</span></div>\n"
            if let detail = action.detail {
                body += "<ul class=\"remarks\"><li>\(HTMLText.escape(detail))</li></ul>\n"
            }
            if !action.bindings.isEmpty {
                body += "<dl class=\"bindings\">"
                for binding in action.bindings {
                    body +=
                        "<dt>&lt;\(HTMLText.escape(binding.name))&gt;</dt><dd>\(HTMLText.escape(binding.value))</dd>"
                }
                body += "</dl>\n"
            }
            if !action.members.isEmpty {
                body += "<ul class=\"members\">"
                for member in action.members {
                    body += "<li class=\"\(member.held ? "pass" : "fail")\">\(HTMLText.escape(member.member)): "
                    body += member.held ? "held" : "did not hold"
                    if let detail = member.detail { body += " — \(HTMLText.escape(detail))" }
                    body += "</li>"
                }
                body += "</ul>\n"
            }
            if action.status != "not-run", !action.phones.isEmpty {
                body += "<div class=\"panes\">\n"
                for phone in Phone.allCases {
                    body += "<div class=\"pane pane-\(phone.rawValue)\">\n"
                    body += PhoneFrame.html(
                        phone, state: PhoneState(screen: action.phones[phone]), device: DeviceStatus(lock: "unlocked"),
                        acted: action.app == phone.rawValue, step: ordinal + 1)
                    body += "</div>\n"
                }
                body += "</div>\n"
            }
            body += "</section>\n"
        }
        return PageShell.document(title: "Journey: \(record.name)", body: body)
    }
}
