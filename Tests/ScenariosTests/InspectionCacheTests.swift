import Foundation
import Testing

@testable import Scenarios

// A race iteration's checks share app `state` answers, and nothing else (issue #9).

@Test func onlyAnAppsStateIsSharedBetweenARaceIterationsChecks() {
    let cache = InspectionCache()
    cache.remember(.bitkit, ["state"], ["reference": "A"])
    cache.remember(.ring, ["foreground"], ["route": "home"])
    cache.remember(.simctl, ["state"], ["x": 1])
    let shared = cache.document(.bitkit, ["state"])
    #expect((shared as? [String: String?])?["reference"] == "A")
    #expect(cache.document(.ring, ["state"]) == nil)
    #expect(cache.document(.ring, ["foreground"]) == nil)
    #expect(cache.document(.simctl, ["state"]) == nil)
    #expect(cache.document(.bitkit, ["state", "--verbose"]) == nil)
}
