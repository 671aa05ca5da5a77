import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Foundation
import Testing

/// Incoming payment requests (`PaymentRequests`, spec/05 §2, §6, §8): Reject, an expired request,
/// the confirmation's Confirm and Dismiss, step by step through the reducer.
@Suite struct PaymentRequestsFeatureTests {
    typealias F = BitkitFixture
    static let now = Date(timeIntervalSince1970: 1_767_225_600)
    static let key = PaymentRequestKey(id: "r1", counterparty: F.b, receiverPath: "bitkit/server")
    static let address = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080"

    /// A request of 1,000 sats from contact B, as the gate accepted it.
    static func pending(expirySeconds: Int64? = nil) -> PendingPaymentRequest {
        var json: [String: Any] = [
            "key": ["id": key.id, "counterparty": key.counterparty, "receiverPath": key.receiverPath],
            "issuer": F.b, "issuerReceiverPath": "bitkit/server", "sats": 1_000, "identifiers": [String](),
            "autoPresented": false,
        ]
        if let expirySeconds { json["expirySeconds"] = expirySeconds }
        return try! JSONDecoder().decode(PendingPaymentRequest.self, from: JSONSerialization.data(withJSONObject: json))
    }

    static func inbox(_ requests: PendingPaymentRequest...) -> PaymentRequestInbox {
        var inbox = PaymentRequestInbox()
        inbox.pending = requests
        return inbox
    }

    /// Bitkit signed in, showing the confirmation of an on-chain payment of the request to `address`.
    static func confirming() -> BitkitState {
        var (state, _) = F.adoptedA()
        state.memory?.path = [.paymentRequestConfirm]
        var paykit = PaykitMemory()
        paykit.confirmation = PaymentConfirmation(
            key: key, issuer: F.b, sats: 1_000, method: .onchain, destination: address, fallbackAddress: nil,
            paymentText: address)
        state.memory?.paykit = paykit
        return state
    }

    @Test func rejectingARequestRecordsItHandledAndPaysNothing() {
        let store = TestStore<Bitkit>(F.baseline(), .paykit(.reject("r1")))
        #expect(store.awaiting == .request(.loadDocument(.inbox)))
        store.answer(.reply(.document(.inbox(Self.inbox(Self.pending())))))
        #expect(store.state.memory?.sheet == .paymentRequests)
        #expect(store.awaiting == .readClock)
        store.answer(.clock(Self.now))
        var handled = PaymentRequestInbox()
        handled.handled = [HandledPaymentRequest(key: Self.key, outcome: .rejected, sats: 1_000, at: Self.now)]
        #expect(store.awaiting == .request(.saveDocument(.inbox(handled))))
        store.answer(.reply(.done))
        // The sheet lists what is stored now.
        #expect(store.awaiting == .request(.loadDocument(.inbox)))
        store.answer(.reply(.document(.inbox(handled))))
        #expect(store.awaiting == .request(.loadDocument(.contacts)))
        store.answer(.reply(.document(nil)))
        #expect(store.awaiting == .readClock)
        store.answer(.clock(Self.now))
        #expect(store.outcome == .finished)
        #expect(store.state.paykitShown?.inbox == handled)
        #expect(store.toasts.isEmpty)
    }

    /// spec/05 §2.4: an expiry noticed on Pay is logged, toasted, and the request leaves the list.
    @Test func payingAnExpiredRequestDropsItWithTheExpiryToast() {
        var world = F.walletWorld()
        world.inbox = Self.inbox(Self.pending(expirySeconds: 1_700_000_000))
        let store = TestStore<Bitkit>(F.baseline(), .paykit(.pay("r1")))
        store.run { world.respond($0, $1) }
        #expect(store.toasts == [PaymentRequestTexts.expired.text])
        #expect(world.inbox?.pending == [])
        #expect(!store.calls.contains(.request(.openPaykit)))
        #expect(store.journal.contains { $0.kind == .log(.presentation) })
    }

    /// spec/05 §6: Confirm re-checks the request as it is now and pays exactly what was shown.
    @Test func confirmingPaysExactlyTheAmountAndAddressShown() {
        var world = F.walletWorld()
        world.inbox = Self.inbox(Self.pending())
        world.funds = WalletFunds(onchainSats: 5_000)
        let store = TestStore<Bitkit>(Self.confirming(), .paykit(.confirm))
        #expect(store.awaiting == .checkpoint(.requestsBeforeSend))
        store.run { world.respond($0, $1) }
        #expect(world.payments == [.payOnchain(address: Self.address, sats: 1_000)])
        #expect(world.funds == WalletFunds(onchainSats: 4_000))
        #expect(world.inbox?.pending == [])
        #expect(world.inbox?.handled.map(\.outcome) == [.paid])
        #expect(store.state.paymentRequests.confirmation == nil)
        #expect(store.state.memory?.top == .home)
        #expect(store.toasts.count == 1)
    }

    @Test func dismissingTheConfirmationClosesItAndPaysNothing() {
        let store = TestStore<Bitkit>(Self.confirming(), .paykit(.dismiss))
        #expect(store.outcome == .finished)
        #expect(store.calls.isEmpty)
        #expect(store.state.paymentRequests.confirmation == nil)
        #expect(store.state.memory?.top == .home)
    }

    @Test func withoutAProfileSynchronisingFetchesNothing() {
        let store = TestStore<Bitkit>(F.baseline(), .paykit(.sync))
        #expect(store.outcome == .finished)
        #expect(store.calls.isEmpty)
        #expect(store.notices.count == 1)
    }
}
