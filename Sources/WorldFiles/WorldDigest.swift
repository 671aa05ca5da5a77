import Foundation
import PubkyCrypto

/// A digest of what a world's apps hold on the device: every keychain group (shared and private) and
/// every sandbox, file by file in path order. Lock files are left out (they hold nothing), and so are
/// the journal, the clock and the backend (the backend has its own digest).
public enum WorldDigest {
    public static func files(of world: World) -> String {
        files(in: [world.sharedGroup, world.privateKeychains, world.sandboxes], of: world)
    }

    /// The same for some folders of the world only.
    public static func files(in folders: [URL], of world: World) -> String {
        var bytes: [UInt8] = []
        let manager = FileManager.default
        for folder in folders {
            guard let walker = manager.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            var files: [URL] = []
            for case let url as URL in walker where !url.lastPathComponent.hasPrefix(".") {
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                    files.append(url)
                }
            }
            for file in files.sorted(by: { $0.path < $1.path }) {
                bytes += Array("\u{1}\(file.path.dropFirst(world.root.path.count))\u{2}".utf8)
                bytes += Array(manager.contents(atPath: file.path) ?? Data())
            }
        }
        return Hex.encode(SHA256.hash(bytes))
    }
}
