/// Mutant schemata: one rewrite of a file in which every mutation point is a switch on the mutant
/// id the process reads once at start-up (`SIM_MUTANT`), so one build serves every mutant. An
/// operator token becomes a custom operator of the same precedence whose body asks the switch (no
/// operand bounds to find, precedence kept); a clause, a statement or a pair of statements is
/// wrapped; a literal becomes a choice of two literals. Points nest (a deleted statement may hold
/// a flipped `==`), so the rewrite renders a tree of edits.
struct SchemaWriter {
    /// The rewritten text and, for each point rendered as a switch, the lines (1-based) its code
    /// covers in that text: a compiler error on one of them names the point that did not build.
    struct Output {
        var text: String
        var lines: [String: [ClosedRange<Int>]]
    }

    /// A point of this file and the symbol suffix that makes its custom operator unique in the build.
    struct Entry {
        var point: MutationPoint
        var symbol: String
    }

    private final class Node {
        let entry: Entry
        var children: [Node] = []
        init(_ entry: Entry) { self.entry = entry }
        var span: Range<Int> { entry.point.change.span }
    }

    let bytes: [UInt8]

    init(source: String) { bytes = Array(source.utf8) }

    /// The file with `entries` written as switches; a point left out of `entries` stays as it was.
    func render(_ entries: [Entry]) -> Output {
        var builder = Builder(bytes: bytes)
        builder.render(0..<bytes.count, children: tree(entries))
        return Output(text: builder.text, lines: builder.lines)
    }

    /// Nests the edits by their spans: wrappers before the tokens they hold; a span that overlaps
    /// another without holding it cannot be written and is left out.
    private func tree(_ entries: [Entry]) -> [Node] {
        let nodes = entries.map(Node.init).sorted { a, b in
            if a.span.lowerBound != b.span.lowerBound { return a.span.lowerBound < b.span.lowerBound }
            if a.span.upperBound != b.span.upperBound { return a.span.upperBound > b.span.upperBound }
            return Self.rank(a.entry.point.change) < Self.rank(b.entry.point.change)
        }
        var roots: [Node] = []
        var stack: [Node] = []
        for node in nodes {
            while let top = stack.last,
                !(top.span.lowerBound <= node.span.lowerBound && node.span.upperBound <= top.span.upperBound)
            {
                stack.removeLast()
            }
            if let parent = stack.last {
                guard Self.fits(node.span, in: parent) else { continue }
                parent.children.append(node)
            } else {
                roots.append(node)
            }
            stack.append(node)
        }
        return roots
    }

    /// Inside a swap a child must sit wholly in one of the two statements.
    private static func fits(_ span: Range<Int>, in parent: Node) -> Bool {
        guard case .swap(let first, let second) = parent.entry.point.change else { return true }
        return first.contains(span.lowerBound) && span.upperBound <= first.upperBound
            || second.contains(span.lowerBound) && span.upperBound <= second.upperBound
    }

    private static func rank(_ change: Change) -> Int {
        switch change {
        case .swap: return 0
        case .delete: return 1
        case .negate: return 2
        case .token, .dropCase: return 3
        }
    }

    private struct Builder {
        let bytes: [UInt8]
        var text = ""
        var line = 1
        var lines: [String: [ClosedRange<Int>]] = [:]

        mutating func append(_ piece: String) {
            text += piece
            line += piece.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }

        mutating func copy(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            append(String(decoding: bytes[range], as: UTF8.self))
        }

        mutating func render(_ range: Range<Int>, children: [Node]) {
            var cursor = range.lowerBound
            for child in children where child.span.lowerBound >= cursor && child.span.upperBound <= range.upperBound {
                copy(cursor..<child.span.lowerBound)
                node(child)
                cursor = child.span.upperBound
            }
            copy(cursor..<range.upperBound)
        }

