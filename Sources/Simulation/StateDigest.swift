import ContractNames
import Exploration
import Foundation
import PubkyCrypto
import WorldFiles

/// The digests behind the explorer's state deduplication, taken by the scheduler at a decision while
/// every lane waits: what a step is about to see (its footprint's content) and what the device holds.
///
/// Two schedules meet in the same state when the world's files are equal and every lane has seen the
/// same things so far (a lane's memory is a function of what it read). A lane's observation of a
/// step is the content of what the step touches: the keychain group it calls, the whole backend for
/// a request (its tables' pages, read from the database file and its write-ahead log, so that the
/// backend's end state follows from the observations), the app's sandbox, or everything.
public enum StateDigest {
    /// The content `footprint` covers in `world`, as a digest.
    public static func observation(of footprint: Footprint, in world: World) -> String {
        var bytes: [UInt8] = []
        for access in footprint.accesses {
            let resource = access.resource
            switch resource.first {
            case "keychain" where resource.count >= 2:
                bytes += Array(WorldDigest.files(in: [world.groupDirectory(resource[1])], of: world).utf8)
            case "keychain":
                bytes += Array(WorldDigest.files(in: [world.sharedGroup, world.privateKeychains], of: world).utf8)
            case "backend":
                bytes += Array(backend(world).utf8)
            case "sandbox" where resource.count >= 2:
                let app = AppKind(rawValue: resource[1])
                bytes += Array(
                    WorldDigest.files(in: app.map { [world.sandbox($0)] } ?? [world.sandboxes], of: world).utf8)
            default:
                bytes += Array((WorldDigest.files(of: world) + backend(world)).utf8)
            }
        }
        return Hex.encode(SHA256.hash(bytes))
    }

    /// The backend database as SQLite would read it: the main file's pages with the write-ahead
    /// log's committed frames laid over them (headers, salts and checksums left out: they differ
    /// between runs that store the same pages).
    public static func backend(_ world: World) -> String {
        let path = world.backendDatabase.path
        guard let main = FileManager.default.contents(atPath: path) else { return "no backend" }
        var pages: [UInt32: ArraySlice<UInt8>] = [:]
        var pageCount: UInt32?
        var pageSize = 0
        if let wal = FileManager.default.contents(atPath: path + "-wal").map({ [UInt8]($0) }), wal.count >= 32,
            [0x37, 0x7f, 0x06].elementsEqual(wal[0..<3])
        {
            pageSize = Int(bigEndian(wal, 8))
            let salts = wal[16..<24]
            var pending: [UInt32: ArraySlice<UInt8>] = [:]
            var offset = 32
            while pageSize > 0, offset + 24 + pageSize <= wal.count {
                let header = wal[offset..<(offset + 24)]
                guard header.dropFirst(8).prefix(8).elementsEqual(salts) else { break }
                let page = bigEndian(wal, offset)
                pending[page] = wal[(offset + 24)..<(offset + 24 + pageSize)]
                let committed = bigEndian(wal, offset + 4)
                if committed > 0 {
                    pages.merge(pending) { _, new in new }
                    pending = [:]
                    pageCount = committed
                }
                offset += 24 + pageSize
            }
        }
        let bytes = [UInt8](main)
        if pageSize == 0, bytes.count >= 18 {
            let size = Int(bytes[16]) << 8 | Int(bytes[17])
            pageSize = size == 1 ? 65_536 : size
        }
        guard pageSize > 0 else { return Hex.encode(SHA256.hash(bytes)) }
        let count = pageCount ?? UInt32(bytes.count / pageSize)
        var image: [UInt8] = []
        image.reserveCapacity(Int(count) * pageSize)
        for page in 1...max(count, 1) {
            if let logged = pages[page] {
                image += logged
            } else {
                let start = Int(page - 1) * pageSize
                if start + pageSize <= bytes.count { image += bytes[start..<(start + pageSize)] }
            }
        }
        return Hex.encode(SHA256.hash(image))
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
