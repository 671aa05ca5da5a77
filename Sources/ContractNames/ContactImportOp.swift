/// A step of Bitkit's contact import (spec/09 §2.4.9), journalled as event `contact-import`.
public enum ContactImportOp: String, Sendable, CaseIterable {
    /// The import began (the count in `detail`).
    case started
    /// One follow was saved as a contact (its key in `account`).
    case saved
    /// One follow's save failed (its key in `account`); the import went on.
    case failed
    /// The identity changed meanwhile: the import ended silently.
    case stopped
    /// Every chosen follow is saved.
    case completed
}
