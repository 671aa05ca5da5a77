import Foundation
import Testing

@testable import PaykitContract

struct ExpiryTimestampTests {
    @Test(arguments: [
        ("2025-01-01T00:00:00Z", Int64(1_735_689_600), Int32(0)),
        ("2025-01-01T00:00:00+00:00", 1_735_689_600, 0),
        ("2025-01-01T02:00:00+02:00", 1_735_689_600, 0),
        ("2024-12-31T19:30:00-04:30", 1_735_689_600, 0),
        ("2025-01-01T00:00:00.5Z", 1_735_689_600, 500_000_000),
        ("2025-01-01T00:00:00.123Z", 1_735_689_600, 123_000_000),
        ("2025-01-01T00:00:00.123456Z", 1_735_689_600, 123_456_000),
        ("2025-01-01T00:00:00.123456789Z", 1_735_689_600, 123_456_789),
        ("1970-01-01T00:00:00Z", 0, 0),
        ("2024-02-29T12:00:00Z", 1_709_208_000, 0),
        ("9999-12-31T23:59:59Z", 253_402_300_799, 0),
    ])
    func acceptedFormatsParseToTheExactInstant(text: String, seconds: Int64, nanos: Int32) throws {
        let parsed = try #require(ExpiryTimestamp(parsing: text))
        #expect(parsed.epochSeconds == seconds)
        #expect(parsed.nanoseconds == nanos)
    }

    @Test(arguments: [
        "2025-01-01T00:00:00",  // no offset
        "2025-01-01",  // date only
        "20250101T000000Z",  // basic format
        "2025-01-01T00:00:00+0200",  // ±HHMM without colon
        "2025-01-01T00:00:00.1234567890Z",  // 10 fraction digits
        "2025-01-01t00:00:00Z",  // lowercase t
        "2025-01-01T00:00:00z",  // lowercase z
        "2025-01-01T00:00:00.Z",  // dot without digits
        "2025-01-01 00:00:00Z",  // space separator
        "2025-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2025-04-31T00:00:00Z", "2025-01-00T00:00:00Z",
        "2025-01-01T24:00:00Z", "2025-01-01T00:60:00Z", "2025-01-01T00:00:60Z",
        "2025-01-01T00:00:00+24:00", "2025-01-01T00:00:00+02:60", "2025-01-01T00:00:00+02",
        "2025-01-01T00:00:00Z ", " 2025-01-01T00:00:00Z", "2025-01-01T00:00:00ZZ",
        "+2025-01-01T00:00:00Z",
        "٢٠٢٥-01-01T00:00:00Z", "", "T", "2025-1-01T00:00:00Z",
    ])
    func rejectedFormatsDoNotParse(text: String) {
        #expect(ExpiryTimestamp(parsing: text) == nil)
    }

    @Test func equalToNowCountsAsExpired() throws {
        let expiry = try #require(ExpiryTimestamp(parsing: "2025-01-01T00:00:00Z"))
        #expect(expiry.isExpired(at: testNow))
        #expect(!expiry.isExpired(at: testNow.addingTimeInterval(-0.001)))
        #expect(expiry.isExpired(at: testNow.addingTimeInterval(1)))
    }
}
