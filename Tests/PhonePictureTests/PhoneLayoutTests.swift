import AppSupport
import Foundation
import Testing

@testable import PhonePicture

@Suite struct PhoneLayoutTests {
    let status = PhoneLayout.Status(appName: "Bitkit", app: "bitkit", lock: "Unlocked", locked: false, offline: false)

    func choice(disabled: Bool = false) -> Screen {
        Screen(
            app: "bitkit", route: "pubkyChoice", title: "Enter the\nfreedom web",
            texts: ["Use an existing pubky from Pubky Ring."],
            rows: [
                Screen.Row(
                    id: "PubkyChoiceRing_tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
                    testTag: .tag("PubkyChoiceIdentity"), title: "tkrq...p7qy", caption: "TKRQ...P7QY",
                    disabled: disabled)
            ],
            buttons: [Screen.Button(id: "NavigationBack", testTag: .tag("NavigationBack"), label: "Back")],
            toasts: [Toast(.error, "Could Not Use Pubky", "Authentication failed: Pubky Ring key unavailable")],
            stack: ["home", "pubkyChoice"])
    }

    @Test func sameScreenSameFramesAndPaints() {
        #expect(PhoneLayout(choice(), status: status).nodes == PhoneLayout(choice(), status: status).nodes)
        #expect(PhoneLayout(choice(), status: status).paints == PhoneLayout(choice(), status: status).paints)
    }

    @Test func elementsComeInDocumentOrderWithRolesAndFitTheScreenWidth() {
        let nodes = PhoneLayout(choice(), status: status).nodes
        #expect(nodes.map(\.role) == [.text, .text, .row, .button, .toast])
        #expect(nodes[2].id == "PubkyChoiceRing_tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy")
        #expect(nodes[2].caption == "TKRQ...P7QY")
        for node in nodes { #expect(node.frame.x >= 0 && node.frame.x + node.frame.width <= PhoneLayout.width) }
        // Top to bottom: the row below the texts, the button below the row.
        #expect(nodes[2].frame.y > nodes[1].frame.y)
        #expect(nodes[3].frame.y >= nodes[2].frame.y + nodes[2].frame.height)
    }

    @Test func aDisabledRowIsNotATarget() {
        let row = PhoneLayout(choice(disabled: true), status: status).nodes[2]
        #expect(!row.enabled)
        #expect(!row.isTarget)
        #expect(PhoneLayout(choice(), status: status).nodes[2].isTarget)
    }

    @Test func longWordsWrapWithinTheWidth() {
        let lines = TextModel.wrap(String(repeating: "w", count: 200), size: 15, bold: false, width: 300)
        #expect(lines.count > 1)
        for line in lines { #expect(TextModel.width(line, size: 15, bold: false) <= 300) }
    }

    @Test func aPNGIs780By1688AndTheSameBytesForTheSameScreen() throws {
        let first = try PhonePainter.png(PhoneLayout(choice(), status: status))
        let second = try PhonePainter.png(PhoneLayout(choice(), status: status))
        #expect(first == second)
        #expect(Array(first.prefix(8)) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        // IHDR: width and height, big-endian, at bytes 16–23.
        let header = Array(first[16..<24])
        #expect(header == [0, 0, 0x03, 0x0c, 0, 0, 0x06, 0x98])
        let other = try PhonePainter.png(PhoneLayout(choice(disabled: true), status: status))
        #expect(other != first)
    }
}
