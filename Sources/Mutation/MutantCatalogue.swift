import Foundation

/// Every mutation point of the files in scope, with stable ids, and the sources they came from.
public struct MutantCatalogue: Sendable {
    public var points: [MutationPoint]
    /// Scope patterns that matched no file (a module renamed or not there yet).
    public var unmatched: [String]
    /// Files the scanner could not read, with the reason; their points are missing.
    public var unreadable: [String]
    /// The text of each scanned file, by path.
    var sources: [String: String]

    /// Scans the files of `scope` under `repository`.
    public static func scan(repository: URL, scope: CampaignScope) -> MutantCatalogue {
        let (files, unmatched) = scope.files(in: repository)
        var scanned: [(file: String, candidates: [Candidate])] = []
        var sources: [String: String] = [:]
        var unreadable: [String] = []
        var placement: [String: CampaignScope.File] = [:]
        for file in files {
            guard
                let source = try? String(
                    contentsOf: repository.appendingPathComponent(file.path, isDirectory: false), encoding: .utf8)
            else {
                unreadable.append("\(file.path): cannot be read")
                continue
            }
            do throws(SwiftLexer.Failure) {
                scanned.append((file.path, try SourceScanner.candidates(in: source, allTexts: file.allTexts)))
                sources[file.path] = source
                placement[file.path] = file
            } catch {
                unreadable.append("\(file.path): \(error.description)")
            }
        }
        let points = MutantIdentity.assign(scanned).map { point -> MutationPoint in
            var placed = point
            placed.module = placement[point.file]?.module ?? ""
            placed.group = placement[point.file]?.group ?? ""
            placed.closingAudit = placement[point.file]?.closingAudit ?? false
            return placed
        }
        return MutantCatalogue(points: points, unmatched: unmatched, unreadable: unreadable, sources: sources)
    }

    public func point(_ id: String) -> MutationPoint? { points.first { $0.id == id } }

    /// The mutant as a unified diff of its file.
    public func diff(_ point: MutationPoint) -> String {
        guard let source = sources[point.file] else { return "" }
        return MutantDiff.unified(file: point.file, original: source, mutated: MutantDiff.mutated(source, point.change))
    }

    /// The schema of every file that has points, with `enabled` points written as switches, and the
    /// support file of each module (`Sources/<module>/MutantSchema.swift`). Operator symbols are
    /// numbered over the whole catalogue, so they stay unique across modules.
    public func schema(enabled: Set<String>) -> SchemaFiles {
        var files: [String: String] = [:]
        var lines: [String: [String: [ClosedRange<Int>]]] = [:]
        var perModule: [String: [SchemaWriter.Entry]] = [:]
        let symbols = Dictionary(uniqueKeysWithValues: points.enumerated().map { ($1.id, SchemaWriter.symbol($0)) })
        for (file, source) in sources.sorted(by: { $0.key < $1.key }) {
            let entries = points.filter { $0.file == file && enabled.contains($0.id) }.map {
                SchemaWriter.Entry(point: $0, symbol: symbols[$0.id] ?? "")
            }
            let parts = file.split(separator: "/")
            let module = parts.count > 2 ? String(parts[1]) : file
            perModule[module, default: []] += entries
            let output = SchemaWriter(source: source).render(entries)
            files[file] = output.text
            lines[file] = output.lines
        }
        for (module, entries) in perModule {
            files["Sources/\(module)/\(SchemaFiles.supportName)"] = SchemaWriter.support(for: entries)
        }
        return SchemaFiles(files: files, lines: lines)
    }
}

/// The rewritten files of a schema build, by path, and where each point's switch is in them.
public struct SchemaFiles: Sendable {
    public static let supportName = "MutantSchema.swift"
    public var files: [String: String]
    var lines: [String: [String: [ClosedRange<Int>]]]

    /// The points whose code covers `line` of `file`, innermost first (the narrowest span).
    public func points(at file: String, line: Int) -> [String] {
        guard let spans = lines[file] else { return [] }
        let covering = spans.compactMap { id, ranges -> (String, Int)? in
            guard let range = ranges.first(where: { $0.contains(line) }) else { return nil }
            return (id, range.count)
        }
        guard let narrowest = covering.map(\.1).min() else { return [] }
        return covering.filter { $0.1 == narrowest }.map(\.0).sorted()
    }
}
