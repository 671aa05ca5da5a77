import Backend
import ContractNames
import Device
import Foundation
import PubkyProtocol
import SimCLI

/// `simctl net …`: connectivity of each app and the knobs of the outside world.
enum NetCommands {
    static let group = Command(
        "net", summary: "Cut the network, slow or break services: DHT, relays, Homegate, homeservers.",
        subcommands: [
            off, on, appConnectivity, dht, relayLatency, resolveTimeout, readLatency, homegate, homeserver,
            storageReads,
            show,
        ])

    struct ConnectivityOutput: Encodable {
        var online: [AppKind]
        var offline: [AppKind]
    }

    private static func setApps(_ apps: [AppKind], online: Bool, _ invocation: Invocation) throws {
        let state = try DeviceStore(world: invocation.world).update { state -> DeviceState in
            for app in apps {
                if online { state.offlineApps.remove(app) } else { state.offlineApps.insert(app) }
            }
            return state
        }
        invocation.journalTool(
            online ? .netOnline : .netOffline, detail: apps.map(\.rawValue).joined(separator: ","))
        try invocation.emit(
            ConnectivityOutput(
                online: AppKind.allCases.filter { state.isOnline($0) },
                offline: AppKind.allCases.filter { !state.isOnline($0) }),
            text: apps.map { "\($0.displayName) is \(online ? "online" : "offline")." }.joined(separator: "\n"))
    }

    static let off = Command(
        "off", summary: "Cut the device's network (both apps offline).", examples: ["simctl net off"]
    ) { args, invocation in
        try args.finish()
        try setApps(AppKind.allCases, online: false, invocation)
    }

    static let on = Command("on", summary: "Restore the device's network.", examples: ["simctl net on"]) {
        args, invocation in
        try args.finish()
        try setApps(AppKind.allCases, online: true, invocation)
    }

    static let appConnectivity = Command(
        "app", summary: "Set one app (or all) online or offline.",
        usage: "bitkit|ring|all online|offline",
        examples: ["simctl net app bitkit offline", "simctl net app all online"]
    ) { args, invocation in
        let target = try args.positional("bitkit|ring|all")
        let mode = try args.positional("online|offline")
        try args.finish()
        let apps: [AppKind]
        if target == "all" {
            apps = AppKind.allCases
        } else {
            guard let app = AppKind(argument: target) else {
                throw CLIError.usage("Unknown app '\(target)': expected bitkit, ring or all.")
            }
            apps = [app]
        }
        guard mode == "online" || mode == "offline" else {
            throw CLIError.usage("Expected online or offline, got '\(mode)'.")
        }
        try setApps(apps, online: mode == "online", invocation)
    }

    /// Applies a knob change and prints the knobs.
    private static func change(
        _ invocation: Invocation, _ what: String, _ body: @escaping (inout BackendKnobs) -> Void
    ) throws {
        let store = try BackendAccess.store(invocation)
        try BackendAccess.run { () throws(BackendError) in try store.updateKnobs(body) }
        let knobs = try BackendAccess.run { () throws(BackendError) in try store.knobs() }
        invocation.journalTool(.net, detail: what)
        try invocation.emit(knobs, text: what)
    }

    static let dht = Command(
        "dht", summary: "Make the DHT reachable or unreachable.", usage: "reachable|unreachable",
        details: "Only a reachable DHT can confirm in time that a key has no PKARR record (spec/04 §10).",
        examples: ["simctl net dht unreachable"]
    ) { args, invocation in
        let mode = try args.positional("reachable|unreachable")
        try args.finish()
        guard mode == "reachable" || mode == "unreachable" else {
            throw CLIError.usage("Expected reachable or unreachable.")
        }
        try change(invocation, "The DHT is \(mode).") { $0.dhtReachable = mode == "reachable" }
    }

