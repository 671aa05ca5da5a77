import Foundation
import Simulation
import WorldFiles

extension World {
    /// Creates the layout and a fresh device. Fails if a world is already there.
    public func create() throws {
        guard !exists else { throw WorldError.alreadyExists(path: root.path) }
        if let file = fileInTheWay { throw WorldError.notAFolder(path: root.path, file: file) }
        let fm = FileManager.default
        let attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
        do {
            for folder in [root, sharedGroup, simFolder, privateKeychains, sandboxes, files] {
                try fm.createDirectory(at: folder, withIntermediateDirectories: true, attributes: attributes)
            }
        } catch {
            // Foundation's text ("The operation could not be completed…") names no cause; the
            // underlying POSIX error does.
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription
            throw WorldError.io(path: root.path, reason: reason ?? "the folders could not be created")
        }
        try DeviceStore(world: self).write(DeviceState())
        try DeviceClock(world: self).begin(at: DeviceClock.defaultStart)
    }
}
