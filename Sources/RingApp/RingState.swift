/// Ring's whole state: the persisted store and, while the app runs, its memory.
public struct RingState: Sendable, Equatable {
    public var store: RingStore
    /// nil while the app is not running.
    public var memory: RingMemory?

    public init(store: RingStore = RingStore(), memory: RingMemory? = nil) {
        self.store = store
        self.memory = memory
    }

    public var running: Bool { memory != nil }

    /// The offer cards: listed Bitkit records whose pubky Ring does not list, regardless of source app.
    public var offers: [RingOffer] {
        let name = RingTexts.bitkitName(count: store.entries.count)
        return RingOffer.filterUnadoptedExternal(memory?.listed ?? [], ringPubkys: store.pubkys).map {
            RingOffer(pubky: $0.pubky, sourceApp: $0.sourceApp, name: name)
        }
    }
}
