import Foundation
import PubkyCrypto
import SimCLI
import WorldFiles

/// `simctl files …`: the device's Files folder (`.sim/files/`, where Ring's backup exports land) —
/// list it, read a recovery file independently of Ring, or put a file there as AirDrop would.
enum FilesCommands {
    static let group = Command(
        "files", summary: "The device's Files folder: list it, decrypt a recovery file, put a file there.",
        subcommands: [list, decrypt, put])

    struct ListOutput: Encodable {
        struct File: Encodable {
            var name: String
            var size: Int
            /// The bytes in lowercase hex (the first `hexLimit` bytes of a larger file).
            var hex: String
        }
        var files: [File]
    }

    static let hexLimit = 4096

    static let list = Command(
        "list",
        summary: "List the Files folder: name, size and bytes in hex (the same as `simctl device files`).",
        examples: ["simctl files list --json"]
    ) { args, invocation in
        try args.finish()
        try emitListing(invocation)
    }

    /// The listing `simctl files list` and `simctl device files` print.
    static func emitListing(_ invocation: Invocation) throws {
        let folder = invocation.world.files
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var listed: [ListOutput.File] = []
        for name in names.sorted() {
            // Only the bytes shown are read: a file can be any size.
            guard
                let (bytes, size) = try? BoundedFile.prefix(
                    folder.appendingPathComponent(name, isDirectory: false).path, count: hexLimit)
            else { continue }
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            listed.append(ListOutput.File(name: name, size: Int(size), hex: hex))
        }
        try invocation.emit(
            ListOutput(files: listed),
            text: listed.isEmpty ? "No files." : listed.map { "\($0.name)  \($0.size) bytes" }.joined(separator: "\n"))
    }

    struct DecryptOutput: Encodable {
        var file: String
        var size: Int
        var header: String
        /// The decrypted 32-byte secret, 64 lowercase hex.
        var secret: String
        /// The pubky the secret derives (bare z-base-32).
        var pubky: String
    }

    static let decrypt = Command(
        "decrypt", summary: "Decrypt a Ring recovery file with a passphrase: print its secret and pubky.",
        usage: "FILE --passphrase P",
        details: """
            FILE is a name in the Files folder (where `ring-sim backup export` writes) or a path containing a `/`. The
            file is read as spec/03 §14 documents the format — header `pubky.org/recovery` (or `pkarr.org/recovery`)
            and a newline, a 24-byte nonce, the XSalsa20-Poly1305 box of the secret under Argon2id(passphrase, salt
            `recovery`) — by code of its own, independent of Ring's export and import. A file that is not a recovery
            file, has another size than 91 bytes, or does not open with the passphrase is an error (exit 1) naming
            why. --json prints {"file","size","header","secret","pubky"}.
            """,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 --name Alice",
            "ring-sim backup export Alice --passphrase 'correct horse'",
            "simctl files list",
            "simctl files decrypt \"$(simctl files list --json | jq -r '.files[0].name')\" --passphrase 'correct horse' --json",
            "ring-sim backup export Alice --passphrase 'correct horse' --out backup.pkarr",
            "simctl files decrypt ./backup.pkarr --passphrase 'correct horse'",
        ]
    ) { args, invocation in
        guard let passphrase = try args.option("--passphrase") else {
            throw CLIError.usage("Give the passphrase with --passphrase P.")
        }
        let name = try args.positional("FILE")
        try args.finish()
        let url = file(name, invocation)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CLIError.usage(
                "No file \(name) \(name.contains("/") ? "at that path" : "in the Files folder (\(invocation.world.files.path))"); `simctl files list` shows what is there."
            )
        }
        let contents: RecoveryFileReader.Contents
        do throws(RecoveryFileReader.Failure) {
            contents = try RecoveryFileReader.decrypt(Array(data), passphrase: passphrase)
        } catch {
            throw CLIError.failure("\(name) is not a recovery file this passphrase opens: \(error.description).")
        }
        let output = DecryptOutput(
            file: name, size: data.count, header: contents.header, secret: Hex.encode(contents.secret),
            pubky: contents.pubky)
        try invocation.emit(output, text: "secret: \(output.secret)\npubky: \(output.pubky)")
    }

    static let put = Command(
        "put", summary: "Put a file into the Files folder (as AirDrop or a download would), e.g. a damaged backup.",
        usage: "NAME --hex HEX | NAME --from PATH",
        details: "Writes the bytes atomically, replacing a file of that name. NAME is a plain file name.",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 --name Alice",
            "ring-sim backup export Alice --passphrase 'correct horse' --out alice-backup.pkarr",
            "simctl files put alice-backup.pkarr --from alice-backup.pkarr",
            "simctl files put broken.pkarr --hex 7075626b792e6f72672f7265636f766572790a00",
        ]
    ) { args, invocation in
        let hex = try args.option("--hex")
        let from = try args.option("--from")
        let name = try args.positional("NAME")
        try args.finish()
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw CLIError.usage("NAME must be a plain file name, not '\(name)'.")
        }
        let bytes: [UInt8]
        switch (hex, from) {
        case (let text?, nil):
            guard let decoded = Hex.decode(text.lowercased()) else {
                throw CLIError.usage("--hex takes an even number of hex digits.")
            }
            bytes = decoded
        case (nil, let path?):
            bytes = try UserFile.read(path, what: "--from", limit: .filesAppFile)
        default:
            throw CLIError.usage("Give the bytes with exactly one of --hex HEX or --from PATH.")
        }
        let target = invocation.world.files.appendingPathComponent(name, isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: invocation.world.files, withIntermediateDirectories: true)
            try Data(bytes).write(to: target, options: .atomic)
        } catch {
            throw WorldError.io(path: target.path, reason: UserFile.reason(error))
        }
        invocation.journalTool(.filesPut, detail: "\(name) \(bytes.count) bytes")
        try invocation.emit(
            ListOutput.File(name: name, size: bytes.count, hex: Hex.encode(bytes.prefix(hexLimit))),
            text: "Put \(name) (\(bytes.count) bytes) into the Files folder.")
    }

    /// A name in the Files folder, or a path when it contains a `/`.
    static func file(_ name: String, _ invocation: Invocation) -> URL {
        name.contains("/")
            ? URL(fileURLWithPath: name) : invocation.world.files.appendingPathComponent(name, isDirectory: false)
    }
}
