import Testing

@testable import PaykitContract

struct BTCAmountTests {
    @Test(arguments: [
        ("0.001", UInt64(100_000)),
        ("0.00100000000", 100_000),
        (".5", 50_000_000),
        ("10.", 1_000_000_000),
        ("0.00000001", 1),
        ("184467440.73709551", 18_446_744_073_709_551),
        ("000001", 100_000_000),
        ("1.1", 110_000_000),
        ("21000000", 2_100_000_000_000_000),
    ])
    func specTableValidAmountsConvertToExactSats(text: String, sats: UInt64) throws {
        #expect(try BTCAmount(parsing: text).sats == sats)
    }

    @Test(arguments: [
        "0.000000001", "0", "0.00", ".0", "184467440737.09551616", "184467440738", "not-bitcoin", ".",
        "", "+1", "-1", "1e-3", "1,5", " 1", "1 ", "1.2.3", "١", "1.٥", "0x10", "1_000", "１",
        "99999999999999999999999999999999999999", "0." + String(repeating: "0", count: 100_000) + "1",
    ])
    func specTableInvalidAmountsAreInvalid(text: String) {
        #expect(throws: BTCAmountError.invalid) { try BTCAmount(parsing: text) }
    }

    @Test(arguments: ["184467440.73709552", "184467440737.09551615", "184467440.8", "100000000000"])
    func amountsAboveTheCapAreOutOfRange(text: String) {
        #expect(throws: BTCAmountError.outOfRange) { try BTCAmount(parsing: text) }
    }

    @Test func capIsUInt64MaxOverAThousandSoMillisatsNeverOverflow() throws {
        #expect(BTCAmount.maximumSats == 18_446_744_073_709_551)
        #expect(try BTCAmount(parsing: "184467440.73709551").millisats == 18_446_744_073_709_551_000)
    }

    @Test func trailingZerosBeyondEightDigitsAreStrippedBeforeTheLimit() throws {
        #expect(
            try BTCAmount(parsing: "1." + String(repeating: "0", count: 50_000)).sats == 100_000_000)
    }

    @Test func leadingZerosInAHugeWholePartAreHarmless() throws {
        #expect(
            try BTCAmount(parsing: String(repeating: "0", count: 10_000) + "2.5").sats == 250_000_000)
    }
}
