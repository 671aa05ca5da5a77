import AppRuntime
import AppRuntimeTesting
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import RingApp
import Testing

/// Backing a pubky up (`KeyBackup`, spec/03 §14): the recovery file, step by step through the
/// reducer.
@Suite struct KeyBackupFeatureTests {
    typealias F = RingFixture

    /// A passphrase under 6 characters shows the inline error and reads nothing; a good one reads the
    /// stored key, draws the nonce, reads the clock for the name, and writes the file.
    @Test func aShortPassphraseIsRefusedBeforeAnyReadAndAGoodOneWritesTheFile() {
        var state = F.home([F.ownedA])
        state.memory?.stack = [.home, .detail(pubky: F.a), .backupFile(pubky: F.a)]
        let short = TestStore<Ring>(state, .createBackup(passphrase: "12345", destination: nil))
        #expect(short.outcome == .finished)
        #expect(short.calls.isEmpty)
        #expect(short.state.keyBackup.error == RingTexts.passphraseTooShort)
        let store = TestStore<Ring>(short.state, .createBackup(passphrase: "123456", destination: nil))
        #expect(store.state.keyBackup.error == nil)
        #expect(store.awaiting == .request(.store(.loadSecret(pubky: F.a))))
        store.answer(.reply(.secret(RingStoredSecret(secretKey: F.aSecret))))
        #expect(store.awaiting == .draw)
        store.answer(.drawn(11))
        #expect(store.awaiting == .readClock)
        store.answer(.clock(Date(timeIntervalSince1970: 1_767_225_600)))
        #expect(store.awaiting == .request(.filesFolder))
        store.answer(.reply(.folder(URL(fileURLWithPath: "/files"))))
        guard case .request(.writeFile(let url, let bytes))? = store.awaiting else {
            Issue.record("The file is written next; the step waits on \(String(describing: store.awaiting)).")
            return
        }
        #expect(url.deletingLastPathComponent().path == "/files")
        #expect(bytes.count == 91)
        store.answer(.reply(.done))
        #expect(store.outcome == .finished)
        #expect(store.state.store.entries.first?.isBackedUp == true)
        #expect(store.state.memory?.stack == [.home, .detail(pubky: F.a)])
    }

    @Test func aBackupReadsTheStoredKeyAndAnAdoptedPubkyHasNone() {
        var world = RingFakeWorld()
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        var state = F.home([F.ownedA, F.adoptedW])
        state.memory?.stack = [.home, .detail(pubky: F.a), .backupFile(pubky: F.a)]
        let store = TestStore<Ring>(state, .createBackup(passphrase: "secret!", destination: nil))
        store.run { world.respond($0, $1) }
        #expect(store.calls.first == .request(.store(.loadSecret(pubky: F.a))))
        #expect(world.files.values.first?.count == 91)
        #expect(store.state.store.entries.first?.isBackedUp == true)
        let adopted = TestStore<Ring>(F.home([F.adoptedW]), .openBackup(ref: F.w))
        adopted.run { world.respond($0, $1) }
        #expect(adopted.outcome.map { if case .failed = $0 { return true } else { return false } } == true)
        #expect(adopted.calls.isEmpty)
    }
}
