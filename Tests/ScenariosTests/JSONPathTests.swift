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
    // Nothing passes both filters: the path matches nothing (not an empty list a check could pass on).
    #expect(try value(".entries[?account=b][?op=delete]") == "null")
}

@Test func aSelectionNamesHowMuchOfThePathMatched() throws {
    func matched(_ path: String) throws -> Int? {
        if case .nothing(let matched) = JSONPath.select(try JSONPath.parse(path), in: journal()) { return matched }
        return nil
    }
    #expect(try matched(".entries[?op=renamed]") == 1)
    #expect(try matched(".entries[?account=b][?op=delete]") == 2)
    #expect(try matched(".entries[*].renamed") == 2)
    #expect(try matched(".missing.status") == 0)
    #expect(try matched(".entries[9]") == 1)
    #expect(try matched(".entries[*].account") == nil)
}

@Test func aKeyAfterAFilterStillAppliesToEachElement() throws {
    #expect(try value(".entries[?account=a].op") == "[\"copy\",\"delete\",\"copy\"]")
    #expect(try value(".entries[*].account") == "[\"a\",\"b\",\"a\",\"a\"]")
}
