import Foundation

/// The recovery file's name (spec/03 §14): `<name lowercased, spaces → '-'>-backup-YYYY-MM-DD_HH-MM-SS.pkarr`,
/// or `pubky-backup-….pkarr` for an unnamed pubky. The simulator writes the device clock in UTC.
public enum RingBackupFileName {
    public static func make(name: String, date: Date) -> String {
        let base = name.isEmpty ? "pubky" : name.lowercased().replacingOccurrences(of: " ", with: "-")
        return "\(base)-backup-\(stamp(date)).pkarr"
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
