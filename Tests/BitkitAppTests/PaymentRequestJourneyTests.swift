import AppSupport
import Backend
import BitkitApp
import Foundation
import Testing

/// The incoming payment-request journey of spec/05 §8 and spec/06 P1, P3, P4, step by step.
@Suite struct PaymentRequestJourneyTests {
    /// P1 step 1: an accepted request presents itself on arrival with the request's sats.
    @Test func anAcceptedRequestPresentsItsConfirmationOnSync() throws {
        let journey = try PaymentRequestTestWorld()
        let address = journey.address()
        try journey.publish("btc-regtest-p2wpkh", value: address)
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"], note: "  Order 42  ")
        let screen = try journey.send(.sync)
        #expect(screen.route == "PaymentRequestConfirm")
        #expect(screen.stack == ["home", "PaymentRequestConfirm"])
        #expect(screen.value("ReviewAmount") == "100 000 sats")
        #expect(screen.toasts.isEmpty)
        #expect(screen.buttons.map(\.id) == ["SendConfirmToggleDetails", "GRAB", "SimNavigationClose"])
        // The recipient and destination appear only with the details toggle.
        #expect(screen.value("ReviewContactRecipient") == nil)
        let details = try journey.send(.toggleDetails)
        #expect(details.value("ReviewContactRecipient") == "Shop")
        #expect(details.value("ReviewUri") == address)
        #expect(try journey.state().pending.map(\.autoPresented) == [true])
    }

