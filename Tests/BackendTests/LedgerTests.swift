import Foundation
import PubkyCrypto
import Testing

@testable import Backend

@Suite struct LedgerTests {
    @Test func anOnchainPaymentConfirmsAsBlocksAreMined() throws {
        let world = try TestWorld()
        let client = world.client()
        let payment = try client.payOnchain(address: "bcrt1qexample", amountSat: 100_000).value
        #expect(payment.txid.count == 64)
        #expect(payment.amountSat == 100_000)
        #expect(payment.network == "regtest")
        #expect(payment.confirmations == 0)
        #expect(payment.blockHeight == nil)
        #expect(try world.store.mineBlocks(1) == Ledger.initialHeight + 1)
        let confirmed = try #require(try client.onchainPayment(txid: payment.txid).value)
        #expect(confirmed.blockHeight == Ledger.initialHeight + 1)
        #expect(confirmed.confirmations == 1)
        try world.store.mineBlocks(5)
        #expect(try client.onchainPayment(txid: payment.txid).value?.confirmations == 6)
        #expect(try client.onchainPayment(txid: String(repeating: "0", count: 64)).value == nil)
        let view = try world.store.ledger()
        #expect(view.height == Ledger.initialHeight + 6)
        #expect(view.onchain.map(\.address) == ["bcrt1qexample"])
        #expect(view.onchain.first?.payer == "to.bitkit")
    }

    @Test func aLightningPaymentHashIsTheSHA256OfItsPreimage() throws {
        let world = try TestWorld()
        let client = world.client()
        let payment = try client.payLightning(invoice: "lnbcrt1m1example", amountMsat: 100_000_000)
            .value
        #expect(
            payment.paymentHash == Hex.encode(SHA256.hash(try #require(Hex.decode(payment.preimage)))))
        #expect(try client.lightningPayment(paymentHash: payment.paymentHash).value == payment)
        #expect(try world.store.ledger().lightning == [payment])
    }

    @Test func aDecodedPaymentHashCanOnlyBePaidOnce() throws {
        let world = try TestWorld()
        let client = world.client()
        let hash = String(repeating: "ab", count: 32)
        let payment = try client.payLightning(invoice: "lnbcrt1", amountMsat: 1000, paymentHash: hash)
            .value
        #expect(payment.paymentHash == hash)
        #expect(
            failure { try client.payLightning(invoice: "lnbcrt1", amountMsat: 1000, paymentHash: hash) }?
                .http == "409 Invoice already paid")
    }

    @Test func paymentsNeedADestinationAndAnAmount() throws {
        let world = try TestWorld()
        #expect(failure { try world.client().payOnchain(address: "", amountSat: 1) } != nil)
        #expect(failure { try world.client().payOnchain(address: "bcrt1q", amountSat: 0) } != nil)
        #expect(try world.store.ledger().onchain.isEmpty)
    }
}
