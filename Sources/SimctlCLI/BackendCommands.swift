import Backend
import Foundation
import PubkyCrypto
import SimCLI

/// `simctl backend …`: look at and shape the simulated outside world.
enum BackendCommands {
    static let group = Command(
        "backend", summary: "Inspect the outside world (homeservers, PKARR, relay, ledger) or seed it.",
        subcommands: [
            show, addHomeserver, issueToken, publish, putProfile, FollowCommands.follow, FollowCommands.unfollow,
            FollowCommands.seedFollows, mine,
        ])

    static let show = Command(
        "show", summary: "Show accounts, sessions, PKARR records, storage, relay channels, the ledger or the knobs.",
        usage: "accounts|sessions|pkarr|storage|relay|ledger|knobs [--pubky P]",
        examples: [
            "simctl backend show accounts",
            "simctl backend show pkarr --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --json",
        ]
    ) { args, invocation in
        let pubky = try args.option("--pubky")
        let what = try args.positional("accounts|sessions|pkarr|storage|relay|ledger|knobs")
        try args.finish()
        let store = try BackendAccess.store(invocation)
        let now = try invocation.environment(.bitkit).now()
        switch what {
        case "accounts":
            let view = try BackendAccess.run { () throws(BackendError) in try store.accounts() }
            var lines = view.homeservers.map {
                "homeserver \($0.name) \($0.pubky)\($0.down ? " (down)" : "")\($0.storageReadFault ? " (storage reads fail)" : ""): \($0.accountCount) account(s)"
            }
            lines += view.accounts.map {
                "account \($0.pubky) on \($0.homeserver) by \($0.createdBy)"
                    + ($0.signupToken.map { " token \($0)" } ?? "")
            }
            lines += view.signupTokens.map {
                "token \($0.token) for \($0.homeserver)" + ($0.usedBy.map { ", used by \($0)" } ?? ", unused")
            }
            try invocation.emit(view, text: lines.joined(separator: "\n"))
        case "sessions":
            let sessions = try BackendAccess.run { () throws(BackendError) in try store.sessions(pubky: pubky) }
            try invocation.emit(
                ["sessions": sessions],
                text: sessions.isEmpty
                    ? "No sessions."
                    : sessions.map {
                        "session of \($0.pubky) on \($0.homeserver) [\($0.capabilities)] via \($0.userAgent)"
                    }.joined(separator: "\n"))
        case "pkarr":
            let records = try BackendAccess.run { () throws(BackendError) in try store.pkarrRecords(pubky: pubky) }
            try invocation.emit(
                ["records": records],
                text: records.isEmpty
                    ? "No PKARR records."
                    : records.map {
                        "\($0.store): _pubky.\($0.pubky) → \($0.homeserver ?? "(no homeserver)") at \($0.timestamp)\($0.valid ? "" : " (INVALID)") by \($0.publishedBy)"
                    }.joined(separator: "\n"))
        case "storage":
            let files = try BackendAccess.run { () throws(BackendError) in try store.storage(pubky: pubky) }
            try invocation.emit(
                ["files": files],
                text: files.isEmpty
                    ? "No stored files."
                    : files.map {
                        "pubky://\($0.pubky)\($0.path) (\($0.size) bytes) on \($0.homeserver) by \($0.updatedBy)"
                    }.joined(separator: "\n"))
        case "relay":
            let view = try BackendAccess.run { () throws(BackendError) in try store.relay(now: now) }
            let lines =
                view.requests.map {
                    "request \($0.intent) \($0.capabilities) → "
                        + ($0.approvedBy.map { "approved by \($0)" } ?? "pending")
                }
                + view.messages.map {
                    "message on \($0.channel) (\($0.size) bytes)" + ($0.tokenPubky.map { ": token of \($0)" } ?? "")
                }
            try invocation.emit(view, text: lines.isEmpty ? "No relay traffic." : lines.joined(separator: "\n"))
        case "ledger":
            let view = try BackendAccess.run { () throws(BackendError) in try store.ledger() }
            try invocation.emit(
                view,
                text:
                    "height \(view.height); \(view.onchain.count) on-chain, \(view.lightning.count) Lightning payment(s)"
            )
        case "knobs":
            let knobs = try BackendAccess.run { () throws(BackendError) in try store.knobs() }
            try invocation.emit(knobs, text: NetCommands.describe(knobs))
        default:
            throw CLIError.usage(
                "Unknown view '\(what)': expected accounts, sessions, pkarr, storage, relay, ledger or knobs.")
        }
    }

    struct HomeserverOutput: Encodable {
        var name: String
        var pubky: String
    }

