import Scenarios

/// A catalogue scenario split as an exported journey sees it (spec/08 §4.3): the **setup part** —
/// the included steps and the leading setup-kind steps (an outside input such as a requester's link
/// among them) — becomes the journey's preconditions; the rest becomes its actions, in order. (A
/// later `auth-request` stays where it is: what it creates may depend on the steps before it.)
public struct CatalogueSplit: Sendable {
    public var setup: [Step]
    public var rest: [Step]

    public init(_ scenario: Scenario) {
        var setup: [Step] = []
        var rest: [Step] = []
        var leading = true
        for step in scenario.steps {
            if leading, step.file != scenario.file || Self.isSetupKind(step) {
                setup.append(step)
                continue
            }
            leading = false
            rest.append(step)
        }
        self.setup = setup
        self.rest = rest
    }

    /// World steps, inspections, `set`/`key`, Bitkit's wallet and Dev Settings, Ring's onboarding,
    /// create, import and sign-up (spec/08 §4.3 "Setup kinds"), and checks among them.
    static func isSetupKind(_ step: Step) -> Bool {
        switch step.kind {
        case .note, .key, .set, .bindKey, .focus, .expect: return true
        case .wait, .waitFor: return false
        case .run(let tool, let arguments, let background, _):
            guard !background, let first = arguments.first else { return false }
            switch tool {
            case .simctl:
                return ["world", "install", "backend", "auth-request", "keychain", "sharing", "journal", "status"]
                    .contains(first) && !(first == "backend" && arguments.dropFirst().first == "mine")
            case .bitkit:
                return first == "wallet" || (first == "settings" && arguments.dropFirst().first == "dev")
                    || ["state", "checkpoints", "keychain"].contains(first)
            case .ring:
                return (first == "onboarding" && arguments.dropFirst().first == "finish")
                    || ["create", "import", "signup", "state", "checkpoints", "keychain"].contains(first)
            }
        }
    }

}
