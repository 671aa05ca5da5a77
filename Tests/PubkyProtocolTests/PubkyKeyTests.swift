import PubkyProtocol
import Testing

private let w = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"

/// spec/06 §0.1 fixture identities: bare key, Bitkit caption, Ring short form.
private let fixtures: [(bare: String, caption: String, ring: String)] = [
    (w, "AIHF...A3IY", "aihfh...na3iy"),
    ("tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy", "TKRQ...P7QY", "tkrq8...xp7qy"),
    ("orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky", "ORHZ...SQKY", "orhzq...jsqky"),
    ("gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o", "GCUM...A19O", "gcumb...6a19o"),
]

@Test(arguments: fixtures.indices)
func fixtureCaptionsAndRingShortFormsMatchTheScenarioTable(index: Int) {
    let fixture = fixtures[index]
    #expect(PubkyKey.bitkitTruncated(fixture.bare).uppercased() == fixture.caption)
    #expect(PubkyKey.bitkitTruncated(fixture.bare) == fixture.caption.lowercased())
    #expect(PubkyKey.bitkitTruncated("pubky" + fixture.bare).uppercased() == fixture.caption)
    #expect(PubkyKey.ringShortForm(fixture.bare) == fixture.ring)
    #expect(PubkyKey.ringShortForm("pubky" + fixture.bare) == fixture.ring)
    #expect(PubkyKey.ringShortForm("pk:" + fixture.bare) == fixture.ring)
}

@Test func bitkitTruncationDropsPubkyPrefixInAnyCaseAndKeepsShortTextsUnchanged() {
    #expect(PubkyKey.bitkitTruncated("  PUBKY" + w + "\n") == "aihf...a3iy")
    #expect(PubkyKey.bitkitTruncated("PubKy" + w) == "aihf...a3iy")
    #expect(PubkyKey.bitkitTruncated(" abcdefghij ") == "abcdefghij")
    #expect(PubkyKey.bitkitTruncated("abcdefghijk") == "abcd...hijk")
    // 56 characters starting with `pubky`: not a prefixed key, so nothing is dropped.
    #expect(PubkyKey.bitkitTruncated("pubky" + String(w.dropLast())) == "pubk...na3i")
}

@Test func pubkyPrefixedNeedsExactlyFiftyTwoCharactersAfterThePrefix() {
    #expect(PubkyKey.isPrefixed("pubky" + w))
    #expect(!PubkyKey.isPrefixed(w))
    // A bare key that happens to begin with the letters `pubky` is not prefixed.
    let bareStartingWithPubky = "pubky" + String(w.dropFirst(5))
    #expect(bareStartingWithPubky.count == 52)
    #expect(!PubkyKey.isPrefixed(bareStartingWithPubky))
    #expect(!PubkyKey.isPrefixed("pubky" + w + "y"))
}

@Test func bitkitNormalisationAcceptsBareAndPrefixedFormsInAnyCase() throws {
    #expect(try PubkyKey.bitkitNormalized(w) == w)
    #expect(try PubkyKey.bitkitNormalized("  PUBKY" + w.uppercased() + " ") == w)
    #expect(try PubkyKey.bitkitRendered(w) == "pubky" + w)
    let bareStartingWithPubky = "pubky" + String(w.dropFirst(5))
    #expect(try PubkyKey.bitkitNormalized(bareStartingWithPubky) == bareStartingWithPubky)
}

@Test func bitkitNormalisationRejectsWrongLengthsAndForeignCharacters() {
    #expect(throws: PubkyKeyError.invalidLength(51)) {
        try PubkyKey.bitkitNormalized(String(w.dropLast()))
    }
    #expect(throws: PubkyKeyError.invalidLength(57)) { try PubkyKey.bitkitNormalized("pk:xy" + w) }
    #expect(throws: PubkyKeyError.invalidLength(0)) { try PubkyKey.bitkitNormalized("   ") }
    // `l`, `v` and `2` are not in the z-base-32 alphabet.
    #expect(throws: PubkyKeyError.invalidCharacters) {
        try PubkyKey.bitkitNormalized("l" + String(w.dropFirst()))
    }
    #expect(throws: PubkyKeyError.invalidCharacters) {
        try PubkyKey.bitkitNormalized("pubky2" + String(w.dropFirst()))
    }
}

@Test func bitkitRedactionKeepsTwelveCharactersOfTheNormalisedKey() {
    #expect(PubkyKey.bitkitRedacted(w) == "pubkyaihfhgd...")
    #expect(PubkyKey.bitkitRedacted("PUBKY" + w) == "pubkyaihfhgd...")
    #expect(PubkyKey.bitkitRedacted("gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o") == "pubkygcumbhd...")
}
