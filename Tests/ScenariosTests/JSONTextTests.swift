import Testing

@testable import Scenarios

private func expand(_ text: String) throws(SymbolError) -> String {
    text.replacingOccurrences(of: "{SEQ}", with: "92").replacingOccurrences(of: "{TOKEN}", with: "088C-R6SX")
        .replacingOccurrences(of: "{A}", with: "tkrq8zmw")
}

@Test func aLoneSymbolBoundToANumberComparesAsANumber() throws {
    #expect(try JSONText.expandingLoneSymbol(JSONText.literal("{SEQ}"), expand) == "92")
}

@Test func aLoneSymbolBoundToTextStaysText() throws {
    #expect(try JSONText.expandingLoneSymbol(JSONText.literal("{TOKEN}"), expand) == "\"088C-R6SX\"")
}

@Test func symbolsInsideLongerValuesExpandInPlace() throws {
    #expect(try JSONText.expandingLoneSymbol(JSONText.literal("pubky{A}"), expand) == "\"pubkytkrq8zmw\"")
    #expect(try JSONText.expandingLoneSymbol(JSONText.literal("[{A}, {SEQ}]"), expand) == "[tkrq8zmw, 92]")
}