    /// P1 steps 2–3: the bell's row, the details screen and back.
    @Test func theBellListsTheRowAndItsDetailsShowAmountStatusSenderAndNote() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"], note: "  Order 42  ")
        try journey.send(.sync)
        #expect(try journey.send(.dismiss).route == "home")
        let bell = try journey.send(.openBell)
        let sheet = try #require(bell.sheet)
        #expect(sheet.id == "PaymentRequestsSheet")
        #expect(sheet.rows.map(\.id) == ["PaymentRequestRow-Q1-\(Fixture.c)-bitkit/server-one-time"])
        #expect(sheet.rows.map(\.caption) == ["100 000 sats"])
        #expect(sheet.rows.map(\.title) == ["Shop"])
        #expect(sheet.buttons.map(\.id) == ["PaymentRequestPay-Q1", "PaymentRequestDismiss-Q1"])
        let detail = try journey.send(.openRequest("Q1"))
        #expect(detail.route == "PaymentRequestDetailScreen")
        #expect(detail.sheet == nil)
        #expect(detail.value("PaymentRequestDetailsAmount") == "100 000 sats")
        #expect(detail.value("PaymentRequestDetailsStatus") == "Waiting for payment")
        #expect(detail.value("PaymentRequestFrom") == "Shop")
        #expect(detail.value("PaymentRequestFor") == "One-time payment")
        #expect(detail.value("PaymentRequestInvoiceNote") == "Order 42")
        #expect(detail.buttons.map(\.id) == ["NavigationBack"])
        let back = try journey.world.send(.back)
        #expect(back.route == "home")
        #expect(back.sheet == nil)
        // The full row id opens the same row.
        let again = try journey.send(.openRequest("PaymentRequestRow-Q1-\(Fixture.c)-bitkit/server-one-time"))
        #expect(again.route == "PaymentRequestDetailScreen")
    }

    /// P1 steps 4–5 and the expectation "confirming broadcasts one transaction paying exactly 100 000 sats
    /// to X; the request is no longer pending".
    @Test func confirmingPaysExactlyTheShownAmountToTheShownAddress() throws {
        let journey = try PaymentRequestTestWorld()
        let address = journey.address()
        try journey.publish("btc-regtest-p2wpkh", value: address)
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        try journey.send(.sync)
        try journey.send(.dismiss)
        let confirm = try journey.send(.pay("Q1"))
        #expect(confirm.route == "PaymentRequestConfirm")
        #expect(confirm.value("ReviewAmount") == "100 000 sats")
        #expect(try journey.ledger().onchain.isEmpty)
        let paid = try journey.send(.confirm)
        #expect(paid.route == "home")
        #expect(paid.toasts.map(\.text) == ["success · Payment Sent · 100 000 sats"])
        let ledger = try journey.ledger()
        #expect(ledger.onchain.map(\.address) == [address])
        #expect(ledger.onchain.map(\.amountSat) == [100_000])
        #expect(ledger.onchain.map(\.confirmations) == [0])
        #expect(ledger.lightning.isEmpty)
        let state = try journey.state()
        #expect(state.pending.isEmpty)
        #expect(state.handled.map(\.outcome) == [.paid])
        #expect(state.handled.first?.txid == ledger.onchain.first?.txid)
        #expect(state.handled.first?.destination == address)
        #expect(state.funds == WalletFunds(onchainSats: 200_000, lightningSats: 300_000))
        #expect(state.usedAddresses == [address])
        #expect(state.confirmation == nil)
        // Mined: one confirmation at the next height.
        _ = try journey.world.store.mineBlocks(1)
        #expect(try journey.ledger().onchain.map(\.blockHeight) == [101])
        // A later sync does not bring the paid request back.
        let later = try journey.send(.sync)
        #expect(later.route == "home")
        #expect(try journey.send(.openBell).sheet?.rows.isEmpty == true)
        #expect(try journey.ledger().onchain.count == 1)
    }

    /// P3: Reject removes the request, opens nothing and pays nothing.
    @Test func rejectRemovesTheRequestWithoutAnyPayment() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q3", identifiers: ["btc-regtest-p2wpkh"])
        try journey.send(.sync)
        try journey.send(.dismiss)
        try journey.send(.openBell)
        let rejected = try journey.send(.reject("Q3"))
        #expect(rejected.route == "home")
        #expect(rejected.sheet?.id == "PaymentRequestsSheet")
        #expect(rejected.sheet?.rows.isEmpty == true)
        #expect(rejected.sheet?.texts == ["No pending payment requests."])
        #expect(rejected.toasts.isEmpty)
        #expect(try journey.state().handled.map(\.outcome) == [.rejected])
        #expect(try journey.ledger().onchain.isEmpty)
        #expect(try journey.send(.sync).route == "home")
        #expect(try journey.state().pending.isEmpty)
        // A row that is no longer listed cannot be tapped.
        #expect(throws: BitkitAppError.self) { try journey.world.app.send(.paykit(.pay("Q3"))) }
    }

    /// P4: a request whose only identifier is another network's is never shown, and logged once across
    /// synchronisations.
    @Test func aWrongNetworkRequestIsNeverShownAndLoggedOnce() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-bitcoin-p2wpkh", value: journey.address(.bitcoin))
        try journey.request("Q4", identifiers: ["btc-bitcoin-p2wpkh"])
        for _ in 0..<2 {
            let screen = try journey.send(.sync)
            #expect(screen.route == "home")
            #expect(screen.toasts.isEmpty)
            #expect(screen.sheet == nil)
        }
        #expect(try journey.send(.openBell).sheet?.rows.isEmpty == true)
        #expect(try journey.logLines() == [PaymentRequestTestWorld.parseLineQ4])
        #expect(try journey.state().loggedFailures.map(\.reason) == ["no_supported_endpoint"])
    }

    /// spec/05 §2: normal filtering (a request we sent, a state that is not actionable) is not logged.
    @Test func normalFilteringIsNeitherShownNorLogged() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.request("Out", identifiers: ["btc-regtest-p2wpkh"], role: "payee")
        try journey.request("Done", identifiers: ["btc-regtest-p2wpkh"], state: "accepted")
        try journey.request("Odd", identifiers: ["btc-regtest-p2wpkh"], role: "unknown")
        try journey.request("Zero", amount: "0", identifiers: ["btc-regtest-p2wpkh"])
        let screen = try journey.send(.sync)
        #expect(screen.route == "home")
        #expect(try journey.state().pending.isEmpty)
        #expect(
            Set(try journey.logLines()) == [
                "category=parse reason=unsupported_local_role counterparty=pubkygcumbhd...",
                "category=parse reason=invalid_amount counterparty=pubkygcumbhd...",
            ])
    }

    /// A pending request that later fails the gate (the issuer withdrew it) leaves the list.
    @Test func aPendingRequestThatNowFailsTheGateLeavesTheList() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        try journey.send(.sync)
        #expect(try journey.state().pending.map(\.id) == ["Q1"])
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"], state: "canceled")
        try journey.send(.sync)
        #expect(try journey.state().pending.isEmpty)
        #expect(try journey.logLines().isEmpty)
    }

    /// Listings come 100 entries at a time: a sync reads every page, in path order.
    @Test func aSyncReadsEveryPageOfRequests() throws {
        let journey = try PaymentRequestTestWorld()
        let ids = (0..<150).map { String(format: "R%03d", $0) }
        for id in ids { try journey.request(id, identifiers: ["btc-regtest-p2wpkh"]) }
        try journey.send(.sync)
        #expect(try journey.state().pending.map(\.id) == ids)
        #expect(try journey.send(.openBell).sheet?.rows.count == 150)
    }

    /// Requests are read only from saved contacts (linked peers).
    @Test func requestsFromUnsavedIssuersNeverArrive() throws {
        let journey = try PaymentRequestTestWorld(contact: false)
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        #expect(try journey.send(.sync).route == "home")
        #expect(try journey.state().pending.isEmpty)
    }

    @Test func syncNeedsAnAuthenticatedPubky() throws {
        let world = try TestWorld()
        try world.baseline()
        let outcome = try world.outcome(.paykit(.sync))
        #expect(outcome.screen?.route == "home")
        #expect(outcome.notices.count == 1)
        #expect(try world.journal(event: "backend").isEmpty)
    }

    @Test func paykitActionsAreRefusedWhileThePaykitUIIsOff() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.world.send(.setPaykitUI(false))
        let outcome = try journey.world.outcome(.paykit(.openBell))
        #expect(outcome.screen?.sheet == nil)
        #expect(outcome.notices.count == 1)
        #expect(outcome.screen?.buttons.map(\.id).contains("PaymentRequestsBell") == false)
        try journey.world.send(.setPaykitUI(true))
        #expect(try journey.world.send(.home).buttons.map(\.id).contains("PaymentRequestsBell"))
    }

    /// A wallet reset takes the funds, contacts and requests with it.
    @Test func aWalletResetRemovesFundsContactsAndRequests() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        try journey.send(.sync)
        try journey.world.send(.reset(confirm: true))
        let state = try journey.state()
        #expect(state.pending.isEmpty)
        #expect(state.contacts.isEmpty)
        #expect(state.funds == WalletFunds())
    }

    @Test func contactsNeedANameAPubkyAndAReceiverPath() throws {
        let journey = try PaymentRequestTestWorld(contact: false)
        let app = try journey.world.app
        #expect(throws: BitkitAppError.self) {
            try app.send(.paykit(.addContact(name: "  ", pubky: Fixture.c, receiverPath: "bitkit/server")))
        }
        #expect(throws: BitkitAppError.self) {
            try app.send(.paykit(.addContact(name: "Shop", pubky: "not-a-key", receiverPath: "bitkit/server")))
        }
        #expect(throws: BitkitAppError.self) {
            try app.send(.paykit(.addContact(name: "Shop", pubky: Fixture.c, receiverPath: "../etc")))
        }
        let saved = try journey.send(
            .addContact(name: " Shop ", pubky: "pubky" + Fixture.c, receiverPath: "bitkit/wallet"))
        #expect(saved.route == "contactSaved")
        #expect(saved.texts == ["Shop", "pubky" + Fixture.c, "bitkit/wallet"])
        #expect(
            try journey.state().contacts == [
                PaykitContact(name: "Shop", pubky: Fixture.c, receiverPath: "bitkit/wallet")
            ])
        let list = try journey.send(.openContacts)
        #expect(list.rows.map(\.id) == ["Contact_pubky\(Fixture.c)"])
        #expect(list.rows.map(\.caption) == ["GCUM...A19O"])
    }
}
