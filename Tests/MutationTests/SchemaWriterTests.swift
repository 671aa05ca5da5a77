import Foundation
import Testing

@testable import Mutation

/// The schema is the mutants: with no mutant on it behaves as the original, and with one mutant
/// on it behaves as that mutant's plain text. Checked by compiling and running both with swiftc.
@Suite(.serialized) struct SchemaWriterTests {
    static let source = """
        enum Kind { case a, b, c, d }
        struct Ledger {
            var lines: [String] = []
            func weight(_ kind: Kind) -> Int {
                switch kind {
                case .a, .b, .c: return 1
                default: return 3
                }
            }
            mutating func record(_ n: Int, _ flag: Bool, _ name: String?) {
                if n > 2 && !flag || name == nil {
                    lines.append("big")
                    lines.append("prefix:")
                }
                guard n != 7, flag || n < 5 else { return }
                lines.append(n >= 4 ? "four" : "small")
                lines.append(String(true))
                lines.append(String(weight([Kind.a, .b, .c, .d][n % 4])))
            }
        }
        var ledger = Ledger()
        for n in 0..<9 {
            for flag in [false, true] { ledger.record(n, flag, n % 3 == 0 ? nil : "x") }
        }
        print(ledger.lines.joined(separator: ","))
        """

    /// `main.swift` of a program: the ledger, scanned as one file, with `entries` as switches.
    static func program(
        _ enabled: Set<String>? = nil
    ) throws -> (points: [MutationPoint], schema: String, support: String) {
        let declarations = source.components(separatedBy: "var ledger")[0]
        let points = try SourceScanner.points(in: declarations, file: "Ledger.swift")
        let entries = points.enumerated().filter { enabled?.contains($0.element.id) ?? true }.map {
            SchemaWriter.Entry(point: $0.element, symbol: SchemaWriter.symbol($0.offset))
        }
        let schema = SchemaWriter(source: declarations).render(entries).text
        return (points, schema, SchemaWriter.support(for: entries))
    }

    /// Compiles `files` (name → text) and runs the program with `environment`; its output.
    static func compileAndRun(_ files: [String: String], runs environments: [[String: String]]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let binary = folder.appendingPathComponent("program").path
        let compiled = Shell.run(
            "swiftc",
            ["-swift-version", "6", "-o", binary] + files.keys.sorted().map { folder.appendingPathComponent($0).path },
            timeout: 600)
        guard compiled.status == 0 else { throw CompileFailure(output: compiled.stderr) }
        return environments.map { Shell.run(binary, [], environment: $0, timeout: 60).stdout }
    }

    struct CompileFailure: Error { var output: String }

    static let main = "var ledger = Ledger()\n" + source.components(separatedBy: "var ledger = Ledger()\n")[1]

    @Test func everyMutantOfTheSchemaBehavesAsItsPlainText() throws {
        let (points, schema, support) = try Self.program()
        #expect(points.count >= 15)
        let declarations = Self.source.components(separatedBy: "var ledger")[0]
        // The schema with every switch off, then each mutant on.
        let schemaRuns = try Self.compileAndRun(
            ["Ledger.swift": schema, "MutantSchema.swift": support, "main.swift": Self.main],
            runs: [["SIM_MUTANT": ""]] + points.map { ["SIM_MUTANT": $0.id] })
        // The original, and each mutant written out as plain Swift: one program per mutant.
        var plain: [String: String] = ["main.swift": Self.main, "Original.swift": declarations]
        for (index, point) in points.enumerated() {
            let text = MutantDiff.mutated(declarations, point.change)
                .replacingOccurrences(of: "struct Ledger", with: "struct Ledger\(index)")
                .replacingOccurrences(of: "enum Kind", with: "enum Kind\(index)")
                .replacingOccurrences(of: "ind) -> Int", with: "ind\(index)) -> Int")
                .replacingOccurrences(of: "[Kind.a", with: "[Kind\(index).a")
            plain["Mutant\(index).swift"] = text
        }
        var main = "var outputs: [String] = []\n"
        main +=
            "do { var l = Ledger(); for n in 0..<9 { for f in [false, true] { l.record(n, f, n % 3 == 0 ? nil : \"x\") } }; print(l.lines.joined(separator: \",\")) }\n"
        for index in points.indices {
            main +=
                "do { var l = Ledger\(index)(); for n in 0..<9 { for f in [false, true] { l.record(n, f, n % 3 == 0 ? nil : \"x\") } }; print(l.lines.joined(separator: \",\")) }\n"
        }
        plain["main.swift"] = main
        let plainOutput = try Self.compileAndRun(plain, runs: [[:]])[0].split(separator: "\n").map(String.init)
        #expect(schemaRuns[0].trimmingCharacters(in: .newlines) == plainOutput[0], "all switches off: the original")
        for (index, point) in points.enumerated() {
            #expect(
                schemaRuns[index + 1].trimmingCharacters(in: .newlines) == plainOutput[index + 1],
                "\(point.id): \(point.original) → \(point.mutated)")
        }
        // And some mutants really change the outcome (a schema that ignored the switch would pass the above only if
        // every mutant were equivalent).
        #expect(Set(schemaRuns).count > points.count / 2)
    }

    @Test func theTraceListsEveryPointAProcessReachesOnce() throws {
        let (points, schema, support) = try Self.program()
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: trace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: trace) }
        _ = try Self.compileAndRun(
            ["Ledger.swift": schema, "MutantSchema.swift": support, "main.swift": Self.main],
            runs: [["SIM_MUTANT_TRACE": trace.path]])
        let reached = ProcessLab.reached(in: trace)
        let lines = try FileManager.default.contentsOfDirectory(at: trace, includingPropertiesForKeys: nil)
            .flatMap { try String(contentsOf: $0, encoding: .utf8).split(separator: "\n") }
        #expect(lines.count == reached.count, "each point once per process")
        #expect(reached == Set(points.map(\.id)), "the loop reaches every point of the ledger")
    }

    @Test func nestedPointsAreWrittenInsideTheirWrappers() throws {
        let source = """
            func f(_ a: Int) {
                if a == 1 { print(a) }
                print(a != 2)
            }
            """
        let points = try SourceScanner.points(in: source, file: "F.swift")
        let entries = points.enumerated().map {
            SchemaWriter.Entry(point: $0.element, symbol: SchemaWriter.symbol($0.offset))
        }
        let output = SchemaWriter(source: source).render(entries)
        let delete = try #require(points.first { $0.op == .deleteStatement && $0.original == "print(a != 2)" })
        let equality = try #require(points.first { $0.op == .flipEquality && $0.original.contains("!=") })
        let symbol = entries.first { $0.point.id == equality.id }?.symbol ?? "?"
        #expect(output.text.contains("if !__m(\"\(delete.id)\") { print(a !=\(symbol) 2) }"))
        // The compiler's line names the innermost point first.
        let schema = SchemaFiles(files: ["F.swift": output.text], lines: ["F.swift": output.lines])
        let line =
            output.text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("print(a !=") }.map { $0 + 1 } ?? 0
        #expect(schema.points(at: "F.swift", line: line).contains(equality.id))
    }

    @Test func symbolsAreUniqueOperatorSuffixes() {
        let symbols = (0..<500).map(SchemaWriter.symbol)
        #expect(Set(symbols).count == 500)
        #expect(symbols.allSatisfy { $0.allSatisfy { "~%^".contains($0) } })
    }
}
