import Foundation

/// A request expiry parsed by the simulator's own grammar (spec/05 §2.4):
/// `YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|±HH:MM)`, uppercase `T` and `Z` only.
public struct ExpiryTimestamp: Equatable, Hashable, Sendable, Comparable {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let epochSeconds: Int64
    /// Nanoseconds within that second, 0 ..< 1 000 000 000.
    public let nanoseconds: Int32

    public init(epochSeconds: Int64, nanoseconds: Int32 = 0) {
        self.epochSeconds = epochSeconds
        self.nanoseconds = nanoseconds
    }

    /// Parses `text`; nil for anything outside the grammar or an impossible date or time.
    public init?(parsing text: String) {
        let b = Array(text.utf8)
        // Date and time are fixed-width: 19 bytes, then fraction and offset.
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == UInt8(ascii: "T"), b[13] == 0x3A,
            b[16] == 0x3A,
            let year = Self.number(b, 0, 4), let month = Self.number(b, 5, 2),
            let day = Self.number(b, 8, 2), let hour = Self.number(b, 11, 2),
            let minute = Self.number(b, 14, 2), let second = Self.number(b, 17, 2)
        else { return nil }
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }

        var index = 19
        var nanos = 0
        if b[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < b.count, Self.isDigit(b[index]) { index += 1 }
            let count = index - start
            guard (1...9).contains(count), let digits = Self.number(b, start, count) else { return nil }
            nanos = digits * Self.powerOfTen(9 - count)
        }

        var offsetSeconds = 0
        guard index < b.count else { return nil }
        switch b[index] {
        case UInt8(ascii: "Z"):
            guard index + 1 == b.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == b.count, b[index + 3] == 0x3A,
                let offsetHours = Self.number(b, index + 1, 2),
                let offsetMinutes = Self.number(b, index + 4, 2), offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offsetSeconds =
                (offsetHours * 3600 + offsetMinutes * 60) * (b[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }

        let days = Self.daysFromCivil(year: year, month: month, day: day)
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.epochSeconds = local - Int64(offsetSeconds)
        self.nanoseconds = Int32(nanos)
    }

    /// The instant as a Foundation date (sub-microsecond digits may round).
    public var date: Date {
        Date(timeIntervalSince1970: Double(epochSeconds) + Double(nanoseconds) / 1e9)
    }

    /// True when `now` has reached this instant: equal counts as expired. Compared second by second
    /// so a nanosecond-precise expiry is not rounded through a Double.
    public func isExpired(at now: Date) -> Bool {
        let instant = now.timeIntervalSince1970
        let seconds = instant.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 9e18 else { return seconds > 0 }
        let whole = Int64(seconds)
        if epochSeconds != whole { return epochSeconds < whole }
        return Double(nanoseconds) <= (instant - seconds) * 1e9
    }

    public static func < (lhs: ExpiryTimestamp, rhs: ExpiryTimestamp) -> Bool {
        (lhs.epochSeconds, lhs.nanoseconds) < (rhs.epochSeconds, rhs.nanoseconds)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The decimal value of `count` ASCII digits at `start`; nil if any is not a digit.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func powerOfTen(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