        mutating func node(_ node: Node) {
            let point = node.entry.point
            let id = "\"" + point.id + "\""
            let first = line
            switch point.change {
            case .token(let start, let end, let replacement, let schema):
                let original = String(decoding: bytes[start..<end], as: UTF8.self)
                switch schema {
                case .infix(let op, _, _): append(op + node.entry.symbol)
                case .prefixNot: append("!" + node.entry.symbol)
                case .literal: append("(__m(\(id)) ? \(replacement) : \(original))")
                }
            case .negate(let start, let end, let body):
                render(start..<body, children: node.children)
                append("__flip(\(id), ")
                render(body..<end, children: node.children)
                append(")")
            case .dropCase(let start, let end, _):
                copy(start..<end)
                append(" where !__m(\(id))")
            case .delete(let start, let end):
                append("if !__m(\(id)) { ")
                render(start..<end, children: node.children)
                append(" }")
            case .swap(let a, let b):
                append("if __m(\(id)) {\n")
                render(b, children: node.children)
                append("\n")
                render(a, children: node.children)
                append("\n} else {\n")
                render(a, children: node.children)
                append("\n")
                render(b, children: node.children)
                append("\n}")
            }
            lines[point.id, default: []].append(first...line)
        }
    }

    /// The declarations a module's rewritten files need: the switch, the trace of reached points
    /// (`SIM_MUTANT_TRACE=DIR`: each process appends the ids it reaches to `DIR/<pid>`), and one
    /// custom operator per operator point.
    static func support(for entries: [Entry]) -> String {
        var text = """
            // Generated by `simctl mutate` into the schema copy under .build/: never part of the sources.
            #if canImport(Glibc)
                import Glibc
            #elseif canImport(Darwin)
                import Darwin
            #endif
            import Synchronization

            private let mutantActive: String? = getenv("SIM_MUTANT").map { String(cString: $0) }
            private let mutantTraceFolder: String? = getenv("SIM_MUTANT_TRACE").map { String(cString: $0) }
            private final class MutantTrace: Sendable {
                let reached = Mutex<Set<String>>([])
            }
            private let mutantTrace = MutantTrace()

            /// Whether the mutant `id` is the one this process runs; records that the point was reached.
            func __m(_ id: String) -> Bool {
                if let folder = mutantTraceFolder { mutantReached(id, folder) }
                return mutantActive == id
            }

            func __flip(_ id: String, _ value: Bool) -> Bool { __m(id) ? !value : value }

            private func mutantReached(_ id: String, _ folder: String) {
                guard mutantTrace.reached.withLock({ $0.insert(id).inserted }) else { return }
                let descriptor = open(folder + "/" + String(getpid()), O_WRONLY | O_CREAT | O_APPEND, 0o644)
                guard descriptor >= 0 else { return }
                let line = Array((id + "\\n").utf8)
                _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }

            """
        for entry in entries {
            guard case .token(_, _, let replacement, let schema) = entry.point.change else { continue }
            let id = "\"" + entry.point.id + "\""
            switch schema {
            case .infix(let op, let precedence, let operands):
                let symbol = op + entry.symbol
                text += "\ninfix operator \(symbol) : \(precedence)\n"
                switch operands {
                case .equatable:
                    text += """
                        func \(symbol) <T: Equatable>(lhs: T, rhs: T) -> Bool { __m(\(id)) ? lhs \(replacement) rhs : lhs \(op) rhs }
                        func \(symbol) <T>(lhs: T?, rhs: _OptionalNilComparisonType) -> Bool { __m(\(id)) ? lhs \(replacement) nil : lhs \(op) nil }
                        func \(symbol) <T>(lhs: _OptionalNilComparisonType, rhs: T?) -> Bool { __m(\(id)) ? nil \(replacement) rhs : nil \(op) rhs }

                        """
                case .comparable:
                    text += """
                        func \(symbol) <T: Comparable>(lhs: T, rhs: T) -> Bool { __m(\(id)) ? lhs \(replacement) rhs : lhs \(op) rhs }

                        """
                case .boolean:
                    text += """
                        func \(symbol) (lhs: Bool, rhs: @autoclosure () throws -> Bool) rethrows -> Bool {
                            if __m(\(id)) { return try lhs \(replacement) rhs() }
                            return try lhs \(op) rhs()
                        }

                        """
                }
            case .prefixNot:
                text += """

                    prefix operator !\(entry.symbol)
                    prefix func !\(entry.symbol) (value: Bool) -> Bool { __m(\(id)) ? value : !value }

                    """
            case .literal: continue
            }
        }
        return text
    }

    /// A unique operator suffix for the `index`-th point of a build: `~`, `%` and `^` as base-3
    /// digits (operator characters that no standard operator ends with).
    static func symbol(_ index: Int) -> String {
        let digits: [Character] = ["~", "%", "^"]
        var value = index
        var symbol = ""
        repeat {
            symbol.append(digits[value % 3])
            value /= 3
        } while value > 0
        return symbol
    }
}