    static let relayLatency = Command(
        "relay-latency",
        summary: "Set how long relays take to answer 404 for a missing key (default 3.5 s; clients give up after 2 s).",
        usage: "SECONDS", examples: ["simctl net relay-latency 1", "simctl net relay-latency 3.5"]
    ) { args, invocation in
        let text = try args.positional("SECONDS")
        try args.finish()
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw CLIError.usage("SECONDS must be a number ≥ 0.")
        }
        try change(invocation, "Relays answer 404 after \(seconds) s.") { $0.relayNotFoundLatency = seconds }
    }

    static let resolveTimeout = Command(
        "resolve-timeout",
        summary: "What-if for tests: make every app's client give up a PKARR resolve after SECONDS (real: 2 s).",
        usage: "SECONDS|default",
        details: """
            The real clients wait 2 s for each PKARR source (spec/04 §10); this knob replaces that value in every app's
            client of the world, so a check that asserts the 2 s give-up can be shown to fail. `default` restores the
            clients' own value. Backend journal entries carry the timeout each request saw (`timeout`, milliseconds).
            """,
        examples: ["simctl net resolve-timeout 4", "simctl net resolve-timeout default"]
    ) { args, invocation in
        let text = try args.positional("SECONDS|default")
        try args.finish()
        if text == "default" {
            try change(invocation, "Clients resolve with their own timeout (2 s).") { $0.resolveTimeout = nil }
            return
        }
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw CLIError.usage("SECONDS must be a number > 0, or `default`.")
        }
        try change(invocation, "Clients give up a PKARR resolve after \(seconds) s.") { $0.resolveTimeout = seconds }
    }

    static let readLatency = Command(
        "read-latency",
        summary: "Make every homeserver read of one user's data take SECONDS (default: the homeserver's 0.05 s).",
        usage: "PUBKY SECONDS|default",
        details: """
            Each read of PUBKY's data — a file such as a profile, or a page of a listing — answers after SECONDS             (spec/09 §1.5), in every app's client; a client gives up at its own timeout (30 s per request, a contact             import's lookup 10 s from when it starts). PUBKY is the bare key or `pubky<key>`; a padding alias sets             the key it spells. `default` restores the usual 0.05 s. `net show` lists the users with a latency of             their own.
            """,
        examples: [
            "simctl net read-latency u64tuozgbwkety8f1h98echx16chp9nyf34jhheyrdo696pxjkmy 12",
            "simctl net read-latency u64tuozgbwkety8f1h98echx16chp9nyf34jhheyrdo696pxjkmy default --json",
            "simctl net read-latency Alice 12  # exit 2: not a pubky",
        ]
    ) { args, invocation in
        let written = try args.positional("PUBKY")
        let text = try args.positional("SECONDS|default")
        try args.finish()
        let bare = PubkyKey.isPrefixed(written) ? String(written.dropFirst(PubkyKey.prefix.count)) : written
        guard PubkyKey.isLenientBareKey(bare), let key = PubkyKey.canonical(bare) else {
            throw CLIError.usage(
                "'\(written)' is not a pubky: give its 52-character z-base-32 key, bare or after `pubky`.")
        }
        if text == "default" {
            try change(invocation, "Reads of \(key)'s data take the homeserver's usual 0.05 s.") {
                $0.readLatencies[key] = nil
            }
            return
        }
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw CLIError.usage("SECONDS must be a number ≥ 0, or `default`.")
        }
        try change(invocation, "Reads of \(key)'s data take \(seconds) s.") { $0.readLatencies[key] = seconds }
    }

    static let homegate = Command(
        "homegate",
        summary: "Set the HTTP status Homegate answers ip_verification with (200 = works, 0 = no response).",
        usage: "status CODE", examples: ["simctl net homegate status 500", "simctl net homegate status 200"]
    ) { args, invocation in
        let word = try args.positional("status")
        let text = try args.positional("CODE")
        try args.finish()
        guard word == "status", let code = Int(text), (0...599).contains(code) else {
            throw CLIError.usage("Expected `status CODE` with CODE 0–599.")
        }
        try change(invocation, "Homegate answers \(code).") { $0.homegateStatus = code }
    }

    static let homeserver = Command(
        "homeserver", summary: "Take a homeserver down or bring it back.",
        usage: "staging|production|NAME|KEY down|up",
        examples: ["simctl net homeserver staging down", "simctl net homeserver staging up"]
    ) { args, invocation in
        let name = try args.positional("HOMESERVER")
        let mode = try args.positional("down|up")
        try args.finish()
        guard mode == "down" || mode == "up" else { throw CLIError.usage("Expected down or up.") }
        let key = try BackendAccess.homeserver(name, store: try BackendAccess.store(invocation))
        try change(invocation, "Homeserver \(name) is \(mode).") { knobs in
            if mode == "down" { knobs.homeserversDown.insert(key) } else { knobs.homeserversDown.remove(key) }
        }
    }

    static let storageReads = Command(
        "storage-reads",
        summary: "Make a homeserver's storage reads fail with HTTP 500 (sign-in keeps working), or heal them.",
        usage: "staging|production|NAME|KEY fail|ok",
        examples: ["simctl net storage-reads staging fail", "simctl net storage-reads staging ok"]
    ) { args, invocation in
        let name = try args.positional("HOMESERVER")
        let mode = try args.positional("fail|ok")
        try args.finish()
        guard mode == "fail" || mode == "ok" else { throw CLIError.usage("Expected fail or ok.") }
        let key = try BackendAccess.homeserver(name, store: try BackendAccess.store(invocation))
        try change(invocation, "Storage reads on \(name) \(mode == "fail" ? "fail with 500" : "work").") { knobs in
            if mode == "fail" { knobs.storageReadFaults.insert(key) } else { knobs.storageReadFaults.remove(key) }
        }
    }

    static let show = Command(
        "show", summary: "Show connectivity and every knob.", examples: ["simctl net show --json"]
    ) { args, invocation in
        try args.finish()
        let state = try DeviceStore(world: invocation.world).read()
        let store = try BackendAccess.store(invocation)
        let knobs = try BackendAccess.run { () throws(BackendError) in try store.knobs() }
        struct NetOutput: Encodable {
            var offlineApps: [AppKind]
            var knobs: BackendKnobs
        }
        let apps = AppKind.allCases.map { "\($0.displayName): \(state.isOnline($0) ? "online" : "offline")" }
        try invocation.emit(
            NetOutput(offlineApps: AppKind.allCases.filter { !state.isOnline($0) }, knobs: knobs),
            text: (apps + [describe(knobs)]).joined(separator: "\n"))
    }

    static func describe(_ knobs: BackendKnobs) -> String {
        [
            "DHT: \(knobs.dhtReachable ? "reachable (answers in \(knobs.dhtLatency) s)" : "unreachable")",
            "Relays: found in \(knobs.relayFoundLatency) s, 404 after \(knobs.relayNotFoundLatency) s",
            "Homegate: status \(knobs.homegateStatus), issues codes for \(knobs.homegateHomeserver)",
            "Homeservers down: \(knobs.homeserversDown.isEmpty ? "none" : knobs.homeserversDown.sorted().joined(separator: ", "))",
            "Storage reads failing: \(knobs.storageReadFaults.isEmpty ? "none" : knobs.storageReadFaults.sorted().joined(separator: ", "))",
        ].joined(separator: "\n")
            + (knobs.resolveTimeout.map { "\nResolve timeout (what-if): \($0) s" } ?? "")
            + knobs.readLatencies.sorted { $0.key < $1.key }.map { "\nReads of \($0.key): \($0.value) s" }.joined()
    }
}
