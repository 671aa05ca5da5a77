import PubkyProtocol
import Testing

@Test func capabilityActionsAreDedupedAndOrderedReadThenWrite() throws {
    #expect(try Capability(parsing: "/pub/app/:wr").description == "/pub/app/:rw")
    #expect(try Capability(parsing: "/pub/app/:wwrrw").description == "/pub/app/:rw")
    #expect(try Capability(parsing: "/:w").actions == .write)
    #expect(try Capability(parsing: "/pub/x:").actions == [])
}

@Test func capabilityParsingRejectsMalformedEntries() {
    #expect(throws: CapabilityError.invalidFormat("/pub/app")) { try Capability(parsing: "/pub/app") }
    #expect(throws: CapabilityError.invalidFormat("/a:b:rw")) { try Capability(parsing: "/a:b:rw") }
    #expect(throws: CapabilityError.scopeNotAbsolute("pub/app/")) {
        try Capability(parsing: "pub/app/:rw")
    }
    #expect(throws: CapabilityError.invalidActions("rx")) { try Capability(parsing: "/pub/:rx") }
    #expect(throws: CapabilityError.invalidActions("R")) { try Capability(parsing: "/pub/:R") }
    #expect(throws: CapabilityError.scopeNotAbsolute("x")) {
        try Capability(scope: "x", actions: .read)
    }
}

@Test func capabilityListSkipsInvalidEntriesAndJoinsWithoutSpaces() {
    let caps = Capabilities(parsing: "/pub/a/:r,bogus,,/pub/b/:x,/pub/c/:wr, /pub/d/:r")
    #expect(caps.description == "/pub/a/:r,/pub/c/:rw")
    #expect(Capabilities(parsing: "").entries.isEmpty)
    #expect(Capabilities.root.description == "/:rw")
}

@Test func normalisationDropsEntriesCoveredByABroaderScope() {
    let caps = Capabilities(parsing: "/pub/example.com/:rw,/pub/example.com/subfolder:w")
    #expect(caps.normalizedForSigning.description == "/pub/example.com/:rw")
}

@Test func normalisationMergesEqualScopesAtTheFirstPosition() {
    let caps = Capabilities(parsing: "/pub/a/:r,/pub/b/:w,/pub/a/:w")
    #expect(caps.normalizedForSigning.description == "/pub/a/:rw,/pub/b/:w")
}

@Test func normalisationKeepsNarrowerEntriesWithActionsTheBroaderOneLacks() {
    let kept = Capabilities(parsing: "/pub/a/:r,/pub/a/b/:w,/pub/z:r,/pub/a/c:r")
    #expect(kept.normalizedForSigning.description == "/pub/a/:r,/pub/a/b/:w,/pub/z:r")
    // A later broader entry still removes earlier narrower ones.
    let caps = Capabilities(parsing: "/pub/a/:r,/pub/a/b/:w,/pub/a/c:r,/:w,/pub/z:w")
    #expect(caps.normalizedForSigning.description == "/pub/a/:r,/:w")
}

@Test func normalisationTreatsAScopeWithoutSlashAsCoveringOnlyItself() {
    let caps = Capabilities(parsing: "/pub/app:rw,/pub/app/x:r,/pub/app-evil:r")
    #expect(caps.normalizedForSigning == caps)
    #expect(
        Capabilities(parsing: "/pub/pubky.app/:rw,/pub/paykit/:rw").normalizedForSigning.description
            == "/pub/pubky.app/:rw,/pub/paykit/:rw")
}

@Test func scopeWithoutTrailingSlashCoversExactlyThatPath() throws {
    let app = try Capability(parsing: "/pub/app:rw")
    #expect(app.covers(path: "/pub/app", action: .write))
    #expect(!app.covers(path: "/pub/app/x", action: .read))
    #expect(!app.covers(path: "/pub/app-evil", action: .read))
}

@Test func scopeWithTrailingSlashCoversItselfAndDescendantsOnlyForGrantedActions() throws {
    let app = try Capability(parsing: "/pub/app/:r")
    #expect(app.covers(path: "/pub/app/", action: .read))
    #expect(app.covers(path: "/pub/app/x/y.json", action: .read))
    #expect(!app.covers(path: "/pub/app/x", action: .write))
    #expect(!app.covers(path: "/pub/app-evil/x", action: .read))
    #expect(!app.covers(path: "/pub/app", action: .read))
    let list = Capabilities(parsing: "/pub/app/:r,/pub/app/x:w")
    #expect(list.covers(path: "/pub/app/x", action: .write))
    #expect(!list.covers(path: "/pub/app/x", action: .readWrite))
    #expect(Capabilities.root.covers(path: "/pub/anything", action: .readWrite))
}

@Test func bitkitDisplaySplitsAtTheLastColonAndRingAtTheFirst() {
    let caps = " /pub/a:b/:rw , ,/pub/c/:r,/pub/plain"
    #expect(
        CapabilityDisplay.bitkitRows(caps) == [
            CapabilityDisplay(path: "/pub/a:b/", access: "rw"),
            CapabilityDisplay(path: "/pub/c/", access: "r"),
        ])
    #expect(
        CapabilityDisplay.ringRows(caps) == [
            CapabilityDisplay(path: "/pub/a", access: "b/:rw"),
            CapabilityDisplay(path: "/pub/c/", access: "r"),
            CapabilityDisplay(path: "/pub/plain", access: ""),
        ])
    #expect(CapabilityDisplay.bitkitRows("/pub/x/:rw")[0].readable)
    #expect(CapabilityDisplay.bitkitRows("/pub/x/:rw")[0].writable)
}

@Test func bitkitDropsEntriesWithoutAColonAPathOrAnAccess() {
    #expect(CapabilityDisplay.bitkitRows("/pub/pubky.app/rw,:rw,/pub/pubky.app/:,:").isEmpty)
    #expect(
        CapabilityDisplay.bitkitRows("/pub/pubky.app/:rw,/pub/x.y/:r,/pub/bad/rw,:w") == [
            CapabilityDisplay(path: "/pub/pubky.app/", access: "rw"),
            CapabilityDisplay(path: "/pub/x.y/", access: "r"),
        ])
    #expect(CapabilityDisplay.bitkitRows("/:x") == [CapabilityDisplay(path: "/", access: "x")])
}
