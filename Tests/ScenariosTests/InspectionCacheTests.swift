import Foundation
import Testing

@testable import Scenarios

// A race iteration's checks share app `state` answers, and nothing else (issue #9).

@Test func onlyAnAppsStateIsSharedBetweenARaceIterationsChecks() {
    let cache = InspectionCache()
    cache.remember(.bitkit, ["state"], output: #"{"reference":"A"}"#)
    cache.remember(.ring, ["foreground"], output: #"{"route":"home"}"#)
    cache.remember(.simctl, ["state"], output: #"{"x":1}"#)
    #expect(cache.output(.bitkit, ["state"]) == #"{"reference":"A"}"#)
    #expect(cache.output(.ring, ["state"]) == nil)
    #expect(cache.output(.ring, ["foreground"]) == nil)
    #expect(cache.output(.simctl, ["state"]) == nil)
    #expect(cache.output(.bitkit, ["state", "--verbose"]) == nil)
}
