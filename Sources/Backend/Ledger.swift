import Foundation
import PubkyCrypto

/// The regtest chain and Lightning network of the Paykit journey: payments are recorded, never
/// validated against balances (the wallet side owns those).
struct Ledger {
    /// The regtest tip of a new world.
    static let initialHeight = 100

    let exchange: Exchange

    private var database: Database { exchange.database }

    /// Broadcasts an on-chain payment: it waits in the mempool (no confirmations) until blocks are mined.
    func payOnchain(
        address: String, amountSat: UInt64, network: String
    ) throws -> Answer<
        OnchainPayment
    > {
        let txid = try Unique.draw(attempts: 64) { () -> String? in
            let txid = Hex.encode(exchange.random.bytes(32))
            let inserted = try database.run(
                "INSERT OR IGNORE INTO onchain_payments(txid, address, amount_sat, network, block_height, payer, created_at) "
                    + "VALUES(?1, ?2, ?3, ?4, NULL, ?5, ?6)",
                [
                    .text(txid), .text(address), .integer(Int64(clamping: amountSat)), .text(network),
                    .text(exchange.app),
                    .integer(exchange.nowMicroseconds),
                ])
            return inserted == 1 ? txid : nil
        }
        let payment = try Self.onchainPayment(txid: txid, database)
        guard let payment else { throw BackendError.internalFailure("payment \(txid) vanished") }
        return .ok(payment, after: ServiceLatency.ledger)
    }

    /// Pays a Lightning invoice. The payment hash is the invoice's when the caller decoded it, else
    /// SHA-256 of a fresh preimage.
    func payLightning(
        invoice: String, amountMsat: UInt64, paymentHash: String?
    ) throws -> Answer<
        LightningPayment
    > {
        let payment = try Unique.draw(attempts: 64) { () -> LightningPayment? in
            let preimage = exchange.random.bytes(32)
            let hash = paymentHash ?? Hex.encode(SHA256.hash(preimage))
            let payment = LightningPayment(
                paymentHash: hash, invoice: invoice, amountMsat: amountMsat, preimage: Hex.encode(preimage),
                payer: exchange.app, createdAt: exchange.now)
            let inserted = try database.run(
                "INSERT OR IGNORE INTO lightning_payments(payment_hash, invoice, amount_msat, preimage, payer, created_at) "
                    + "VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                [
                    .text(hash), .text(invoice), .integer(Int64(clamping: amountMsat)),
                    .text(payment.preimage),
                    .text(exchange.app), .integer(exchange.nowMicroseconds),
                ])
            if inserted == 1 { return payment }
            // A hash the caller supplied that was already paid is a real error, not a collision.
            if paymentHash != nil {
                throw BackendError.http(
                    service: .ledger, host: "lightning", status: 409, reason: "Invoice already paid")
            }
            return nil
        }
        return .ok(payment, after: ServiceLatency.ledger)
    }

    // MARK: Queries shared with the inspection views

    static func height(_ database: Database) throws -> Int {
        try database.queryFirst("SELECT value FROM meta WHERE key = 'regtest_height'") {
            Int($0.text(0)) ?? 0
        }
            ?? initialHeight
    }

    static let onchainColumns = "txid, address, amount_sat, network, block_height, payer, created_at"

    static func onchainPayment(row: Row, height: Int) -> OnchainPayment {
        let block = row.optionalInt64(4).map(Int.init)
        return OnchainPayment(
            txid: row.text(0), address: row.text(1), amountSat: UInt64(max(0, row.int64(2))),
            network: row.text(3),
            blockHeight: block, confirmations: block.map { max(0, height - $0 + 1) } ?? 0,
            payer: row.text(5),
            createdAt: Date(microseconds: row.int64(6)))
    }

    static func onchainPayment(txid: String, _ database: Database) throws -> OnchainPayment? {
        let height = try height(database)
        return try database.queryFirst(
            "SELECT \(onchainColumns) FROM onchain_payments WHERE txid = ?1", [.text(txid)]
        ) { onchainPayment(row: $0, height: height) }
    }

    static func onchainPayments(_ database: Database) throws -> [OnchainPayment] {
        let height = try height(database)
        return try database.query(
            "SELECT \(onchainColumns) FROM onchain_payments ORDER BY created_at, txid"
        ) {
            onchainPayment(row: $0, height: height)
        }
    }

    static let lightningColumns = "payment_hash, invoice, amount_msat, preimage, payer, created_at"

    static func lightningPayment(row: Row) -> LightningPayment {
        LightningPayment(
            paymentHash: row.text(0), invoice: row.text(1), amountMsat: UInt64(max(0, row.int64(2))),
            preimage: row.text(3), payer: row.text(4), createdAt: Date(microseconds: row.int64(5)))
    }

    static func lightningPayments(_ database: Database) throws -> [LightningPayment] {
        try database.query(
            "SELECT \(lightningColumns) FROM lightning_payments ORDER BY created_at, payment_hash"
        ) {
            lightningPayment(row: $0)
        }
    }

    /// Mines `count` blocks; the first one confirms everything waiting in the mempool.
    static func mine(_ count: Int, _ database: Database) throws -> Int {
        try database.transaction(.immediate) {
            let height = try height(database)
            guard count > 0 else { return height }
            try database.run(
                "UPDATE onchain_payments SET block_height = ?1 WHERE block_height IS NULL",
                [.int(height + 1)])
            try database.run(
                "INSERT INTO meta(key, value) VALUES('regtest_height', ?1) ON CONFLICT(key) DO UPDATE SET value = ?1",
                [.text(String(height + count))])
            return height + count
        }
    }
}
