import Testing

@testable import BitkitApp

/// Pubky Choice's session cache of row profiles (spec/02 §11.1).
@Suite struct RowProfileCacheTests {
    let satoshi = ProfileSummary(name: "Satoshi", bio: "")

    @Test func aFoundProfileIsRememberedAndNamesItsRow() {
        var cache = RowProfileCache()
        cache.remember("a", satoshi)
        cache.remember("b", nil)
        #expect(cache.remembers("a") && cache.remembers("b") && !cache.remembers("c"))
        #expect(cache.names(of: ["a", "b"]) == ["a": "Satoshi"])
        #expect(cache.missed == ["b"])
    }

    @Test func aLaterFindReplacesAMissAndAMissIsRecordedOnce() {
        var cache = RowProfileCache()
        cache.remember("a", nil)
        cache.remember("a", nil)
        #expect(cache.missed == ["a"])
        cache.remember("a", satoshi)
        #expect(cache.missed.isEmpty)
        #expect(cache.found["a"] == satoshi)
    }

    @Test func pubkysNoLongerListedAreDropped() {
        var cache = RowProfileCache()
        cache.remember("a", satoshi)
        cache.remember("b", nil)
        cache.keep(only: ["c"])
        #expect(cache == RowProfileCache())
    }

    @Test func aFoundProfileWithoutANameLeavesTheTruncatedKey() {
        var cache = RowProfileCache()
        cache.remember("a", ProfileSummary(name: "", bio: ""))
        #expect(cache.remembers("a"))
        #expect(cache.names(of: ["a"]).isEmpty)
    }
}
