/// A decoded, payable destination.
public enum PaymentTarget: Equatable, Sendable {
    case bolt11(Bolt11Invoice)
    case lnurlPay(LNURL)
    case onchain(BitcoinAddress)
}
