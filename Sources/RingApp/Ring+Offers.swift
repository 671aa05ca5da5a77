import AppRuntime
import AppSupport
import IdentitySharing

extension Context where App == Ring {
    /// The offer load (spec/03 §4, §10): list Bitkit's records; on error keep the previous offers and
    /// prune nothing; on success prune adopted entries whose (pubky, source app) record is gone and
    /// remember the listing the offers are derived from.
    mutating func loadOffers() throws {
        guard case .listed(let records) = try listPeers() else {
            memory.listingFailed = true
            if state.has(.ringPrunesOnListFailure) { try prune(keeping: []) }
            return
        }
        try suspend(.pruneAfterListing)
        try prune(keeping: records)
        memory.listed = records
        memory.offeredAtListing = RingOffer.filterUnadoptedExternal(records, ringPubkys: state.store.pubkys)
        memory.listingFailed = nil
    }

    /// Removes adopted entries without a listed record of the same pubky and source app, with their
    /// session items, and raises one toast for the batch.
    mutating func prune(keeping records: [SharedIdentity]) throws {
        let alive = Set(records.map { "\($0.sourceApp):\($0.pubky)" })
        let gone = state.store.entries.filter { entry in
            guard let source = entry.sourceApp else { return false }
            return !alive.contains("\(source):\(entry.pubky)")
        }
        guard !gone.isEmpty else { return }
        let goneKeys = Set(gone.map(\.pubky))
        state.store.entries.removeAll { $0.isAdopted && goneKeys.contains($0.pubky) }
        _ = try attempt { try $0.deleteSessions(goneKeys) }
        raise(RingTexts.pruned)
    }

    /// Taps an offer card: from another screen Home opens first (and loads its offers).
    mutating func showOffer(_ ref: String) throws {
        if memory.top != .home || memory.sheet != nil { try focusHome() }
        var offers = state.offers
        if Ring.offer(ref, in: offers) == nil {
            // Not among the cards shown: Home regains focus (reloads) before the user looks again. A
            // card that is shown is used as it is, even if its record is gone by now (a stale offer).
            try focusHome()
            offers = state.offers
        }
        guard let offer = Ring.offer(ref, in: offers) else {
            throw RingAppError.unknownOffer(
                ref,
                available: offers.enumerated().map { "#\($0.offset + 1) \($0.element.sourceApp):\($0.element.pubky)" })
        }
        memory.sheet = .useExternal(offer.record)
    }

    /// `Use in Pubky Ring` (spec/03 §5): a no-op success when Ring already lists the pubky; otherwise
    /// the homeserver is resolved (awaited) and a reference entry appended. No secret is read.
    mutating func adopt(_ record: SharedIdentity) throws {
        defer { state.memory?.sheet = nil }
        guard state.store.entry(record.pubky) == nil else { return }
        try suspend(.adoptBeforeResolve)
        let homeserver = try resolveHomeserver(record.pubky)
        // Another action may have listed it while the resolve was in flight.
        guard state.store.entry(record.pubky) == nil else { return }
        let entry = PubkyEntry.adopted(
            record.pubky, sourceApp: record.sourceApp, name: RingTexts.bitkitName(count: state.store.entries.count),
            homeserver: homeserver)
        state.store.entries.append(entry)
        guard try request(.saveStore(state.store)) == .done else {
            state.store.entries.removeAll { $0.pubky == record.pubky && $0.isAdopted }
            raise(RingTexts.adoptFailed)
            return
        }
        // The card of the pubky just adopted goes, even while listings fail (spec/03 §4).
        state.memory?.offeredAtListing?.removeAll { $0.pubky == record.pubky }
    }
}

extension Ring {
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
