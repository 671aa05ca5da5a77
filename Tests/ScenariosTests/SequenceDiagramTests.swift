import Scenarios
import Simulation
import Testing

@Test func theSequenceDiagramHasTheFourLanesAndOneArrowPerSharedCall() {
    var read = JournalEntry(
        app: "bitkit", kind: .keychain(.copy), group: "KYH47R284B.pubky.shared",
        account: "app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy", status: -25300, data: false)
    read.seq = 1
    let diagram = SequenceDiagram.mermaid([
        read, JournalEntry(app: "ring", kind: .toast(style: "info"), detail: "info · Bitkit pubky removed"),
    ])
    #expect(diagram.hasPrefix("sequenceDiagram\n"))
    #expect(diagram.contains("participant S as Shared group"))
    #expect(diagram.contains("B->>S: exists? app.pubkyring:tkrq8…p7qy → -25300"))
    #expect(diagram.contains("Note over R: toast info info · Bitkit pubky removed"))
}
