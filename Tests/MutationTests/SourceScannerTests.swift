import Testing

@testable import Mutation

/// Where the scanner finds mutation points, and where it must not (declarations, patterns, `#if`).
@Suite struct SourceScannerTests {
    static func points(_ source: String, allTexts: Bool = false) throws -> [MutationPoint] {
        try SourceScanner.points(in: source, file: "Sources/M/F.swift", allTexts: allTexts)
    }

    static func ops(_ source: String) throws -> [String] {
        try points(source).map { "\($0.op.rawValue) \($0.original) → \($0.mutated)" }
    }

    @Test func everyOperatorOfAConditionAndItsClauseIsAPoint() throws {
        let found = try Self.ops(
            """
            struct S {
                func f(a: Int, b: Int, c: Bool) -> Bool {
                    if a < b && !c || a >= b { return true }
                    return false
                }
            }
            """)
        #expect(
            found == [
                "boundary if a < b && !c || a >= b { return true } → if a <= b && !c || a >= b { return true }",
                "logic if a < b && !c || a >= b { return true } → if a < b || !c || a >= b { return true }",
                "drop-not if a < b && !c || a >= b { return true } → if a < b && c || a >= b { return true }",
                "logic if a < b && !c || a >= b { return true } → if a < b && !c && a >= b { return true }",
                "boundary if a < b && !c || a >= b { return true } → if a < b && !c || a > b { return true }",
                "negate a < b && !c || a >= b → !(a < b && !c || a >= b)",
                "boolean if a < b && !c || a >= b { return true } → if a < b && !c || a >= b { return false }",
                "boolean return false → return true",
            ])
    }

    @Test func declarationsGenericsAndHashIfLinesAreNoPoints() throws {
        let found = try Self.points(
            """
            #if os(Linux) && !DEBUG
            import Glibc
            #endif
            extension Array where Element == Int {
                static let limit = 3 == 4
                func g<T>(x: T, y: Bool = !true) -> Array<T> where T: Equatable { [] }
                var flag: Bool { count != 0 }
            }
            enum E: String { case a = "x:" }
            """)
        #expect(found.map(\.op) == [.flipEquality])
        #expect(found.first?.declaration == "Array where Element == Int.flag")
    }

    @Test func aSingleEqualityOrNotClauseIsNotNegatedTwice() throws {
        let found = try Self.points(
            """
            func f(a: Int, s: [Int]) {
                guard a == 1, !s.isEmpty, let first = s.first, s.contains(first) else { return }
                if case .some = s.first { print(a) }
            }
            """)
        // `a == 1` has its `!=` mutant and `!s.isEmpty` its dropped `!`: negating them would repeat those.
        #expect(found.filter { $0.op == .negateCondition }.map(\.original) == ["s.contains(first)"])
    }

    @Test func statementsAreDeletedWhereTheBlockStaysValid() throws {
        let found = try Self.points(
            """
            struct S {
                var log: [String] = []
                init(x: Int) { log = []; record(x) }
                mutating func record(_ x: Int) {
                    log.append("a")
                    if x > 0 { log.append("b") }
                    let y = x
                    _ = y
                }
                func value() -> Int { compute() }
                func all() -> [Int] { [1].map { x in print(x) } }
                func pair() { [1].forEach { x in
                    print(x)
                    print(x + 1)
                } }
            }
            """)
        let deleted = found.filter { $0.op == .deleteStatement }.map(\.original)
        // Not in an initializer, not a declaration, not a lone value (a result or a one-line closure);
        // a lone statement of an `if` body may go. Inner blocks are scanned first.
        #expect(deleted == ["log.append(\"b\")", "log.append(\"a\")", "_ = y", "print(x)", "print(x + 1)"])
        let swapped = found.filter { $0.op == .swapStatements }.map(\.original)
        #expect(swapped == ["print(x) ⏎ print(x + 1)"])
    }

    @Test func onlyPrefixesAreTextsUnlessTheFileHoldsTexts() throws {
        let source = """
            enum Texts {
                static let title = "Profile Disconnected"
                static func failed(_ r: String) -> String { "Authentication failed: \\(r)" }
            }
            func owner(_ a: String) -> Bool { a.hasPrefix("to.bitkit" + ":") && a != "x" }
            """
        let prefixes = try Self.points(source).filter { $0.op == .changeText }.map(\.mutated)
        #expect(prefixes == ["func owner(_ a: String) -> Bool { a.hasPrefix(\"to.bitkit\" + \"\") && a != \"x\" }"])
        let texts = try Self.points(source, allTexts: true).filter { $0.op == .changeText }.map(\.mutated)
        #expect(texts.count == 5)
        #expect(texts[0] == "static let title = \"Profile Disconnecte\"")
        // The interpolation is kept: the last plain character (the space before it) goes.
        #expect(texts[1] == "static func failed(_ r: String) -> String { \"Authentication failed:\\(r)\" }")
    }

    @Test func aCaseListLosesOnePatternOnlyWhereADefaultCatchesIt() throws {
        let source = """
            enum Route { case a, b, c }
            func identity(_ route: Route) -> Bool {
                switch route {
                case .a, .b: return true
                default: return false
                }
            }
            func exhaustive(_ route: Route) -> Int {
                switch route {
                case .a, .b: return 1
                case .c: return 2
                }
            }
            """
        let dropped = try Self.points(source).filter { $0.op == .dropCase }
        #expect(dropped.map(\.mutated) == ["case .b:", "case .a:"])
        #expect(dropped.allSatisfy { $0.declaration == "identity(_:)" })
    }

    @Test func aMalformedFileIsRefusedWithItsLine() {
        #expect(throws: SwiftLexer.Failure.self) { try Self.points("func f() {\n  if x {\n}") }
        #expect(throws: SwiftLexer.Failure.self) { try Self.points("let s = \"never closed\nfunc f() {}") }
    }

    @Test func theLexerKeepsStringsAndCommentsWhole() throws {
        let tokens = try SwiftLexer.tokens(
            #"let s = "a \("b" + "c") == d" // x == y"# + "\n/* a /* nested */ == */ let t = #\"raw \"q\"\"# != u")
        let kinds = tokens.map { "\($0.kind):\($0.text)" }
        #expect(kinds.contains("string:\"a \\(\"b\" + \"c\") == d\""))
        #expect(kinds.contains("string:#\"raw \"q\"\"#"))
        #expect(tokens.filter { $0.kind == .op }.map(\.text) == ["=", "=", "!="])
        #expect(tokens.filter { $0.kind == .comment }.count == 2)
    }
}
