import AppCommands
import BitkitApp
import ContractNames
import Foundation
import SimCLI

/// `state`, `checkpoints` and `elements`: inspection, never an app action.
enum StateCommands {
    static let all = [state, checkpoints, elements]

    struct Element: Encodable {
        var id: String
        var testTag: String?

        enum CodingKeys: String, CodingKey { case id, testTag }

        /// `testTag` is written `null` where Android tags nothing, as on screens.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(testTag, forKey: .testTag)
        }
    }

    static let elements = Command(
        "elements",
        summary: "List every element id Bitkit's screens can show, with its Android testTag (spec/08 §3.2).",
        details: """
            Dynamic parts are written as the apps build them (`PubkyChoiceRing_<z32>`); `Sim…` ids are the \
            simulator's own where the real app sets none. A journey addresses `id` on iOS and `testTag` on Android.
            """,
        examples: ["bitkit-sim elements", "bitkit-sim elements --json"]
    ) { args, invocation in
        try args.finish()
        let list = BitkitElements.catalogue.map { Element(id: $0.id, testTag: $0.testTag.value) }
        let width = (list.map(\.id.count).max() ?? 0) + 2
        let text = list.map { element in
            element.id.padding(toLength: width, withPad: " ", startingAt: 0) + (element.testTag ?? "(no testTag)")
        }
        try invocation.emit(["elements": list], text: text.joined(separator: "\n"))
    }

    static let state = Command(
        "state", summary: "Print what Bitkit stores where and what it holds in memory (never a secret).",
        details: "See Docs/cli-bitkit.md for the --json shape.", examples: ["bitkit-sim state --json"]
    ) { args, invocation in
        try args.finish()
        let snapshot = try BitkitRunner.app(invocation).state()
        try invocation.emit(snapshot, text: StateText.render(snapshot))
    }

    static let checkpoints = CheckpointsCommand.command(
        Bitkit.self, tool: "bitkit-sim",
        examples: ["bitkit-sim checkpoints", "simctl break bitkit bitkit.pick.before-sign-in"])
}

/// The text form of `state`.
enum StateText {
    static func render(_ state: BitkitStateSnapshot) -> String {
        let identity = state.identity
        func yes(_ value: Bool) -> String { value ? "yes" : "no" }
        var lines: [String] = []
        lines.append(
            "Bitkit (\(state.installed.network) build, own prefix \(state.installed.ownPrefix), "
                + "private group \(state.installed.privateGroup))")
        let route: String = state.route.map { ", on \($0)" } ?? ""
        lines.append("Running: \(yes(state.running))" + route)
        lines.append("Stack: " + (state.stack.isEmpty ? "-" : state.stack.joined(separator: " › ")))
        let paykit: String = state.paykitUI ? "on" : "off"
        lines.append(
            "Wallet: \(yes(state.wallet)); Paykit UI: \(paykit); profile intro seen: \(yes(state.profileIntroSeen)); "
                + "install marker: \(yes(state.installMarker))")
        let key: String = identity.publicKey.map { " as \($0)" } ?? ""
        lines.append("Identity: \(identity.kind.rawValue), \(identity.authState.rawValue)" + key)
        lines.append(
            "  initialized: \(identity.isInitialized), restoration failed: \(identity.sessionRestorationFailed), "
                + "setup pending: \(identity.isProfileSetupPending), adopting: \(identity.isAdoptingRingIdentity)")
        if let message = identity.initializationErrorMessage { lines.append("  initialization error: \(message)") }
        if let name = identity.cachedName { lines.append("  cached name: \(name)") }
        if let profile = identity.profile {
            lines.append("  profile: \(profile.name)" + (profile.bio.isEmpty ? "" : " — \(profile.bio)"))
        }
        let keys = state.privateKeychain.keys.sorted().map {
            "\($0) \(state.privateKeychain[$0] == true ? "present" : "absent")"
        }
        lines.append("Private keychain: " + keys.joined(separator: ", "))
        if let error = state.privateKeychainError { lines.append("  (could not inspect: \(error))") }
        lines.append("Session: " + (state.session.map { "for \($0.pubky)" } ?? "none"))
        lines.append("Reference: " + (state.reference.map { "\($0.sourceApp):\($0.pubky)" } ?? "none"))
        if let sheet = state.sheet { lines.append("Sheet: \(sheet)") }
        for toast in state.toasts { lines.append("Last toast: \(toast.text)") }
        return lines.joined(separator: "\n")
    }
}
