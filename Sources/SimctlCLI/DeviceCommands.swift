import Device
import Foundation
import Keychain
import SimCLI

/// `simctl device …`: lock state, clock and the Files folder.
enum DeviceCommands {
    static let group = Command(
        "device", summary: "Lock, unlock or reboot the device; move its clock; list its Files folder.",
        subcommands: [lock, unlock, reboot, status, clock, files])

    struct StateOutput: Encodable { var protection: ProtectionState }

    private static func setProtection(
        _ protection: ProtectionState, op: String, _ args: inout Arguments, _ invocation: Invocation
    ) throws {
        try args.finish()
        let store = DeviceStore(world: invocation.world)
        // Locking a device that was never unlocked since boot leaves it in that state: only a first
        // unlock makes AfterFirstUnlock items available (spec/01 §6).
        let result = try store.update { state -> ProtectionState in
            if protection == .locked, state.protection == .neverUnlocked { return .neverUnlocked }
            state.protection = protection
            return protection
        }
        let unchanged = protection == .locked && result == .neverUnlocked
        AppEnvironment(world: invocation.world, app: .bitkit).journalTool(
            op, detail: unchanged ? "still never unlocked since boot" : nil)
        let meaning: String
        switch result {
        case .locked: meaning = "WhenUnlocked items are unavailable; AfterFirstUnlock items stay readable."
        case .unlocked: meaning = "Every item is available."
        case .neverUnlocked where unchanged:
            meaning =
                "It is still never unlocked since boot: locking changes nothing, and nothing protected is available until the first `simctl device unlock`."
        case .neverUnlocked: meaning = "Nothing protected is available until the first unlock; apps are not running."
        }
        try invocation.emit(StateOutput(protection: result), text: "Device \(result.rawValue). \(meaning)")
    }

    static let lock = Command(
        "lock",
        summary: "Lock the device; one that was never unlocked since boot stays so (only a first unlock changes that).",
        examples: ["simctl device lock"]
    ) {
        try setProtection(.locked, op: "lock", &$0, $1)
    }
    static let unlock = Command("unlock", summary: "Unlock the device.", examples: ["simctl device unlock"]) {
        try setProtection(.unlocked, op: "unlock", &$0, $1)
    }
    static let reboot = Command(
        "reboot", summary: "Reboot: the device is then never unlocked since boot, and apps are not running.",
        examples: ["simctl device reboot"]
    ) { args, invocation in
        for app in AppKind.allCases {
            try? FileManager.default.removeItem(at: invocation.world.sandbox(app).appendingPathComponent("memory.json"))
        }
        try setProtection(.neverUnlocked, op: "reboot", &args, invocation)
    }

    struct StatusOutput: Encodable {
        var protection: ProtectionState
        var clock: Date
        var clockOffset: Double
    }

    static let status = Command(
        "status", summary: "Show the lock state and the device clock.", examples: ["simctl device status"]
    ) {
        args, invocation in
        try args.finish()
        let state = try DeviceStore(world: invocation.world).read()
        try invocation.emit(
            StatusOutput(protection: state.protection, clock: state.now(), clockOffset: state.clockOffset),
            text:
                "Device \(state.protection.rawValue); clock \(ISO8601DateFormatter().string(from: state.now())) (host \(state.clockOffset >= 0 ? "+" : "")\(state.clockOffset) s)"
        )
    }

    static let clock = Command(
        "clock", summary: "Move the device clock forward (or back with a negative number) by SECONDS.",
        usage: "advance SECONDS | reset", examples: ["simctl device clock advance 3600", "simctl device clock reset"]
    ) { args, invocation in
        let verb = try args.positional("advance|reset")
        let store = DeviceStore(world: invocation.world)
        switch verb {
        case "advance":
            let text = try args.positional("SECONDS")
            try args.finish()
            guard let seconds = Double(text), seconds.isFinite else {
                throw CLIError.usage("SECONDS must be a number, e.g. 3600.")
            }
            try store.update { $0.clockOffset += seconds }
        case "reset":
            try args.finish()
            try store.update { $0.clockOffset = 0 }
        default:
            throw CLIError.usage("Expected `advance SECONDS` or `reset`.")
        }
        let state = try store.read()
        try invocation.emit(
            StatusOutput(protection: state.protection, clock: state.now(), clockOffset: state.clockOffset),
            text: "Device clock is host time \(state.clockOffset >= 0 ? "+" : "")\(state.clockOffset) s.")
    }

    struct FilesOutput: Encodable {
        struct File: Encodable {
            var name: String
            var size: Int
            /// The bytes in lowercase hex (the first `hexLimit` bytes of a larger file).
            var hex: String
        }
        var files: [File]
    }

    static let hexLimit = 4096

    static let files = Command(
        "files",
        summary: "List the device's Files folder (where Ring's backup exports land): name, size and bytes in hex.",
        examples: ["simctl device files --json"]
    ) { args, invocation in
        try args.finish()
        let folder = invocation.world.files
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var listed: [FilesOutput.File] = []
        for name in names.sorted() {
            // Only the bytes shown are read: a file can be any size.
            guard let (bytes, size) = try? BoundedFile.prefix(folder.appendingPathComponent(name).path, count: hexLimit)
            else { continue }
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            listed.append(FilesOutput.File(name: name, size: Int(size), hex: hex))
        }
        try invocation.emit(
            FilesOutput(files: listed),
            text: listed.isEmpty ? "No files." : listed.map { "\($0.name)  \($0.size) bytes" }.joined(separator: "\n"))
    }
}
