/// The regtest chain and Lightning network of the Paykit journey.
enum Ledger {
  /// The regtest tip of a new world.
  static let initialHeight = 100
}
