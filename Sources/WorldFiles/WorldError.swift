import ContractNames
import Foundation
import SafeFiles

/// A world that is missing or broken. The CLIs map it to exit code 3.
public enum WorldError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    /// `path` is a file, or lies under `file`, a file: no folder can be there (`World.missingError`).
    case notAFolder(path: String, file: String)
    case alreadyExists(path: String)
    case corrupt(path: String, reason: String)
    case unsupportedVersion(path: String, found: Int, supported: Int)
    case notInstalled(AppKind)
    /// Android: no installed Bitkit package of that name.
    case packageNotInstalled(String)
    /// Android: several Bitkit packages are installed and the step named none of them.
    case ambiguousPackage([String])
    case io(path: String, reason: String)
    /// The backend database is missing or broken; the text says which and what to do.
    case backend(String)
    /// An app was asked to receive a link the OS delivers elsewhere (`URLRouter`).
    case linkNotDelivered(url: String, app: AppKind, receivedBy: AppKind?)

    public var description: String {
        switch self {
        case .missing(let path):
            return "No world at \(path): run `simctl world init --world \(path)` first, or pass --world DIR."
        case .notAFolder(let path, let file):
            if path == file {
                return
                    "\(path) is a file, not a world: pass --world the folder of a world (one that `simctl world init` made)."
            }
            return "\(path) cannot be a world: \(file) is a file, not a folder; pass --world a path made of folders."
        case .alreadyExists(let path):
            return "A world already exists at \(path); use another directory or remove it first."
        case .corrupt(let path, let reason):
            return "The world file \(path) is unreadable (\(reason)); it was left untouched."
        case .unsupportedVersion(let path, let found, let supported):
            return "\(path) has format version \(found), but this build understands version \(supported)."
        case .notInstalled(let app):
            return "\(app.displayName) is not installed in this world: run `simctl install \(app.rawValue)` first."
        case .packageNotInstalled(let package):
            return
                "No package \(package) is installed in this world: `simctl install bitkit --network …` installs a Bitkit flavour."
        case .ambiguousPackage(let packages):
            return
                "Several Bitkit packages are installed (\(packages.joined(separator: ", "))): name one with --package, e.g. --package \(packages[0])."
        case .io(let path, let reason):
            return "Could not access \(path): \(reason)."
        case .backend(let description):
            return description
        case .linkNotDelivered(let url, let app, let receiver):
            let scheme = URLScheme.of(url).map { "\($0)://" } ?? "this"
            guard let receiver else {
                return
                    "No installed app registers the \(scheme) scheme, so the OS delivers \(url) to nobody, not to \(app.displayName)."
            }
            return
                "The OS delivers \(url) to \(receiver.displayName), not to \(app.displayName): it registers the \(scheme) scheme (installed last). `simctl open-url` delivers a link to whichever app the OS picks."
        }
    }
}

extension WorldError {
    /// A failed file call on a world file.
    public init(_ error: FileError) {
        self = .io(path: error.path, reason: error.reason)
    }
}
