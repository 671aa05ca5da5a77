import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Foundation
import Testing

/// Paykit's contacts (`Contacts`, spec/05 §8): saving one and opening the list, step by step through
/// the reducer.
@Suite struct ContactsFeatureTests {
    typealias F = BitkitFixture
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func savingAContactStoresItAndShowsContactSaved() {
        let store = TestStore<Bitkit>(
            F.baseline(), .paykit(.addContact(name: " Bob ", pubky: "pubky" + F.b, receiverPath: "bitkit/server")))
        #expect(store.awaiting == .request(.loadDocument(.contacts)))
        store.answer(.reply(.document(nil)))
        let book = PaykitContactBook(contacts: [PaykitContact(name: "Bob", pubky: F.b, receiverPath: "bitkit/server")])
        #expect(store.awaiting == .request(.saveDocument(.contacts(book))))
        store.answer(.reply(.done))
        #expect(store.state.contacts.savedContact == F.b)
        #expect(store.state.memory?.top == .contactSaved)
        // Contact Saved shows the stored contacts.
        #expect(store.awaiting == .request(.loadDocument(.inbox)))
        store.answer(.reply(.document(nil)))
        #expect(store.awaiting == .request(.loadDocument(.contacts)))
        store.answer(.reply(.document(.contacts(book))))
        #expect(store.awaiting == .readClock)
        store.answer(.clock(Self.now))
        #expect(store.outcome == .finished)
        #expect(store.state.paykitShown?.contacts == book)
    }

    @Test func aContactNeedsAPubkyAndAReceiverPath() {
        let noKey = TestStore<Bitkit>(
            F.baseline(), .paykit(.addContact(name: "Bob", pubky: "bob", receiverPath: "bitkit/server")))
        #expect(
            noKey.outcome
                == .failed("\(BitkitAppError.invalidArgument("'bob' is not a pubky (52 z-base-32 characters)."))"))
        let noPath = TestStore<Bitkit>(F.baseline(), .paykit(.addContact(name: "Bob", pubky: F.b, receiverPath: "x")))
        #expect(noPath.outcome != .finished)
        #expect(noKey.calls.isEmpty && noPath.calls.isEmpty)
        #expect(noKey.state.contacts.savedContact == nil)
    }

    @Test func contactsAreRefusedWhileThePaykitUIIsOff() {
        var off = F.baseline()
        off.defaults.paykitUIEnabled = false
        let store = TestStore<Bitkit>(off, .paykit(.openContacts))
        #expect(store.outcome == .finished)
        #expect(store.calls.isEmpty)
        #expect(store.notices.first?.contains("the Paykit UI is off") == true)
        #expect(store.state.memory?.top == .home)
    }
}