    static let addHomeserver = Command(
        "add-homeserver",
        summary: "Add a homeserver to the world (its key derives from the world seed unless --secret is given).",
        usage: "NAME [--secret HEX] [--open]",
        details: "--open lets anyone sign up without a token.",
        examples: ["simctl backend add-homeserver hs2", "simctl backend add-homeserver test --open --json"]
    ) { args, invocation in
        let secret = try args.option("--secret")
        let open = args.flag("--open")
        let name = try args.positional("NAME")
        try args.finish()
        let store = try BackendAccess.store(invocation)
        let seed: [UInt8]
        if let secret {
            guard let bytes = Hex.decode(secret), bytes.count == 32 else {
                throw CLIError.usage("--secret must be 64 lowercase hex characters.")
            }
            seed = bytes
        } else {
            var random = SeededRandom(seed: try invocation.environment(.bitkit).nextRandomSeed())
            seed = random.bytes(32)
        }
        guard let pair = Ed25519KeyPair(seed: seed) else {
            throw CLIError.failure("Could not derive a homeserver key.")
        }
        let settings = HomeserverSettings(pubky: pair.pubky, name: name, signupMode: open ? .open : .tokenRequired)
        let now = try invocation.environment(.bitkit).now()
        try BackendAccess.run { () throws(BackendError) in try store.addHomeserver(settings, now: now) }
        try invocation.emit(
            HomeserverOutput(name: name, pubky: pair.pubky), text: "Added homeserver \(name): \(pair.pubky)")
    }

    struct TokenOutput: Encodable {
        var token: String
        var homeserver: String
    }

    static let issueToken = Command(
        "issue-token", summary: "Issue a fresh signup token (invite code) for a homeserver.",
        usage: "[--homeserver staging|production|NAME|KEY]",
        examples: [
            "simctl backend issue-token", "simctl backend add-homeserver hs2",
            "simctl backend issue-token --homeserver hs2 --json",
        ]
    ) { args, invocation in
        let name = try args.option("--homeserver") ?? "staging"
        try args.finish()
        let store = try BackendAccess.store(invocation)
        let homeserver = try BackendAccess.homeserver(name, store: store)
        let environment = invocation.environment(.bitkit)
        var random = SeededRandom(seed: try environment.nextRandomSeed())
        let now = try environment.now()
        let token = try BackendAccess.run { () throws(BackendError) in
            try store.issueSignupToken(homeserver: homeserver, issuer: "simctl", random: &random, now: now)
        }
        try invocation.emit(TokenOutput(token: token, homeserver: homeserver), text: token)
    }

    static let publish = Command(
        "publish", summary: "Publish a user's signed `_pubky` record pointing at a homeserver (no account is created).",
        usage: "--secret HEX --homeserver staging|production|NAME|KEY [--timestamp MICROSECONDS]",
        examples: [
            "simctl backend publish --secret 5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51 --homeserver staging"
        ]
    ) { args, invocation in
        guard let secret = try args.option("--secret"), let pair = Ed25519KeyPair(secretHex: secret) else {
            throw CLIError.usage("--secret must be the user's 64 lowercase hex secret.")
        }
        let name = try args.option("--homeserver") ?? "staging"
        let timestamp = try args.option("--timestamp", expecting: "microseconds since 1970") { UInt64($0) }
        try args.finish()
        let store = try BackendAccess.store(invocation)
        let homeserver = try BackendAccess.homeserver(name, store: store)
        let client = try BackendAccess.client(invocation)
        let date = timestamp.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) }
        let reply = try BackendAccess.run { () throws(BackendError) in
            try client.publishHomeserver(keyPair: pair, homeserver: homeserver, timestamp: date)
        }
        try invocation.emit(reply.value, text: "Published _pubky.\(pair.pubky) → \(homeserver).")
    }

    static let putProfile = Command(
        "put-profile",
        summary: "Publish a pubky.app profile for a user, as another app would (a journey's \"published name\").",
        usage: "--pubky P --name N [--bio B] [--image URL]",
        details: """
            Writes `/pub/pubky.app/profile.json` on P's homeserver with P's live session (the one its sign-up or \
            sign-in made), as Pubky Ring or pubky.app would. Bitkit's lookups read it where no Paykit profile \
            exists (spec/04 §12). Exit 2 when P has no account, or no live session to write with.
            """,
        examples: [
            "simctl backend put-profile --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --name Alice  # exit 2: no account yet"
        ]
    ) { args, invocation in
        guard let written = try args.option("--pubky"), let name = try args.option("--name") else {
            throw CLIError.usage("Give --pubky P and --name N.")
        }
        let bio = try args.option("--bio")
        let image = try args.option("--image")
        try args.finish()
        let pubky = written.hasPrefix("pubky") ? String(written.dropFirst(5)) : written
        let store = try BackendAccess.store(invocation)
        let session = try BackendAccess.liveSession(of: pubky, store: store, writing: "its profile")
        let profile = PubkyAppProfile(name: name, bio: bio, image: image)
        let client = try BackendAccess.client(invocation)
        _ = try BackendAccess.run { () throws(BackendError) in try client.putPubkyAppProfile(profile, session: session)
        }
        try invocation.emit(
            ["pubky": pubky, "name": name, "path": PubkyAppProfile.path],
            text: "Published \(PubkyAppProfile.path) for \(pubky): \(name).")
    }

    static let mine = Command(
        "mine", summary: "Mine regtest blocks; the first confirms every waiting payment.",
        usage: "[COUNT]", examples: ["simctl backend mine", "simctl backend mine 6"]
    ) { args, invocation in
        let count =
            try args.optionalPositional().map { text -> Int in
                guard let value = Int(text), value > 0 else {
                    throw CLIError.usage("COUNT must be a positive whole number.")
                }
                return value
            } ?? 1
        try args.finish()
        let store = try BackendAccess.store(invocation)
        let height = try BackendAccess.run { () throws(BackendError) in try store.mineBlocks(count) }
        try invocation.emit(["height": height], text: "Mined \(count) block(s); height \(height).")
    }
}
