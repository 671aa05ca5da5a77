import PubkyCrypto
import Testing

@Test func ed25519SeedOfZeroesDerivesTheUpstreamPubky() throws {
  let pair = try #require(Ed25519KeyPair(seed: [UInt8](repeating: 0, count: 32)))
  #expect(
    Hex.encode(pair.publicKey) == "3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29"
  )
  #expect(pair.pubky == "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo")
}
