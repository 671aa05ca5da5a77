import Foundation
import Testing

@testable import Scenarios

/// `expect [bitkit|ring] id ID [absent|disabled|enabled]` reads every identified thing of a screen:
/// rows, buttons, elements, the sheet's, and toasts with an id.
@Suite struct IdentifierExpectationTests {
    static var screen: [String: Any] {
        [
            "app": "bitkit", "route": "createProfile", "texts": ["pubkyabc"], "stack": ["home", "createProfile"],
            "rows": [],
            "toasts": [["type": "error", "title": "Invalid", "id": "PubkyAuthInvalidRequestToast", "text": "x"]],
            "buttons": [
                ["id": "CreateProfileSave", "testTag": "CreateProfileSave", "label": "Save", "disabled": true]
            ],
            "elements": [["id": "CreateProfileUsername", "testTag": "CreateProfileUsername", "text": ""]],
            "sheet": [
                "id": "delete-pubky", "title": "Delete", "texts": [], "rows": [],
                "buttons": [["id": "DeletePubkyConfirmButton", "label": "Delete", "disabled": false]],
            ],
        ]
    }

    static func fail(_ message: String) -> ScenarioError { ScenarioError(file: "t", line: 1, message: message) }

    func holds(_ words: [String]) throws -> Bool {
        var document = Self.screen
        for (field, ids) in TranscriptText.identifierFields(of: Self.screen) { document[field] = ids }
        let expectation = try ExpectationParser.parse(words, fail: Self.fail)
        guard case .json(_, let path, let comparison, let value) = expectation else { return false }
        do {
            try ExpectationEvaluator.check(document, path: path, comparison, value, shownPath: path)
            return true
        } catch is ScriptRun.StepFailure {
            return false
        }
    }

    @Test func anIdIsFoundOnButtonsElementsTheSheetAndToasts() throws {
        for id in [
            "CreateProfileSave", "CreateProfileUsername", "DeletePubkyConfirmButton", "PubkyAuthInvalidRequestToast",
        ] {
            #expect(try holds(["bitkit", "id", id]), "\(id)")
            #expect(try !holds(["bitkit", "id", id, "absent"]), "\(id)")
        }
        #expect(try !holds(["bitkit", "id", "ProfileButton"]))
        #expect(try holds(["bitkit", "id", "ProfileButton", "absent"]))
    }

    @Test func disabledAndEnabledReadTheElementsState() throws {
        #expect(try holds(["id", "CreateProfileSave", "disabled"]))
        #expect(try !holds(["id", "CreateProfileSave", "enabled"]))
        #expect(try holds(["id", "DeletePubkyConfirmButton", "enabled"]))
        #expect(try !holds(["id", "DeletePubkyConfirmButton", "disabled"]))
    }

    @Test func aMisspeltStateIsAUsageError() {
        #expect(throws: ScenarioError.self) { try ExpectationParser.parse(["id", "X", "hidden"], fail: Self.fail) }
    }
}
