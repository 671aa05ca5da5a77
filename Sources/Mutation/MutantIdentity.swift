/// Gives mutation points their stable ids: a hash of the enclosing declaration, the operator, the
/// text that identifies the point inside that declaration and, for equal texts, which one it is
/// (counted over the whole campaign in file order). Line numbers, the file and the module are left
/// out, so an edit elsewhere, or moving a declaration to another file or module, keeps every id.
enum MutantIdentity {
    static func assign(_ files: [(file: String, candidates: [Candidate])]) -> [MutationPoint] {
        var seen: [String: Int] = [:]
        var ids: Set<String> = []
        var points: [MutationPoint] = []
        for (file, candidates) in files {
            for candidate in candidates {
                let key = [candidate.declaration, candidate.op.rawValue, candidate.key].joined(separator: "\u{1}")
                let occurrence = seen[key, default: 0]
                seen[key] = occurrence + 1
                var id = identifier(candidate.op, key + "\u{1}\(occurrence)")
                // A hash collision (never seen yet) must not merge two mutants: the file tells them apart.
                if ids.contains(id) { id = identifier(candidate.op, key + "\u{1}\(occurrence)\u{1}" + file) }
                ids.insert(id)
                points.append(
                    MutationPoint(
                        id: id, op: candidate.op, file: file, declaration: candidate.declaration, line: candidate.line,
                        original: candidate.original, mutated: candidate.mutated, change: candidate.change))
            }
        }
        return points
    }

    static func identifier(_ op: MutationOperator, _ key: String) -> String {
        let hex = String(fnv1a(key), radix: 16)
        let digits = String(repeating: "0", count: max(0, 16 - hex.count)) + hex
        return op.rawValue + "-" + digits.prefix(10)
    }

    /// FNV-1a, 64 bits: stable across runs and platforms (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
