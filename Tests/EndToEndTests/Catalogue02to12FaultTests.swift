import Foundation
import Testing

/// Catalogue scenarios 2–12 (spec/06 §1) catch what they claim to: each test copies a catalogue file
/// and its includes into a temporary folder, injects a behaviour fault (a forced keychain status, an
/// SDK failure, a network knob) after the setup, and runs the copy next to the untouched file: the
/// untouched one passes, the faulted one fails at the expectation that covers the broken behaviour.
@Suite struct Catalogue02to12FaultTests {
    static let scenarios = CatalogueFiles.scenarios

    let folder: URL

    init() throws { folder = try CatalogueFiles.folderWithIncludes(label: "catalogue") }

    /// Copies catalogue file `name` unchanged, and a `-fault` copy with `fault` inserted before the
    /// first line equal to `before`; runs both and checks that only the copy fails, at the first line
    /// equal to `failsAt` after the insertion.
    func check(_ name: String, inserting fault: [String], before: String, failsAt: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: Self.scenarios.appendingPathComponent(name), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let insertion = try #require(lines.firstIndex(of: before), "\(name) has no line `\(before)`")
        lines.insert(contentsOf: fault, at: insertion)
        let failing = try #require(
            lines[insertion...].firstIndex(of: failsAt), "\(name) has no line `\(failsAt)` after `\(before)`")

        let untouched = folder.appendingPathComponent(name)
        let faulted = folder.appendingPathComponent(name.replacingOccurrences(of: ".scenario", with: "-fault.scenario"))
        try text.write(to: untouched, atomically: true, encoding: .utf8)
        try lines.joined(separator: "\n").write(to: faulted, atomically: true, encoding: .utf8)

        let run = try Sim.run("simctl", ["scenario", "run", "--jobs", "2", untouched.path, faulted.path])
        let stem = untouched.deletingPathExtension().lastPathComponent
        #expect(run.status == 1)
        #expect(run.stdout.contains("PASS \(stem) — "), "\(run.stdout)")
        #expect(run.stdout.contains("FAIL \(stem)-fault — "))
        #expect(run.stdout.contains("✗ \(faulted.path):\(failing + 1): \(failsAt)\n"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    /// 2: with every Bitkit sign-in failing, A (which has a record) cannot be picked: no Create Profile.
    @Test func scenario2FailsWhenTheSignInOfThePickedPubkyFails() throws {
        try check(
            "02-pick-signed-up-ring-pubky.scenario", inserting: ["fault sdk --app bitkit sign-in"],
            before: "bitkit pick {A}", failsAt: "expect bitkit screen createProfile")
    }

    /// 3: with the DHT unreachable the record check never confirms "not found" for B.
    @Test func scenario3FailsWhenTheRecordCheckCannotConfirmNotFound() throws {
        try check(
            "03-pick-never-signed-up-ring-pubky.scenario", inserting: ["net dht unreachable"],
            before: "bitkit pick {B}",
            failsAt:
                #"expect json simctl journal --app bitkit --event backend :: ".entries[?op=pkarr-dht GET {B}].detail" ~ '^\["not-found","not-found","not-found","ok"'"#
        )
    }

    /// 5: when the just-in-time read of A answers "locked", the scanner shows no approval sheet.
    @Test func scenario5FailsWhenTheRingKeyCannotBeReadForTheLink() throws {
        try check(
            "05-relaunch-authorize-ring-key-just-in-time.scenario",
            inserting: ["fault add --app bitkit --op read --account app.pubkyring:* --status -25308"],
            before: "bitkit scan {LINK}", failsAt: "expect bitkit sheet pubky-auth-approval")
    }

    /// 7: a source check that meets -25308 (not -25300) keeps the adoption: no source-lost toast.
    @Test func scenario7FailsWhenTheSourceCheckIsNotADefiniteNotFound() throws {
        try check(
            "07-ring-deletes-picked-bitkit-relaunches.scenario",
            inserting: ["fault add --app bitkit --op read --account app.pubkyring:* --status -25308"],
            before: "bitkit launch",
            failsAt:
                #"expect bitkit toasts "error · Profile Disconnected · The pubky you used from Pubky Ring is no longer available on this device.""#
        )
    }

    /// 12: with the network back before the first Save, its lookup succeeds: no second Profile Error.
    @Test func scenario12FailsWhenTheFirstSaveIsOnline() throws {
        try check(
            "12-offline-create-profile.scenario", inserting: ["net on"], before: "bitkit save",
            failsAt: #"expect bitkit toasts "error · Profile Error · The Internet connection appears to be offline""#)
    }
}
