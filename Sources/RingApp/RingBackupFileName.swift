import Foundation

/// The recovery file's name (spec/03 §14): `<name lowercased, spaces → '-'>-backup-YYYY-MM-DD_HH-MM-SS.pkarr`,
/// or `pubky-backup-….pkarr` for an unnamed pubky. The simulator writes the device clock in UTC.
///
/// A pubky's name is whatever the user typed, so Ring's rule alone can yield `../../evil/x`, which
/// as a path leaves the Files folder. The name part is then made safe for one file name: path
/// separators and control characters become `_`, so does every run of two or more dots and a
/// leading dot, and it is cut to `maximumNameBytes` of UTF-8 (the whole name stays far below the
/// 255 bytes file systems allow).
public enum RingBackupFileName {
    /// The longest name part, in UTF-8 bytes.
    public static let maximumNameBytes = 128

    public static func make(name: String, date: Date) -> String {
        let ring = name.lowercased().replacingOccurrences(of: " ", with: "-")
        let safe = safeComponent(ring)
        return "\(safe.isEmpty ? "pubky" : safe)-backup-\(stamp(date)).pkarr"
    }

    /// `text` as one harmless file-name component (possibly empty).
    public static func safeComponent(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var dots = 0
        func flushDots() {
            if dots == 1 && !scalars.isEmpty {
                scalars.append(".")
            } else if dots > 0 {
                // `..` (or a leading dot) would name a parent folder or hide the file.
                scalars.append("_")
            }
            dots = 0
        }
        for scalar in text.unicodeScalars {
            if scalar == "." {
                dots += 1
                continue
            }
            flushDots()
            let unsafe =
                scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator
            scalars.append(unsafe ? "_" : scalar)
        }
        flushDots()
        var result = String(scalars)
        while result.utf8.count > maximumNameBytes { result.removeLast() }
        return result
    }

    private static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return
            "\(String(format: "%04d", c.year ?? 0))-\(two(c.month))-\(two(c.day))_\(two(c.hour))-\(two(c.minute))-\(two(c.second))"
    }
}
