import Foundation
import Testing

/// `bitkit open-url` is the OS offering a link to Bitkit, not a tap: the focus rule leaves Bitkit alone.
@Suite struct ScenarioRunnerOpenURLEndToEndTests {
    @Test func bitkitOpenURLNeitherForegroundsNorTouchesBitkit() throws {
        let folder = Scratch.folder.appendingPathComponent("open-url-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("01-open-url.scenario")
        try """
        bitkit launch
        ring launch
        simctl journal --app bitkit
        set LAST = .entries[-1].seq
        bitkit open-url "pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=AhDMGz2Er3dXNJCyWz1tPejj-U1LR4srjx-VmBgSuFI"
        expect last .deliveredToBitkit = false
        expect json simctl journal --app bitkit :: .entries[-1].seq = {LAST}
        expect json simctl journal --app ring --event lifecycle :: .entries[-1].op = launch
        """.write(to: file, atomically: true, encoding: .utf8)
        let run = try Sim.run("simctl", ["scenario", "run", file.path])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("(bitkit comes to the foreground)"))
        #expect(!run.stdout.contains("(ring goes to the background)"))
    }
}
