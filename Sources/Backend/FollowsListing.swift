import PubkyProtocol

/// The follows a listing of a user's `/pub/pubky.app/follows/` names (spec/09 §1.2): the names that
/// normalise as a key (spec/04 §3), each decoded key once — the first spelling kept, so a padding alias
/// or another case of a key already listed is a repeat — in listing order; every other name is kept
/// aside with why, so bad data is reported and never guessed at.
public struct FollowsListing: Codable, Sendable, Equatable {
    /// One kept follow.
    public struct Follow: Codable, Sendable, Equatable {
        /// The name normalised as Bitkit does: the bare key, lowercase.
        public var pubky: String
        /// The file name as listed.
        public var name: String

        public init(pubky: String, name: String) {
            self.pubky = pubky
            self.name = name
        }
    }

    /// A listed name that is not a follow of its own.
    public struct Ignored: Codable, Sendable, Equatable {
        public var name: String
        public var reason: Reason

        public init(name: String, reason: Reason) {
            self.name = name
            self.reason = reason
        }
    }

    /// Why a listed name was left out.
    public enum Reason: String, Codable, Sendable {
        /// The name does not normalise as a key (wrong length, characters outside the alphabet).
        case notAKey = "not a key"
        /// A folder inside the follows folder.
        case folder = "a folder"
        /// The same decoded key as an earlier name.
        case repeated = "repeats an earlier follow"
        /// The active identity's own key, in any spelling (spec/09 §1.6).
        case ownKey = "the own key"
    }

    /// The kept follows, in listing order.
    public var follows: [Follow]
    /// The names left out, in listing order.
    public var ignored: [Ignored]

    /// The kept follows' bare keys, in listing order.
    public var pubkys: [String] { follows.map(\.pubky) }

    public init(follows: [Follow] = [], ignored: [Ignored] = []) {
        self.follows = follows
        self.ignored = ignored
    }

    /// Sorts listed file names (not paths) into follows and ignored names.
    public init(names: [String]) {
        self.init()
        var seen: Set<[UInt8]> = []
        for name in names {
            if name.hasSuffix("/") {
                ignored.append(Ignored(name: name, reason: .folder))
            } else if let pubky = try? PubkyKey.bitkitNormalized(name), let bits = PubkyKey.keyBits(pubky) {
                if seen.insert(bits).inserted {
                    follows.append(Follow(pubky: pubky, name: name))
                } else {
                    ignored.append(Ignored(name: name, reason: .repeated))
                }
            } else {
                ignored.append(Ignored(name: name, reason: .notAKey))
            }
        }
    }

    /// Sorts the entries of a listing of `user`'s follows folder (`pubky://<user>/pub/pubky.app/follows/<name>`);
    /// an entry outside that folder is not a key of it.
    public init(entries: [String], user: String) {
        let prefix = "pubky://\(user)\(PubkyAppFollow.directory)"
        self.init(names: entries.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 })
    }

    /// The listing without the follows that are `own` in any spelling (spec/09 §1.6), kept aside as
    /// `ownKey`.
    public func excluding(own: String) -> FollowsListing {
        var listing = FollowsListing(ignored: ignored)
        for follow in follows {
            if PubkyKey.isSameKey(follow.pubky, own) {
                listing.ignored.append(Ignored(name: follow.name, reason: .ownKey))
            } else {
                listing.follows.append(follow)
            }
        }
        return listing
    }
}
