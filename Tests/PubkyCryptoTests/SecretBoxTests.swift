import PubkyCrypto
import Testing

private let clientSecret = hex("92a9dc784320acd40cff18b4ea84178c0ddc2475ff4509b0d4163a244d5bb1ef")
private let nonce = (0..<24).map { UInt8($0) }
/// The 120-byte AuthToken of spec/04 §6.1 (secret 00×32, caps /:rw).
private let authToken = hex(
    "072028a652776bb0aa92409809ad200896ac39894ccb96c2078158efdec3b7e093300a437dedf23d77f0cf7cf899b359e7ffbbb937a79ada3e812dbb9fe531065055424b593a415554480000060a24181e40003b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29042f3a7277"
)
/// spec/04 §6.2 wire value: nonce ‖ MAC ‖ ciphertext.
private let wire = hex(
    "000102030405060708090a0b0c0d0e0f1011121314151617cf87a47089d72a76047c63cebea69434dca816c9dd562b5ab481063fac143ab5f83ffbddc5321e1f64c528c53ee78f4b208287889061c529ff656e64f81db8e0a21df0cbea52b6591263c21d12fe5d606e265c2b87cd8a3ed2826abc562e15cf5cb4d18d23789da384c896836f146699cdd7513b4fb8d142bafb82515437f72ab143a1a35707bb17"
)

@Test func secretBoxSealsTheSpecAuthTokenToTheSpecWireValue() {
    #expect(authToken.count == 120)
    let boxed = SecretBox.seal(authToken, key: clientSecret, nonce: nonce)
    #expect(boxed.count == 136)
    #expect(nonce + boxed == wire)
}

@Test func secretBoxOpensTheSpecWireValue() {
    #expect(
        SecretBox.open(Array(wire.dropFirst(24)), key: clientSecret, nonce: Array(wire.prefix(24)))
            == authToken)
}

@Test func secretBoxRejectsTamperingWrongKeysAndBadLengths() {
    var boxed = Array(wire.dropFirst(24))
    boxed[boxed.count - 1] ^= 1
    #expect(SecretBox.open(boxed, key: clientSecret, nonce: nonce) == nil)
    let intact = Array(wire.dropFirst(24))
    #expect(SecretBox.open(intact, key: [UInt8](repeating: 0, count: 32), nonce: nonce) == nil)
    #expect(SecretBox.open(intact, key: clientSecret, nonce: [UInt8](repeating: 0, count: 24)) == nil)
    #expect(SecretBox.open(Array(intact.prefix(15)), key: clientSecret, nonce: nonce) == nil)
    #expect(SecretBox.open(intact, key: Array(clientSecret.prefix(31)), nonce: nonce) == nil)
    #expect(SecretBox.open(intact, key: clientSecret, nonce: Array(nonce.prefix(23))) == nil)
}

@Test func secretBoxRoundTripsAnEmptyPlaintext() {
    let boxed = SecretBox.seal([], key: clientSecret, nonce: nonce)
    #expect(boxed.count == 16)
    #expect(SecretBox.open(boxed, key: clientSecret, nonce: nonce) == [])
}
