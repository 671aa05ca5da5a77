import Testing

@testable import PaykitContract

struct StrictJSONParserTests {
    let parser = StrictJSONParser()

    @Test func parsesEveryValueKind() throws {
        let value = try parser.parse(
            #" {"a":[1,-0.5e+3,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"],"b":{}} "#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["a", "b"])
        #expect(
            object["a"]
                == .array([
                    .number("1"), .number("-0.5e+3"), .bool(true), .bool(false), .null,
                    .string("x\"\\/\u{8}\u{c}\n\r\té😀"),
                ]))
        #expect(object["b"] == .object(JSONObject()))
    }

    @Test func duplicateKeysResolveToTheLastOne() throws {
        let object = try #require(try parser.parse(#"{"k":1,"k":2}"#).objectValue)
        #expect(object["k"] == .number("2"))
        #expect(object.keys == ["k", "k"])
    }

    @Test func hugeNumbersStayText() throws {
        let digits = String(repeating: "9", count: 100_000)
        #expect(try parser.parse(digits) == .number(digits))
        #expect(try parser.parse("1e999999999999") == .number("1e999999999999"))
    }

    @Test(arguments: [
        "", " ", "{", "}", "[", "[1,]", "{\"a\":1,}", "{'a':1}", "{a:1}", "01", "1.", ".5", "-", "+1",
        "1e", "1e+", "tru", "nul", "True", "NaN", "Infinity", "\"abc", "\"\\x\"", "\"\\u12\"",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"a\nb\"", "\"\u{1}\"", "{}{}", "[] x",
        "\u{feff}{}", "{\"a\" 1}", "[1 2]", "/* c */ {}", "{\"a\":1}//",
    ])
    func rejectsEverythingOutsideRFC8259(text: String) {
        #expect(throws: JSONParseError.self) { try parser.parse(text) }
    }

    @Test func deepNestingIsRejectedNotACrash() {
        for opener in ["[", "{\"a\":"] {
            let text = String(repeating: opener, count: 100_000)
            #expect(throws: JSONParseError.tooDeep(limit: 64)) { try parser.parse(text) }
        }
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parser.parse(ok) }
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParseError.tooDeep(limit: 64)) { try parser.parse(tooDeep) }
    }

    @Test(arguments: [
        [UInt8]([0x22, 0xFF, 0x22]), [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0xE2, 0x82, 0x22], [0x7B, 0x80, 0x7D],
    ])
    func nonUTF8BytesAreRejected(bytes: [UInt8]) {
        #expect(throws: JSONParseError.invalidUTF8) { try parser.parse(bytes: bytes) }
    }

    @Test func oversizedInputIsRejectedBeforeParsing() {
        let big = [UInt8](repeating: 0x20, count: StrictJSONParser.defaultMaximumBytes + 1)
        #expect(throws: JSONParseError.tooLarge(limit: StrictJSONParser.defaultMaximumBytes)) {
            try parser.parse(bytes: big)
        }
    }
}
