import PubkyCrypto
import Testing

@Test func argon2idMatchesRFC9106Vector() throws {
    let tag = try Argon2id.hash(
        password: [UInt8](repeating: 1, count: 32), salt: [UInt8](repeating: 2, count: 16),
        memoryKiB: 32,
        iterations: 3, parallelism: 4, length: 32, secret: [UInt8](repeating: 3, count: 8),
        associatedData: [UInt8](repeating: 4, count: 12))
    #expect(Hex.encode(tag) == "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
}

@Test func argon2idOfTheRecoveryPassphrasesMatchesSpec() throws {
    // spec/04 §11: salt "recovery" (8 bytes), m = 19456 KiB, t = 2, p = 1.
    let empty = try Argon2id.hash(
        password: [], salt: ascii("recovery"), memoryKiB: 19456, iterations: 2, parallelism: 1,
        length: 32)
    #expect(Hex.encode(empty) == "c8aa28bdaa686d9b93eaeecb1f94f603f6a702bc75511cc60d2d022857f1db8b")
    let phrase = try Argon2id.hash(
        password: ascii("very secure password"), salt: ascii("recovery"), memoryKiB: 19456,
        iterations: 2,
        parallelism: 1, length: 32)
    #expect(Hex.encode(phrase) == "e865e8625a20808c80f62a09d8071a1e1f0168ac8087f05c7684d1da23b82016")
}

/// Computed with argon2-cffi `hash_secret_raw(…, type=Type.ID)`: (password, salt, m, t, p, length, tag).
private let referenceVectors: [(String, String, Int, Int, Int, Int, String)] = [
    (
        "password", "somesalt", 64, 1, 1, 32,
        "729c7a54441bc13559bdca71348c4e554599e719c08a952601ed5c83618c1bbd"
    ),
    (
        "password", "somesalt", 256, 2, 2, 32,
        "6d093c501fd5999645e0ea3bf620d7b8be7fd2db59c20d9fff9539da2bf57037"
    ),
    (
        "password", "saltsalt", 1024, 3, 4, 64,
        "fb8303dfee1998374b478d75bbfc7b650c1202c78c8e7f2430acb379c23e7c65bdf5c474e9ec63206b247c223078aca4e2a46eb766b5c3b59f7b498f98d537fb"
    ),
    ("pw", "12345678", 8, 1, 1, 4, "a42b0dfd"),
    (
        "password", "somesalt", 100, 3, 1, 100,
        "2617a29f371e005a832fe92d4995781f32fa7963a609396d59db26ccad4f5e0626a9873cf05a25d761b9ff3bef848180c17fe47503fde7d98e46fadf5403b61e9bb3142a8afa04abeb012f4f63bf8a60ae6fc595f668d364c25aa398a2f148c63e503aae"
    ),
    // m = 37 with p = 3 rounds down to 36 blocks.
    ("password", "somesalt", 37, 5, 3, 16, "ee0a3679e8c12de8d150161ccf71a3b7"),
]

@Test func argon2idMatchesTheReferenceImplementation() throws {
    for (password, salt, memory, iterations, parallelism, length, tag) in referenceVectors {
        let output = try Argon2id.hash(
            password: ascii(password), salt: ascii(salt), memoryKiB: memory, iterations: iterations,
            parallelism: parallelism, length: length)
        #expect(Hex.encode(output) == tag, "m=\(memory) t=\(iterations) p=\(parallelism) T=\(length)")
    }
}

@Test func argon2idRejectsInvalidParameters() {
    #expect(throws: Argon2Error.saltTooShort(7)) {
        try Argon2id.hash(
            password: [], salt: ascii("recover"), memoryKiB: 64, iterations: 1, parallelism: 1, length: 32
        )
    }
    #expect(throws: Argon2Error.outputTooShort(3)) {
        try Argon2id.hash(
            password: [], salt: ascii("recovery"), memoryKiB: 64, iterations: 1, parallelism: 1, length: 3
        )
    }
    #expect(throws: Argon2Error.invalidCost(iterations: 0, parallelism: 1)) {
        try Argon2id.hash(
            password: [], salt: ascii("recovery"), memoryKiB: 64, iterations: 0, parallelism: 1,
            length: 32)
    }
    #expect(throws: Argon2Error.invalidCost(iterations: 1, parallelism: 0)) {
        try Argon2id.hash(
            password: [], salt: ascii("recovery"), memoryKiB: 64, iterations: 1, parallelism: 0,
            length: 32)
    }
    #expect(throws: Argon2Error.memoryTooSmall(memoryKiB: 15, parallelism: 2)) {
        try Argon2id.hash(
            password: [], salt: ascii("recovery"), memoryKiB: 15, iterations: 1, parallelism: 2,
            length: 32)
    }
}
