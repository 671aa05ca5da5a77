import PaykitContract

/// What the Paykit SDK and the wallet's node do on the network for payment requests. The app calls
/// only this, so the journey runs against the simulated backend or a test double.
public protocol PaykitNetwork: AnyObject {
    /// The request records `issuer` addressed to `recipient` (bare keys), already decrypted: one
    /// JSON text per record (spec/04 §13 allows delivering decoded records).
    func paymentRequests(from issuer: String, to recipient: String) throws(ServiceFailure) -> [[UInt8]]
    /// The public endpoints of `pubky` under `receiverPath` (file name = identifier, body = payload);
    /// empty bodies count as absent.
    func endpoints(of pubky: String, receiverPath: String) throws(ServiceFailure) -> [EndpointPayload]
    /// Broadcasts an on-chain payment of exactly `sats` to `address`; returns the txid.
    func payOnchain(address: String, sats: UInt64) throws(ServiceFailure) -> String
    /// Pays `invoice` (or an LNURL-pay target) with exactly `amountMsat`; returns the payment hash.
    func payLightning(invoice: String, amountMsat: UInt64, paymentHash: String?) throws(ServiceFailure) -> String
}
