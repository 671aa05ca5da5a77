#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file or stream given on the command line that cannot be used: too large or unreadable. The
/// CLIs report it as a usage error (exit 2); nothing was changed.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Over its limit; `size` when it was known before reading (a regular file).
    case tooLarge(source: String, limit: InputLimit, size: Int64?)
    case unreadable(source: String, what: String, reason: String)
    case missing(source: String, what: String)

    public var description: String {
        switch self {
        case .tooLarge(let source, let limit, let size):
            let sized = size.map { " (\(InputLimit.describe(bytes: $0)))" } ?? ""
            return
                "\(source)\(sized) is over \(limit.phrase) and was refused; give a real \(limit.what) (Docs/cli.md lists the limits)."
        case .unreadable(let source, let what, let reason):
            return "Cannot read the \(what) \(source): \(reason)."
        case .missing(let source, let what):
            return "There is no \(what) at \(source): check the path."
        }
    }
}

extension InputLimit {
    /// Why standard input cannot be read as a command's input right now, e.g. it carries a serving
    /// process's requests (`-` would swallow the requests that follow); nil when it can.
    @TaskLocal public static var standardInputInUse: String? = nil

    /// The bytes of the file at `path` (`-`: standard input), refused before reading when too large.
    public func read(_ path: String) throws(InputError) -> [UInt8] {
        if path == "-" { return try readStandardInput() }
        do {
            return try BoundedFile.read(path, limit: bytes)
        } catch {
            throw inputError(error, source: path)
        }
    }

    /// Refuses a regular file at `path` that is over the limit, without opening it (a missing or
    /// special file is left to the reader that follows).
    public func checkSize(_ path: String) throws(InputError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) > Int64(bytes) else {
            return
        }
        throw .tooLarge(source: path, limit: self, size: Int64(info.st_size))
    }

    /// Everything on standard input, refused once it passes the limit.
    public func readStandardInput() throws(InputError) -> [UInt8] {
        if let reason = Self.standardInputInUse {
            throw .unreadable(source: "-", what: what, reason: reason)
        }
        do {
            return try BoundedFile.readStandardInput(limit: bytes)
        } catch {
            throw inputError(error, source: "standard input")
        }
    }

    /// A document the world holds (`.sim/…`, a sandbox): nil when absent; too large or unreadable is
    /// a broken world (exit 3), left untouched.
    public func readWorldFile(_ path: String) throws(WorldError) -> [UInt8]? {
        do {
            return try BoundedFile.read(path, limit: bytes)
        } catch {
            switch error {
            case .absent:
                return nil
            case .tooLarge(let size):
                let sized = size.map { "\(InputLimit.describe(bytes: $0)), " } ?? ""
                throw .corrupt(path: path, reason: "\(sized)over \(phrase): not read")
            case .unreadable(let reason):
                throw .io(path: path, reason: reason)
            }
        }
    }

    private func inputError(_ failure: BoundedFile.Failure, source: String) -> InputError {
        switch failure {
        case .absent: return .missing(source: source, what: what)
        case .tooLarge(let size): return .tooLarge(source: source, limit: self, size: size)
        case .unreadable(let reason): return .unreadable(source: source, what: what, reason: reason)
        }
    }
}
