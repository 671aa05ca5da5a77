import AppSupport
import Foundation
import PubkyCrypto
import RingApp
import Testing

/// Ring's reading of pasted or scanned text that is not a link (spec/03 §11): import data and
/// migration frames, which work offline, and the unknown-input text.
@Suite struct InputParsingTests {
    static let phraseWords = Key.wMnemonic.split(separator: " ").map(String.init)

    @Test(arguments: [
        "abandon-abandon_abandon+abandon abandon abandon abandon abandon abandon abandon abandon about",
        "abandon--abandon__abandon++abandon-_+abandon abandon abandon abandon abandon abandon abandon about",
        "ABANDON ABANDON ABANDON ABANDON ABANDON ABANDON ABANDON ABANDON ABANDON ABANDON ABANDON ABOUT",
        "pubkyring://abandon-abandon-abandon-abandon-abandon-abandon-abandon-abandon-abandon-abandon-abandon-about",
        "  abandon_abandon_abandon_abandon_abandon_abandon_abandon_abandon_abandon_abandon_abandon_about\n",
    ])
    func aPhraseWithAnySeparatorsImportsW(_ text: String) throws {
        let sim = try RingTestWorld()
        let screen = try sim.ring(.openLink(text, pubky: nil, confirm: false))
        #expect(screen.toasts.isEmpty)
        #expect(screen.route == "home")
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.w])
        let stored = String(decoding: try #require(try sim.privateItems().first).data, as: UTF8.self)
        #expect(stored == "{\"secretKey\":\"\(Key.wSecret)\",\"mnemonic\":\"\(Key.wMnemonic)\"}")
    }

    @Test func importsWorkOfflineAndASecretMayCarryTheWrapper() throws {
        let sim = try RingTestWorld()
        try sim.setOnline(false)
        try sim.ring(.openLink("pubkyring://\(Key.aSecret.uppercased())", pubky: nil, confirm: false))
        try sim.ring(.openLink(Self.phraseWords.joined(separator: "+"), pubky: nil, confirm: false))
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.a, Key.w])
    }

    @Test func aMigrationFrameImportsItsKeyEvenWithPlusOrEncodedSpaces() throws {
        let sim = try RingTestWorld()
        try sim.ring(.openLink("pubkyring://migrate?index=0&total=2&key=\(Key.aSecret)", pubky: nil, confirm: false))
        let phrase = Self.phraseWords.joined(separator: "%20")
        try sim.ring(.openLink("pubkyring://migrate/?index=1&total=2&key=\(phrase)", pubky: nil, confirm: false))
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.a, Key.w])
    }

    @Test func anInvalidPhraseOrUnknownTextIsUnrecognized() throws {
        let sim = try RingTestWorld()
        let words = Self.phraseWords.dropLast() + ["abandon"]
        for text in [
            words.joined(separator: "-"), "hello world", "pubkyring://nothing", "pubkyauth://secret_export?secret=x",
        ] {
            let screen = try sim.ring(.openLink(text, pubky: nil, confirm: false))
            #expect(
                screen.toasts.map(\.text) == [
                    "error · Error · Unrecognized format. Expected a recovery phrase, invite code, auth URL, or session request."
                ], "\(text)")
        }
        #expect(try sim.snapshot().pubkys.isEmpty)
    }
}
