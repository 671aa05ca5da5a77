import Foundation

extension BackendClient {
    /// Broadcasts an on-chain payment of `amountSat` to `address` (regtest by default); it has no
    /// confirmations until blocks are mined (`BackendStore.mineBlocks`).
    public func payOnchain(
        address: String, amountSat: UInt64, network: String = "regtest"
    )
        throws(BackendError)
        -> BackendReply<OnchainPayment>
    {
        guard !address.isEmpty, amountSat > 0 else {
            throw .invalidInput("a payment needs an address and an amount")
        }
        return try call(.ledger, "broadcast") { exchange in
            try exchange.request(.ledger, "broadcast", host: network, subject: address) {
                try Ledger(exchange: exchange).payOnchain(
                    address: address, amountSat: amountSat, network: network)
            }
        }
    }

    /// Pays a Lightning invoice for `amountMsat`. Pass the invoice's payment hash when the caller decoded
    /// it; otherwise one is derived from a fresh preimage.
    public func payLightning(
        invoice: String, amountMsat: UInt64, paymentHash: String? = nil
    )
        throws(BackendError)
        -> BackendReply<LightningPayment>
    {
        guard !invoice.isEmpty, amountMsat > 0 else {
            throw .invalidInput("a payment needs an invoice and an amount")
        }
        return try call(.ledger, "pay invoice") { exchange in
            try exchange.request(.ledger, "pay invoice", host: "lightning", subject: paymentHash) {
                try Ledger(exchange: exchange).payLightning(
                    invoice: invoice, amountMsat: amountMsat, paymentHash: paymentHash)
            }
        }
    }

    /// The on-chain payment `txid` with its current confirmations, or nil.
    public func onchainPayment(txid: String) throws(BackendError) -> BackendReply<OnchainPayment?> {
        try call(.ledger, "get transaction") { exchange in
            try exchange.request(.ledger, "get transaction", host: "regtest", subject: txid) {
                .ok(try Ledger.onchainPayment(txid: txid, exchange.database), after: ServiceLatency.ledger)
            }
        }
    }

    /// The Lightning payment with `paymentHash`, or nil.
    public func lightningPayment(
        paymentHash: String
    ) throws(BackendError) -> BackendReply<
        LightningPayment?
    > {
        try call(.ledger, "get payment") { exchange in
            try exchange.request(.ledger, "get payment", host: "lightning", subject: paymentHash) {
                .ok(
                    try exchange.database.queryFirst(
                        "SELECT \(Ledger.lightningColumns) FROM lightning_payments WHERE payment_hash = ?1",
                        [.text(paymentHash)]
                    ) { Ledger.lightningPayment(row: $0) }, after: ServiceLatency.ledger)
            }
        }
    }
}
