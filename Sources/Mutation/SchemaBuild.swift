import Foundation

/// Builds the schema: a copy of the package under `.build/mutate/package` (never the committed
/// sources) whose files in scope are rewritten with every enabled point as a switch, type-checked
/// module by module against the main build's modules (fast: a point that does not compile is
/// named by the compiler's line and switched back to its original text), then built in release
/// once. Files are rewritten only when their text changes, so a second campaign over the same
/// sources rebuilds nothing.
public struct SchemaBuild: Sendable {
    public var repository: URL
    /// `.build/mutate` of the repository.
    public var folder: URL
    /// The main release build's `Modules` folder (the type-check pass); nil skips that pass.
    public var mainModules: URL?
    public var log: @Sendable (String) -> Void

    public init(repository: URL, folder: URL, mainModules: URL?, log: @escaping @Sendable (String) -> Void) {
        self.repository = repository
        self.folder = folder
        self.mainModules = mainModules
        self.log = log
    }

    public var package: URL { folder.appendingPathComponent("package", isDirectory: true) }

    public struct Built: Sendable {
        /// The folder of the schema's `simctl`, `bitkit-sim` and `ring-sim`.
        public var bin: URL
        /// Points switched back to their original text, with the compiler's message.
        public var didNotBuild: [String: String]
        public var seconds: Double
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public func build(_ catalogue: MutantCatalogue, enabled: Set<String>) throws -> Built {
        let started = Date()
        var enabled = enabled
        var didNotBuild: [String: String] = [:]
        try copyPackage(skipping: Set(catalogue.sources.keys))
        // The same sources as the last build that compiled: its verdicts stand, no pass needed.
        let key = Self.key(catalogue.schema(enabled: enabled))
        let remembered = rememberedVerdicts(for: key)
        if let remembered {
            didNotBuild = remembered
            enabled.subtract(remembered.keys)
            log("schema sources unchanged since the last build: \(remembered.count) point(s) did not build then")
        }
        // Type-check pass: the modules with points, against the main build's modules.
        if let mainModules, remembered == nil {
            for round in 1...8 {
                let schema = catalogue.schema(enabled: enabled)
                try write(schema)
                let errors = typecheck(catalogue: catalogue, modules: mainModules)
                let named = attribute(errors, schema: schema)
                if named.isEmpty {
                    if let unexplained = errors.first {
                        throw Failure(
                            description:
                                "The schema does not compile and no mutation point explains it: \(unexplained.file):\(unexplained.line): \(unexplained.message)"
                        )
                    }
                    break
                }
                log("type check, round \(round): \(named.count) point(s) do not compile; switched back")
                for (id, message) in named {
                    enabled.remove(id)
                    didNotBuild[id] = message
                }
            }
        }
        for round in 1...5 {
            let schema = catalogue.schema(enabled: enabled)
            try write(schema)
            log("building the schema copy (release) in \(package.path)…")
            let result = Shell.run(
                "swift", ["build", "-c", "release", "--package-path", package.path], timeout: 7200,
                output: folder.appendingPathComponent("build.log", isDirectory: false))
            if result.status == 0 {
                let bin = Shell.run(
                    "swift", ["build", "-c", "release", "--package-path", package.path, "--show-bin-path"], timeout: 600
                )
                let path = bin.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                guard bin.status == 0, !path.isEmpty else {
                    throw Failure(
                        description: "The schema built, but `swift build --show-bin-path` failed: \(bin.stderr)")
                }
                remember(didNotBuild, for: key)
                return Built(
                    bin: URL(fileURLWithPath: path), didNotBuild: didNotBuild,
                    seconds: Date().timeIntervalSince(started))
            }
            let named = attribute(Self.errors(in: result.stdout + "\n" + result.stderr), schema: schema)
            guard !named.isEmpty else {
                throw Failure(
                    description:
                        "The schema copy does not build and no mutation point explains it (see \(folder.appendingPathComponent("build.log", isDirectory: false).path)): "
                        + Self.errors(in: result.stdout + "\n" + result.stderr).prefix(3).map(\.message).joined(
                            separator: "; "))
            }
            log("build, round \(round): \(named.count) point(s) do not compile; switched back")
            for (id, message) in named {
                enabled.remove(id)
                didNotBuild[id] = message
            }
        }
        throw Failure(description: "The schema copy still does not build after 5 rounds of switching points back.")
    }

    /// What the last successful build found, keyed by the full schema's text (every point on).
    private var verdictsFile: URL { folder.appendingPathComponent("verdicts.json", isDirectory: false) }

    private struct Verdicts: Codable {
        var key: String
        var didNotBuild: [String: String]
    }

    static func key(_ schema: SchemaFiles) -> String {
        let text = schema.files.keys.sorted().map { $0 + "\u{0}" + (schema.files[$0] ?? "") }.joined(separator: "\u{1}")
        return String(MutantIdentity.fnv1a(text), radix: 16)
    }

    private func rememberedVerdicts(for key: String) -> [String: String]? {
        guard let data = try? Data(contentsOf: verdictsFile),
            let verdicts = try? JSONDecoder().decode(Verdicts.self, from: data), verdicts.key == key
        else { return nil }
        return verdicts.didNotBuild
    }

    private func remember(_ didNotBuild: [String: String], for key: String) {
        guard let data = try? JSONEncoder().encode(Verdicts(key: key, didNotBuild: didNotBuild)) else { return }
        try? data.write(to: verdictsFile, options: .atomic)
    }

