import AppSupport
import Foundation
import Testing

@Test func toastTextJoinsTypeTitleAndDescription() {
    #expect(
        Toast(.error, "Could Not Use Pubky", "Authentication failed: Pubky Ring key unavailable").text
            == "error · Could Not Use Pubky · Authentication failed: Pubky Ring key unavailable")
    #expect(Toast(.info, "Already signed in").text == "info · Already signed in")
}

@Test func toastJSONCarriesTheTextAndRoundTrips() throws {
    let toast = Toast(.error, "Invalid auth request", id: "PubkyAuthInvalidRequestToast")
    let data = try JSONEncoder().encode(toast)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["text"] as? String == "error · Invalid auth request")
    #expect(try JSONDecoder().decode(Toast.self, from: data) == toast)
}

@Test func screenTextShowsTitleRowsAndToasts() {
    let screen = Screen(
        app: "bitkit", route: "pubkyChoice", title: "Enter the\nfreedom web",
        texts: ["Use an existing pubky from Pubky Ring."],
        rows: [Screen.Row(id: "PubkyChoiceRing_x", title: "tkrq...p7qy", caption: "TKRQ...P7QY")],
        toasts: [Toast(.info, "Hi")], stack: ["home", "pubkyChoice"])
    let text = ScreenRenderer.text(screen, appName: "Bitkit")
    #expect(text.contains("Bitkit — pubkyChoice   [home › pubkyChoice]"))
    #expect(text.contains("  Enter the\n  freedom web"))
    #expect(text.contains("• tkrq...p7qy  TKRQ...P7QY  (PubkyChoiceRing_x)"))
    #expect(text.contains("Toast: info · Hi"))
}

@Test func aSheetFooterIsPrintedBelowItsRowsAndLeftOutOfTheJSONWhenAbsent() throws {
    var screen = Screen(app: "bitkit", route: "home")
    screen.sheet = Screen.Sheet(
        id: "s", title: "Authorize", texts: ["Above"], rows: [Screen.Row(id: "r", title: "/pub/x", caption: "READ")],
        footer: ["Below", "AIHF...A3IY"], buttons: [Screen.Button(id: "b", label: "Authorize")])
    let text = ScreenRenderer.text(screen, appName: "Bitkit")
    #expect(
        text.contains(
            "  │ Above\n  │ • /pub/x  READ  (r)\n  │ Below\n  │ AIHF...A3IY\n  │ [Authorize]  (b)"))
    let withFooter = try #require(
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(screen.sheet)) as? [String: Any])
    #expect(withFooter["footer"] as? [String] == ["Below", "AIHF...A3IY"])
    let plain = try #require(
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(Screen.Sheet(id: "s", title: "t")))
            as? [String: Any])
    #expect(plain["footer"] == nil)
}
