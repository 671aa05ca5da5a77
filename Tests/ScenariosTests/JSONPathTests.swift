import Foundation
import Testing

@testable import Scenarios

/// A journal document, made afresh for each lookup (`Any` cannot be a shared constant).
private func journal() -> Any {
    [
        "entries": [
            ["account": "a", "op": "copy", "status": 0],
            ["account": "b", "op": "copy", "status": 0],
            ["account": "a", "op": "delete", "status": 0],
            ["account": "a", "op": "copy", "status": -25308],
        ]
    ]
}

private func value(_ path: String) throws -> String {
    JSONPath.describe(JSONPath.evaluate(try JSONPath.parse(path), in: journal()))
}

@Test func anIndexAfterAFilterPicksAmongTheMatchingEntries() throws {
    #expect(try value(".entries[?account=a][-1].status") == "-25308")
    #expect(try value(".entries[?account=a][0].op") == "\"copy\"")
    #expect(try value(".entries[?account=a][5].op") == "null")
}

@Test func aSecondFilterNarrowsTheFirst() throws {
    #expect(try value(".entries[?account=a][?op=copy].status") == "[0,-25308]")
    #expect(try value(".entries[?account=b][?op=delete]") == "[]")
}

@Test func aKeyAfterAFilterStillAppliesToEachElement() throws {
    #expect(try value(".entries[?account=a].op") == "[\"copy\",\"delete\",\"copy\"]")
    #expect(try value(".entries[*].account") == "[\"a\",\"b\",\"a\",\"a\"]")
}
