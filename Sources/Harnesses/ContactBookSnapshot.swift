import BitkitApp
import Foundation
import PubkyProtocol
import WorldFiles

/// Bitkit's saved contacts read straight from a world's files (the sandbox document `contacts`,
/// spec/09 §2.4.1), for the crash campaign: a kill inside a contact import must leave every record
/// whole, none twice, and none but the ones saved before the step or by the step completed.
struct ContactBookSnapshot: Equatable {
    /// The records, in the order the book holds them.
    var records: [PaykitContact] = []
    /// What is not whole: the document, or a record with no name, a malformed key, receiver path or owner.
    var broken: [String] = []

    /// Reads Bitkit's book in `world` (empty when Bitkit never saved a contact).
    static func take(_ world: World) -> ContactBookSnapshot {
        let file = world.sandbox(.bitkit).appendingPathComponent(
            PaykitContactBook.document + ".json", isDirectory: false)
        guard FileManager.default.fileExists(atPath: file.path) else { return ContactBookSnapshot() }
        let book: PaykitContactBook
        do {
            book = try JSONDecoder().decode(
                PaykitContactBook.self, from: Data(try InputLimit.sandboxDocument.readWorldFile(file.path) ?? []))
        } catch {
            return ContactBookSnapshot(broken: ["\(file.path) does not read as a contact book: \(error)"])
        }
        let broken = book.contacts.filter { !isWhole($0) }.map { "\(describe($0)) is not a whole record" }
        return ContactBookSnapshot(records: book.contacts, broken: broken)
    }

    /// A name, a key, a receiver path, and an owner that is a key when there is one.
    static func isWhole(_ contact: PaykitContact) -> Bool {
        !contact.name.isEmpty && PublicKey(z32: contact.pubky) != nil
            && PaykitContact.isReceiverPath(contact.receiverPath)
            && contact.owner.map { PublicKey(z32: $0) != nil } ?? true
    }

    /// What a crash did to the book, as the crashed world holds it against the world before the step
    /// and the world where the step completed: records not whole; a contact saved more often than
    /// either of those worlds holds it; a record saved before the step, that the completed step
    /// keeps, gone; and a record that is neither from before the step nor one the completed step
    /// saved — half a save.
    static func problems(
        before: ContactBookSnapshot, reference: ContactBookSnapshot, crashed: ContactBookSnapshot
    )
        -> [String]
    {
        var problems = crashed.broken
        for record in crashed.records where record == crashed.records.first(where: { $0.sameContact(as: record) }) {
            let count = crashed.count(of: record)
            if count > max(before.count(of: record), reference.count(of: record)) {
                problems.append("\(describe(record)) is saved \(count) times")
            }
        }
        for record in before.records where reference.records.contains(record) && !crashed.records.contains(record) {
            problems.append("\(describe(record)), saved before the step, is gone (the completed step keeps it)")
        }
        for record in crashed.records where !before.records.contains(record) && !reference.records.contains(record) {
            problems.append("\(describe(record)) was neither saved before the step nor by the completed step")
        }
        return problems
    }

    /// How the book differs from `expected` (records missing, records extra; order aside).
    func differences(from expected: ContactBookSnapshot) -> [String] {
        var left = records
        var missing: [PaykitContact] = []
        for record in expected.records {
            if let index = left.firstIndex(of: record) { left.remove(at: index) } else { missing.append(record) }
        }
        return missing.map { "\(Self.describe($0)) is missing" } + left.map { "\(Self.describe($0)) is extra" }
    }

    /// How many records are the contact `record` is (its key, for its owner).
    func count(of record: PaykitContact) -> Int { records.count { $0.sameContact(as: record) } }

    static func describe(_ contact: PaykitContact) -> String {
        "contact \(contact.pubky) '\(contact.name)' on \(contact.receiverPath)"
            + (contact.owner.map { " for \($0)" } ?? "")
    }
}

extension PaykitContact {
    /// The same contact: one key, for one owner (what a contact import saves once, spec/09 §2.4.2).
    fileprivate func sameContact(as other: PaykitContact) -> Bool { pubky == other.pubky && owner == other.owner }
}