    /// A compiler error: file, line and message.
    struct CompilerError: Equatable {
        var file: String
        var line: Int
        var message: String
    }

    /// `path:line:column: error: message` lines.
    static func errors(in output: String) -> [CompilerError] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let number = Int(parts[1]), Int(parts[2]) != nil,
                parts[3].trimmingCharacters(in: .whitespaces) == "error"
            else { return nil }
            return CompilerError(
                file: String(parts[0]), line: number, message: parts[4].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The points the errors name (their code covers the error's line), with the first message each.
    func attribute(_ errors: [CompilerError], schema: SchemaFiles) -> [String: String] {
        var named: [String: String] = [:]
        let prefix = package.standardizedFileURL.path + "/"
        for error in errors {
            let path = URL(fileURLWithPath: error.file).standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            let file = String(path.dropFirst(prefix.count))
            for id in schema.points(at: file, line: error.line) where named[id] == nil {
                named[id] = "\(file):\(error.line): \(error.message)"
            }
        }
        return named
    }

    // MARK: The copy

    /// Package.swift, Sources/ and Tests/ (test targets must exist for the manifest), each file
    /// written only when it differs; files gone from the repository are removed from the copy.
    func copyPackage(skipping rewritten: Set<String>) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: package, withIntermediateDirectories: true)
        var wanted: Set<String> = ["Package.swift"]
        try copy("Package.swift")
        for top in ["Sources", "Tests"] {
            let root = repository.appendingPathComponent(top, isDirectory: true)
            guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
                continue
            }
            let base = repository.standardizedFileURL.path + "/"
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
                wanted.insert(relative)
                if !rewritten.contains(relative) { try copy(relative) }
            }
        }
        for top in ["Sources", "Tests"] {
            let root = package.appendingPathComponent(top, isDirectory: true)
            guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
                continue
            }
            let base = package.standardizedFileURL.path + "/"
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
                if !wanted.contains(relative), !relative.hasSuffix("/" + SchemaFiles.supportName) {
                    try manager.removeItem(at: url)
                }
            }
        }
    }

    private func copy(_ relative: String) throws {
        let data = try Data(contentsOf: repository.appendingPathComponent(relative, isDirectory: false))
        try writeIfChanged(data, to: package.appendingPathComponent(relative, isDirectory: false))
    }

    /// The schema's files over the copy (every file in scope, rewritten or not); support files of
    /// modules that no longer have points are removed.
    func write(_ schema: SchemaFiles) throws {
        for (relative, text) in schema.files {
            try writeIfChanged(Data(text.utf8), to: package.appendingPathComponent(relative, isDirectory: false))
        }
        let sources = package.appendingPathComponent("Sources", isDirectory: true)
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for module in modules {
            let relative = "Sources/\(module)/\(SchemaFiles.supportName)"
            let support = package.appendingPathComponent(relative, isDirectory: false)
            guard schema.files[relative] == nil, FileManager.default.fileExists(atPath: support.path) else { continue }
            try FileManager.default.removeItem(at: support)
        }
    }

    private func writeIfChanged(_ data: Data, to url: URL) throws {
        if let existing = try? Data(contentsOf: url), existing == data { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    // MARK: The type-check pass

    /// Every module with points compiled to SIL (`swiftc -emit-sil -Onone`: type checking and the
    /// mandatory diagnostics such as definite initialisation), against the main build's modules.
    func typecheck(catalogue: MutantCatalogue, modules: URL) -> [CompilerError] {
        let moduleMaps =
            ((try? FileManager.default.contentsOfDirectory(
                atPath: repository.appendingPathComponent("Sources", isDirectory: true).path))
            ?? [])
            .sorted()
            .map { repository.appendingPathComponent("Sources/\($0)/module.modulemap", isDirectory: false) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        var errors: [CompilerError] = []
        for module in Set(catalogue.points.map(\.module)).sorted() {
            let folder = package.appendingPathComponent("Sources/\(module)", isDirectory: true)
            let files = Self.swiftFiles(in: folder)
            guard !files.isEmpty else { continue }
            var arguments = [
                "-emit-sil", "-Onone", "-wmo", "-o", "/dev/null", "-module-name", module, "-parse-as-library",
                "-swift-version", "6", "-I", modules.path,
                "-module-cache-path",
                folder.deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("typecheck-module-cache", isDirectory: true).path, "-DSWIFT_PACKAGE",
            ]
            if let name = packageName(modules: modules) { arguments += ["-package-name", name] }
            for map in moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"] }
            let result = Shell.run("swiftc", arguments + files, timeout: 900)
            let found = Self.errors(in: result.stdout + "\n" + result.stderr)
            if result.status != 0, found.isEmpty {
                log("type check of \(module) could not run (the build will tell): \(result.stderr.prefix(300))")
            }
            errors += found
        }
        return errors
    }

    /// The `-package-name` the main build used (its `release.yaml` or `debug.yaml`), so `package`
    /// declarations are visible.
    func packageName(modules: URL) -> String? {
        let configuration = modules.deletingLastPathComponent()
        let manifest = configuration.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(configuration.lastPathComponent + ".yaml", isDirectory: false)
        guard let text = try? String(contentsOf: manifest, encoding: .utf8),
            let range = text.range(of: "\"-package-name\",\"")
        else { return repository.lastPathComponent.lowercased() }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }

    static func swiftFiles(in folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { ($0 as? URL).flatMap { $0.pathExtension == "swift" ? $0.path : nil } }.sorted()
    }
}
