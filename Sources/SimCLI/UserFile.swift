import Foundation
import WorldFiles

/// A file the user named on the command line (an input to read, a report to write). One that
/// cannot be read or written is a usage error (exit 2) in every tool: the command line names a
/// path that does not work, and the message says why in words (not Foundation's "The operation
/// could not be completed").
public enum UserFile {
    /// The bytes of `path` (`-`: standard input); `what` names the argument, e.g. "the backup file"
    /// or "--setup-file". Refused before reading when over `limit` (Docs/cli.md, "Input limits"),
    /// so a huge file never reaches memory.
    public static func read(_ path: String, what: String, limit: InputLimit) throws -> [UInt8] {
        if path == "-" { return try limit.readStandardInput() }
        if let problem = problem(reading: path) {
            throw CLIError.usage("Cannot read \(what) \(path): \(problem).")
        }
        return try limit.read(path)
    }

    /// Writes `data` to `path` atomically.
    public static func write(_ data: Data, to path: String, what: String) throws(CLIError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError.usage("Cannot write \(what) \(path): \(reason(error)).")
        }
    }

    /// Why `path` cannot be read, when that can be told before trying.
    public static func problem(reading path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "no such file" }
        if isFolder.boolValue { return "it is a folder, not a file" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return nil
    }

    /// The cause of a failed file call in a few words.
    public static func reason(_ error: Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let text = strerror(Int32(underlying.code)).map({ String(cString: $0) })
        {
            return text.prefix(1).lowercased() + text.dropFirst()
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        default: return "the file system refused it"
        }
    }
}
