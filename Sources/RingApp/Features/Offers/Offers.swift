import AppRuntime
import AppSupport
import IdentitySharing

/// Bitkit's pubkys offered on Home (spec/03 §4–§5, §10): the offer load — list Bitkit's records,
/// prune adopted entries whose record is gone — the cards, and `Use in Pubky Ring`.
public enum Offers: Feature {
    public typealias App = Ring

    public struct State: Sendable, Equatable {
        /// The Bitkit records of the last successful listing.
        public var listed: [SharedIdentity]
        /// The offers of the last successful listing, as Ring showed them then; nil before the first.
        public var offeredAtListing: [SharedIdentity]?
        /// True while listings fail since the last success.
        public var listingFailed: Bool?

        public init(
            listed: [SharedIdentity] = [], offeredAtListing: [SharedIdentity]? = nil, listingFailed: Bool? = nil
        ) {
            self.listed = listed
            self.offeredAtListing = offeredAtListing
            self.listingFailed = listingFailed
        }
    }

    public enum Action: Sendable, Equatable {
        /// The offer load (Home's focus, a foreground, Back to Home, after a delete).
        case load
        /// Taps an offer card (`#N` among offers, a pubky, or `PUBKY@SOURCEAPP`).
        case show(String)
        /// `Use in Pubky Ring` on the card's sheet.
        case use(SharedIdentity)
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<Offers>) throws {
        switch action {
        case .load: try context.load()
        case .show(let ref): try context.show(ref)
        case .use(let record): try context.use(record)
        }
    }

    /// The offer cards: listed Bitkit records whose pubky Ring does not list, regardless of source
    /// app; while listings fail, the cards exactly as they were shown (spec/03 §4 step 2).
    static func cards(_ state: State, store: RingStore, refiltersOnListError: Bool) -> [RingOffer] {
        let name = RingTexts.bitkitName(count: store.entries.count)
        let records =
            state.listingFailed == true && !refiltersOnListError
            ? state.offeredAtListing ?? []
            : RingOffer.filterUnadoptedExternal(state.listed, ringPubkys: store.pubkys)
        return records.map { RingOffer(pubky: $0.pubky, sourceApp: $0.sourceApp, name: name) }
    }

    /// Finds an offer by `#N` (1-based among offers), `PUBKY@SOURCEAPP` or pubky.
    static func offer(_ ref: String, in offers: [RingOffer]) -> RingOffer? {
        if ref.hasPrefix("#"), let number = Int(ref.dropFirst()), offers.indices.contains(number - 1) {
            return offers[number - 1]
        }
        if let at = ref.lastIndex(of: "@") {
            let pubky = RingReferences.bare(String(ref[..<at]))
            let source = String(ref[ref.index(after: at)...])
            return offers.first { $0.pubky == pubky && $0.sourceApp == source }
        }
        let pubky = RingReferences.bare(ref)
        return offers.first { $0.pubky == pubky }
    }
}

extension FeatureContext where F == Offers {
    /// The cards shown now.
    private var cards: [RingOffer] {
        Offers.cards(state, store: store, refiltersOnListError: has(.ringOffersRefilteredOnListError))
    }

    /// The offer load (spec/03 §4, §10): list Bitkit's records; on error keep the previous offers and
    /// prune nothing; on success prune adopted entries whose (pubky, source app) record is gone and
    /// remember the listing the offers are derived from.
    mutating func load() throws {
        guard case .listed(let records) = try listPeers() else {
            state.listingFailed = true
            if has(.ringPrunesOnListFailure) { try prune(keeping: []) }
            return
        }
        try suspend(.pruneAfterListing)
        try prune(keeping: records)
        state.listed = records
        state.offeredAtListing = RingOffer.filterUnadoptedExternal(records, ringPubkys: store.pubkys)
        state.listingFailed = nil
    }

    /// Removes adopted entries without a listed record of the same pubky and source app, with their
    /// session items, and raises one toast for the batch.
    private mutating func prune(keeping records: [SharedIdentity]) throws {
        let alive = Set(records.map { "\($0.sourceApp):\($0.pubky)" })
        let gone = store.entries.filter { entry in
            guard let source = entry.sourceApp else { return false }
            return !alive.contains("\(source):\(entry.pubky)")
        }
        guard !gone.isEmpty else { return }
        let goneKeys = Set(gone.map(\.pubky))
        store.entries.removeAll { $0.isAdopted && goneKeys.contains($0.pubky) }
        _ = try attempt { try $0.deleteSessions(goneKeys) }
        raise(RingTexts.pruned)
    }

    /// Taps an offer card: from another screen Home opens first (and loads its offers).
    mutating func show(_ ref: String) throws {
        if top != .home || sheet != nil { try focusHome() }
        var offers = cards
        if Offers.offer(ref, in: offers) == nil {
            // Not among the cards shown: Home regains focus (reloads) before the user looks again. A
            // card that is shown is used as it is, even if its record is gone by now (a stale offer).
            try focusHome()
            offers = cards
        }
        guard let offer = Offers.offer(ref, in: offers) else {
            throw RingAppError.unknownOffer(
                ref,
                available: offers.enumerated().map { "#\($0.offset + 1) \($0.element.sourceApp):\($0.element.pubky)" })
        }
        sheet = .useExternal(offer.record)
    }

    /// `Use in Pubky Ring` (spec/03 §5): a no-op success when Ring already lists the pubky; otherwise
    /// the homeserver is resolved (awaited) and a reference entry appended. No secret is read.
    mutating func use(_ record: SharedIdentity) throws {
        defer { if isRunning { sheet = nil } }
        guard store.entry(record.pubky) == nil else { return }
        try suspend(.adoptBeforeResolve)
        let homeserver = try resolveHomeserver(record.pubky)
        // Another action may have listed it while the resolve was in flight.
        guard store.entry(record.pubky) == nil else { return }
        let entry = PubkyEntry.adopted(
            record.pubky, sourceApp: record.sourceApp, name: RingTexts.bitkitName(count: store.entries.count),
            homeserver: homeserver)
        store.entries.append(entry)
        guard try request(.saveStore(store)) == .done else {
            store.entries.removeAll { $0.pubky == record.pubky && $0.isAdopted }
            raise(RingTexts.adoptFailed)
            return
        }
        // The card of the pubky just adopted goes, even while listings fail (spec/03 §4).
        if isRunning { state.offeredAtListing?.removeAll { $0.pubky == record.pubky } }
    }
}
