import PubkyCrypto
import Testing

private let secret = hex("5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1")
private let nonce = (0..<24).map { UInt8($0) }
private let header = ascii("pubky.org/recovery\n")

@Test func recoveryFileHasTheSpecLayoutAndRoundTrips() throws {
    let file = try RecoveryFile.encode(secret: secret, passphrase: "correct horse", nonce: nonce)
    #expect(file.count == 91)
    #expect(RecoveryFile.length == 91)
    #expect(Array(file.prefix(19)) == header)
    #expect(Array(file[19..<43]) == nonce)
    #expect(try RecoveryFile.decode(file, passphrase: "correct horse") == secret)
    // The box is the secretbox of the secret under the Argon2id key; the passphrase is not stored.
    #expect(!String(decoding: file, as: UTF8.self).contains("correct horse"))
}

@Test func recoveryFileUsesARandomNonceByDefault() throws {
    let a = try RecoveryFile.encode(secret: secret, passphrase: "passphrase")
    let b = try RecoveryFile.encode(secret: secret, passphrase: "passphrase")
    #expect(a.count == 91)
    #expect(a[19..<43] != b[19..<43])
    #expect(try RecoveryFile.decode(b, passphrase: "passphrase") == secret)
}

@Test func recoveryFileDecodesTheSpecKeyVector() throws {
    // spec/04 §11: the empty passphrase derives c8aa28bd…db8b; a file boxed under that key must decode to
    // its secret (decoding, unlike encoding, accepts any passphrase).
    let key = hex("c8aa28bdaa686d9b93eaeecb1f94f603f6a702bc75511cc60d2d022857f1db8b")
    let sampleSecret = hex("49609e0565ea9dfe8eef9592eab947928f07aba6eaee8d81a0fd7ca8337cf463")
    let file =
        ascii("pkarr.org/recovery\n") + nonce + SecretBox.seal(sampleSecret, key: key, nonce: nonce)
    let decoded = try RecoveryFile.decode(file, passphrase: "")
    #expect(decoded == sampleSecret)
    #expect(
        Ed25519KeyPair(seed: decoded)?.pubky == "htbqf4wzp9c1qc5r77h86shpekcqop5icognmbwyb3szhkxnh5wy")
}

@Test func recoveryFileRejectsAWrongPassphrase() throws {
    let file = try RecoveryFile.encode(secret: secret, passphrase: "right passphrase", nonce: nonce)
    #expect(throws: RecoveryFileError.wrongPassphrase) {
        try RecoveryFile.decode(file, passphrase: "wrong passphrase")
    }
    var corrupted = file
    corrupted[60] ^= 0x01
    #expect(throws: RecoveryFileError.wrongPassphrase) {
        try RecoveryFile.decode(corrupted, passphrase: "right passphrase")
    }
    #expect(RecoveryFileError.wrongPassphrase.description == "Wrong passphrase or corrupted file")
}

@Test func recoveryFileRejectsTruncatedFilesWithoutRunningTheKDF() throws {
    let file = try RecoveryFile.encode(secret: secret, passphrase: "passphrase", nonce: nonce)
    for length in [19, 20, 42, 43, 58, 90] {
        #expect(throws: RecoveryFileError.truncated(length: length)) {
            try RecoveryFile.decode(Array(file.prefix(length)), passphrase: "passphrase")
        }
    }
    #expect(RecoveryFileError.truncated(length: 90).description.contains("truncated"))
}

@Test func recoveryFileRejectsForeignFiles() {
    for file in [
        [], ascii("pubky.org/recovery"), ascii("hello world"),
        ascii("PUBKY.ORG/RECOVERY\n") + nonce + nonce,
    ] {
        #expect(throws: RecoveryFileError.notARecoveryFile) {
            try RecoveryFile.decode(file, passphrase: "passphrase")
        }
    }
}

@Test func recoveryFileEncoderRefusesBadInput() {
    #expect(throws: RecoveryFileError.emptyPassphrase) {
        try RecoveryFile.encode(secret: secret, passphrase: "")
    }
    #expect(throws: RecoveryFileError.invalidSecretLength(31)) {
        try RecoveryFile.encode(secret: Array(secret.prefix(31)), passphrase: "passphrase")
    }
    #expect(throws: RecoveryFileError.invalidNonceLength(12)) {
        try RecoveryFile.encode(
            secret: secret, passphrase: "passphrase", nonce: Array(nonce.prefix(12)))
    }
}

@Test func recoveryFileKeysTheBoxWithTheSpecArgon2idParameters() throws {
    // spec/04 §11: "very secure password" derives e865e862…2016.
    let key = hex("e865e8625a20808c80f62a09d8071a1e1f0168ac8087f05c7684d1da23b82016")
    let file = try RecoveryFile.encode(
        secret: secret, passphrase: "very secure password", nonce: nonce)
    #expect(file == header + nonce + SecretBox.seal(secret, key: key, nonce: nonce))
}
