import Foundation

extension ScriptRun {
    /// Applies the catalogue's focus rule (spec/06 §0.3): the other app goes to the background,
    /// this one comes back first (its become-active path), unless the step is itself a lifecycle step.
    package mutating func bringToFront(_ app: String, command: String, package: String? = nil) throws -> [Any] {
        let other = app == "bitkit" ? "ring" : "bitkit"
        let otherTool: Tool = other == "bitkit" ? .bitkit : .ring
        let tool: Tool = app == "bitkit" ? .bitkit : .ring
        let inspection: Set<String> = ["state", "checkpoints", "keychain", "screen", "elements", "--help", "help"]
        if inspection.contains(command) { return [] }
        // Bitkit's package, when a step named one (several Bitkit flavours on Android).
        let otherPackage = other == "bitkit" ? bitkitPackage.map { ["--package", $0] } ?? [] : []
        if ["launch", "relaunch", "foreground"].contains(command) {
            if foreground == other { try quietly(otherTool, otherPackage + ["background"]) }
            if foreground == app, app == "bitkit", bitkitPackage != package, let previous = bitkitPackage {
                try quietly(.bitkit, ["--package", previous, "background"])
            }
            foreground = app
            if app == "bitkit" { bitkitPackage = package }
            return []
        }
        if command == "background" || command == "kill" {
            if foreground == app { foreground = nil }
            return []
        }
        guard foreground != app || (app == "bitkit" && bitkitPackage != package) else { return [] }
        if foreground == other { try quietly(otherTool, otherPackage + ["background"]) }
        if foreground == app, let previous = bitkitPackage {
            try quietly(.bitkit, ["--package", previous, "background"])
        }
        foreground = app
        if app == "bitkit" { bitkitPackage = package }
        let result = try launch(tool, (package.map { ["--package", $0] } ?? []) + ["foreground"], background: false)
        guard result.status == 0 else {
            throw StepFailure(
                expected: "\(app) to come to the foreground", actual: "exit \(result.status): \(result.stderr)")
        }
        let screen = try ExpectationEvaluator.parseJSON(result.stdout) as? [String: Any]
        let toasts = screen?["toasts"] as? [Any] ?? []
        transcript.append(
            "    (\(app) comes to the foreground\(toasts.isEmpty ? "" : " and shows \(toasts.count) toast(s)"))")
        return toasts
    }

    package mutating func quietly(_ tool: Tool, _ arguments: [String]) throws {
        let result = try launch(tool, arguments, background: false)
        guard result.status == 0 else {
            throw StepFailure(
                expected: "`\(tool.rawValue) \(arguments.joined(separator: " "))` to run",
                actual: "exit \(result.status): \(result.stderr)")
        }
        transcript.append("    (\(tool.appName ?? tool.rawValue) goes to the background)")
    }
}
