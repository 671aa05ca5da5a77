import Backend
import Foundation
import PubkyCrypto
import PubkyProtocol
import SimCLI

/// `simctl backend follow|unfollow|seed-follows`: a user's pubky.app follows, written as pubky.app
/// writes them, for Bitkit's contact import to find (spec/09 §1.1, §1.4).
enum FollowCommands {
    static let follow = Command(
        "follow", summary: "Make a user follow pubkys, as pubky.app does (one follows file per key).",
        usage: "--pubky P KEY…",
        details: """
            Writes `/pub/pubky.app/follows/<KEY>` holding `{"created_at": <device clock µs>}` on P's homeserver with \
            P's live session (the one its sign-up or sign-in made), as pubky.app would; Bitkit lists these after \
            adopting P (spec/09 §1). KEY is stored as spelled, minus a `pubky` prefix, so a padding alias of a key \
            can be followed (spec/09 §1.6). Exit 2 when P has no account or no live session, or a KEY is not 52 \
            z-base-32 characters; nothing is written then.
            """,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim signup '#1'",
            "simctl backend follow --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy i1mnt4hiywditswo3hd57t9bubcs38zmneajwphcfjzpozk5x9so",
            "simctl backend follow --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3ib --json  # W, spelled with a padding alias",
            "simctl backend follow --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy Alice  # exit 2: not a key",
        ]
    ) { args, invocation in
        try changeFollows(&args, invocation, deleting: false)
    }

    static let unfollow = Command(
        "unfollow", summary: "Delete a user's follows of pubkys.",
        usage: "--pubky P KEY…",
        details: """
            Deletes `/pub/pubky.app/follows/<KEY>` with P's live session. KEY is read as `follow` reads it, spelled \
            as it was followed. Exit 2 when P has no account or no live session, or a KEY is not 52 z-base-32 \
            characters; exit 1 when P does not follow a KEY. Either way nothing is deleted.
            """,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim signup '#1'",
            "simctl backend follow --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy i1mnt4hiywditswo3hd57t9bubcs38zmneajwphcfjzpozk5x9so",
            "simctl backend unfollow --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy i1mnt4hiywditswo3hd57t9bubcs38zmneajwphcfjzpozk5x9so --json",
            "simctl backend unfollow --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy i1mnt4hiywditswo3hd57t9bubcs38zmneajwphcfjzpozk5x9so  # exit 1: not followed any more",
        ]
    ) { args, invocation in
        try changeFollows(&args, invocation, deleting: true)
    }

    static let seedFollows = Command(
        "seed-follows", summary: "Give a user N follows with fixed keys and profiles (F1…FN of spec/09 §1.4).",
        usage: "--pubky P --count N [--without-profile I,…] [--no-account I,…]",
        details: """
            Follow i (1…N, N ≤ \(maxSeeded)) has the secret SHA-256 of the ASCII text `follow-<i>`; it is signed up \
            on the staging homeserver HS without a signup token (its `_pubky` record published) and gets the \
            pubky.app profile `Follow <i>` with two digits (`Follow 01`), unless --without-profile lists i; \
            --no-account keys get no account, record or profile. P then follows F1…FN in order with its live \
            session. --json prints each follow's index, pubky, secret and profile name, so a scenario can bind \
            `key F1 = .follows[0].secret`. Seeding again keeps what is there and adds what is missing. Exit 2 \
            when P has no account or no live session, or an index is outside 1…N.
            """,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim signup '#1'",
            "simctl backend put-profile --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --name Alice",
            "simctl backend seed-follows --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --count 5 --without-profile 5",
            "simctl backend seed-follows --pubky tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --count 2 --no-account 7  # exit 2: 7 is not one of 1…2",
        ]
    ) { args, invocation in
        let follower = try followerKey(&args)
        guard
            let count = try args.option(
                "--count", expecting: "a whole number from 1 to \(maxSeeded)",
                { Int($0).flatMap { (1...maxSeeded).contains($0) ? $0 : nil } })
        else {
            throw CLIError.usage("Give --count N, how many follows to seed (1–\(maxSeeded)).")
        }
        let withoutProfile = try indices(
            try args.option("--without-profile"), option: "--without-profile", count: count)
        let noAccount = try indices(try args.option("--no-account"), option: "--no-account", count: count)
        try args.finish()
        let store = try BackendAccess.store(invocation)
        let session = try BackendAccess.liveSession(of: follower, store: store, writing: "its follows")
        let client = try BackendAccess.client(invocation)
        let existing = Set(
            try BackendAccess.run { () throws(BackendError) in try store.accounts() }.accounts.map(\.pubky))
        var seeded: [Seeded] = []
        for index in 1...count {
            guard let pair = SeededFollow.keyPair(index) else {
                throw CLIError.failure("Could not derive follow \(index)'s key.")
            }
            let hasAccount = !noAccount.contains(index)
            let name = hasAccount && !withoutProfile.contains(index) ? SeededFollow.profileName(index) : nil
            if hasAccount {
                let own = try BackendAccess.run { () throws(BackendError) in
                    existing.contains(pair.pubky)
                        ? try client.signIn(keyPair: pair).value
                        : try client.seedAccount(keyPair: pair, homeserver: KnownHomeservers.staging).value
                }
                if let name {
                    _ = try BackendAccess.run { () throws(BackendError) in
                        try client.putPubkyAppProfile(PubkyAppProfile(name: name), session: own)
                    }
                }
            }
            seeded.append(
                Seeded(
                    index: index, symbol: "F\(index)", pubky: pair.pubky, secret: SeededFollow.secretHex(index),
                    account: hasAccount, profile: name))
        }
        _ = try BackendAccess.run { () throws(BackendError) in try client.follow(seeded.map(\.pubky), session: session)
        }
        let lines = seeded.map {
            "\($0.symbol) \($0.pubky)  \($0.profile ?? ($0.account ? "(no profile)" : "(no account)"))"
        }
        try invocation.emit(
            SeedOutput(pubky: follower, homeserver: KnownHomeservers.staging, follows: seeded),
            text: (["\(follower) follows \(count) seeded pubky(s):"] + lines).joined(separator: "\n"))
    }

    /// The most follows one `seed-follows` makes: far more than a preview shows (C3 uses 62), few enough
    /// that a mistyped count does not fill the world.
    static let maxSeeded = 500

    struct Changed: Encodable {
        var pubky: String
        var keys: [String]
        var paths: [String]
    }

    struct Seeded: Encodable {
        var index: Int
        /// The name scenarios bind it to: `F<i>`.
        var symbol: String
        var pubky: String
        var secret: String
        var account: Bool
        /// The pubky.app profile name, or nil.
        var profile: String?

        enum CodingKeys: String, CodingKey {
            case index, symbol, pubky, secret, account, profile
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(symbol, forKey: .symbol)
            try container.encode(pubky, forKey: .pubky)
            try container.encode(secret, forKey: .secret)
            try container.encode(account, forKey: .account)
            // `null` rather than a missing key, so a script reads "no profile" as a value.
            try container.encode(profile, forKey: .profile)
        }
    }

    struct SeedOutput: Encodable {
        var pubky: String
        var homeserver: String
        var follows: [Seeded]
    }

    /// `follow` / `unfollow`: P's follows of KEY… written or deleted with P's live session. An unfollow
    /// of a key P does not follow deletes nothing at all.
    private static func changeFollows(_ args: inout Arguments, _ invocation: Invocation, deleting: Bool) throws {
        let (follower, keys) = try followerAndKeys(&args)
        let store = try BackendAccess.store(invocation)
        let session = try BackendAccess.liveSession(of: follower, store: store, writing: "its follows")
        if deleting {
            let files = try BackendAccess.run { () throws(BackendError) in try store.storage(pubky: follower) }
            let followed = Set(files.map(\.path))
            if let missing = keys.first(where: { !followed.contains(PubkyAppFollow.path(of: $0)) }) {
                throw CLIError.failure(
                    "\(follower) does not follow \(missing) (no \(PubkyAppFollow.path(of: missing))): nothing was deleted."
                )
            }
        }
        let client = try BackendAccess.client(invocation)
        _ = try BackendAccess.run { () throws(BackendError) in
            deleting ? try client.unfollow(keys, session: session) : try client.follow(keys, session: session)
        }
        try invocation.emit(
            Changed(pubky: follower, keys: keys, paths: keys.map(PubkyAppFollow.path(of:))),
            text: keys.map {
                deleting
                    ? "\(follower) no longer follows \($0)."
                    : "\(follower) follows \($0) (\(PubkyAppFollow.path(of: $0)))."
            }.joined(separator: "\n"))
    }

    /// `--pubky P` as a bare key (a `pubky` prefix dropped); a usage error when it is not a key.
    private static func followerKey(_ args: inout Arguments) throws -> String {
        guard let written = try args.option("--pubky") else {
            throw CLIError.usage("Give --pubky P, the user whose follows these are.")
        }
        let bare = PubkyKey.isPrefixed(written) ? String(written.dropFirst(PubkyKey.prefix.count)) : written
        guard PublicKey(z32: bare) != nil else {
            throw CLIError.usage("--pubky '\(written)' is not a pubky: give its 52-character z-base-32 key.")
        }
        return bare
    }

    /// `--pubky P KEY…`: the follower and the keys as they are stored (spelled as given, minus a `pubky`
    /// prefix, each once).
    private static func followerAndKeys(_ args: inout Arguments) throws -> (String, [String]) {
        let follower = try followerKey(&args)
        let written = args.remainingPositionals()
        try args.finish()
        guard !written.isEmpty else { throw CLIError.usage("Give at least one KEY after --pubky P.") }
        var keys: [String] = []
        for text in written {
            let bare = PubkyKey.isPrefixed(text) ? String(text.dropFirst(PubkyKey.prefix.count)) : text
            guard PubkyKey.isLenientBareKey(bare) else {
                throw CLIError.usage(
                    "'\(text)' is not a key: give 52 z-base-32 characters (lowercase, `ybndrfg8ejkmcpqxot1uwisza345h769`), bare or after `pubky`."
                )
            }
            if !keys.contains(bare) { keys.append(bare) }
        }
        return (follower, keys)
    }

    /// A comma-separated list of follow indices, each in 1…count.
    private static func indices(_ text: String?, option: String, count: Int) throws -> Set<Int> {
        guard let text else { return [] }
        var found: Set<Int> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let index = Int(part.trimmingCharacters(in: .whitespaces)), (1...count).contains(index) else {
                throw CLIError.usage("\(option) '\(text)': each index must be one of 1…\(count), separated by commas.")
            }
            found.insert(index)
        }
        return found
    }
}
