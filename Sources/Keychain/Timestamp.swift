import Foundation

/// Item times on disk: UTC ISO 8601 with milliseconds (`2025-06-01T12:00:00.123Z`). Dates are
/// truncated to whole milliseconds before use so that writing and reading back yields an equal `Date`.
/// Hand-rolled because `ISO8601DateFormatter` is slow when listing thousands of items.
enum Timestamp {
    private static let millisecondsPerDay: Int64 = 86_400_000
    /// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the range the four-digit year covers.
    private static let earliest: Int64 = -62_135_596_800_000
    private static let latest: Int64 = 253_402_300_799_999

    /// `date` truncated to whole milliseconds (and clamped to years 1…9999).
    static func normalize(_ date: Date) -> Date {
        makeDate(milliseconds: milliseconds(date))
    }

    static func format(_ date: Date) -> String {
        let total = milliseconds(date)
        let days = floorDivide(total, millisecondsPerDay)
        var rest = total - days * millisecondsPerDay
        let (year, month, day) = civil(fromDays: days)
        let hour = rest / 3_600_000
        rest %= 3_600_000
        let minute = rest / 60_000
        rest %= 60_000
        let second = rest / 1000
        let milli = rest % 1000
        return
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(milli, 3))Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction]Z`; nil for anything else.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ start: Int, _ length: Int) -> Int64? {
            var value: Int64 = 0
            for index in start..<(start + length) {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }) else { return nil }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var milli: Int64 = 0
        if bytes.count > 20 {
            // A fraction: ".d…dZ", truncated to milliseconds.
            guard bytes[19] == UInt8(ascii: "."), bytes.count >= 22, bytes.count <= 30,
                let fraction = number(20, bytes.count - 21)
            else { return nil }
            let digits = bytes.count - 21
            var scaled = fraction
            if digits < 3 {
                for _ in digits..<3 { scaled *= 10 }
            } else {
                for _ in 3..<digits { scaled /= 10 }
            }
            milli = scaled
        } else if bytes[19] != UInt8(ascii: "Z") {
            return nil
        }
        let days = days(fromCivil: year, month, day)
        return makeDate(
            milliseconds: days * millisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1000 + milli)
    }

    /// The whole milliseconds `date` has reached: the largest `m` with `makeDate(m) <= date`, so that
    /// normalizing a normalized date changes nothing despite floating-point rounding.
    private static func milliseconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970
        let estimate = (seconds * 1000).rounded(.down)
        guard estimate.isFinite else { return estimate > 0 ? latest : earliest }
        var value = Int64(max(Double(earliest), min(Double(latest), estimate)))
        while value < latest, makeDate(milliseconds: value + 1).timeIntervalSince1970 <= seconds {
            value += 1
        }
        while value > earliest, makeDate(milliseconds: value).timeIntervalSince1970 > seconds {
            value -= 1
        }
        return value
    }

    private static func makeDate(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian calendar).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
