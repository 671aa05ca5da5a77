import ContractNames
import Device
import Foundation
import Keychain
import Platforms
import SimCLI
import Simulation

/// `simctl device …`: lock state, clock and the Files folder.
enum DeviceCommands {
    static let group = Command(
        "device", summary: "Lock, unlock or reboot the device; move its clock; list its Files folder.",
        subcommands: [lock, unlock, reboot, status, clock, files])

    struct StateOutput: Encodable { var protection: ProtectionState }

    private static func setProtection(
        _ protection: ProtectionState, op: DeviceOp, _ args: inout Arguments, _ invocation: Invocation
    ) throws {
        try args.finish()
        let store = DeviceStore(world: invocation.world)
        // Locking a device that was never unlocked since boot leaves it in that state: only a first
        // unlock makes AfterFirstUnlock items available (spec/01 §6).
        let (result, os) = try store.update { state -> (ProtectionState, any PhoneOS) in
            if protection == .locked, state.protection == .neverUnlocked {
                return (.neverUnlocked, PlatformOS.of(state))
            }
            state.protection = protection
            return (protection, PlatformOS.of(state))
        }
        let unchanged = protection == .locked && result == .neverUnlocked
        invocation.journalTool(op, detail: unchanged ? "still never unlocked since boot" : nil)
        let meaning: String
        switch result {
        case .locked where !os.policy.lockGatesReads:
            meaning =
                "Neither app's keystore key needs an unlocked device: both providers and stores keep working (spec/07 §9)."
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
        try setProtection(.locked, op: .lock, &$0, $1)
    }
    static let unlock = Command("unlock", summary: "Unlock the device.", examples: ["simctl device unlock"]) {
        try setProtection(.unlocked, op: .unlock, &$0, $1)
    }
    static let reboot = Command(
        "reboot", summary: "Reboot: the device is then never unlocked since boot, and apps are not running.",
        examples: ["simctl device reboot"]
    ) { args, invocation in
        for app in AppKind.allCases {
            try? FileManager.default.removeItem(
                at: invocation.world.sandbox(app).appendingPathComponent("memory.json", isDirectory: false))
        }
        try setProtection(.neverUnlocked, op: .reboot, &args, invocation)
    }

    struct StatusOutput: Encodable {
        var protection: ProtectionState
        /// The device time.
        var clock: Date
        /// Simulated milliseconds since the world began.
        var clockElapsedMs: Int64

        init(protection: ProtectionState, clock: DeviceClock.Reading) {
            self.protection = protection
            self.clock = clock.now
            clockElapsedMs = clock.elapsed
        }
    }

    static let status = Command(
        "status", summary: "Show the lock state and the device clock.", examples: ["simctl device status"]
    ) {
        args, invocation in
        try args.finish()
        let state = try DeviceStore(world: invocation.world).read()
        let clock = try DeviceClock(world: invocation.world).read()
        try invocation.emit(
            StatusOutput(protection: state.protection, clock: clock),
            text: "Device \(state.protection.rawValue); clock \(DeviceClockText.describe(clock))")
    }

    static let clock = Command(
        "clock",
        summary: "Move the simulated device clock by SECONDS, set it to a time, or back to the world's start.",
        usage: "advance SECONDS | set ISO8601 | reset",
        details:
            "The device clock is simulated: a new world starts at 2026-01-01T00:00:00Z and time moves only when something spends it (each network request its simulated latency) or when you move it here. Every time the apps, the keychain, the backend and the journal write comes from it, so a run replays byte for byte.",
        examples: [
            "simctl device clock advance 3600", "simctl device clock set 2026-06-01T12:00:00Z",
            "simctl device clock reset",
        ]
    ) { args, invocation in
        let verb = try args.positional("advance|set|reset")
        try invocation.world.requireExists()
        let clock = DeviceClock(world: invocation.world)
        let reading: DeviceClock.Reading
        switch verb {
        case "advance":
            let text = try args.positional("SECONDS")
            try args.finish()
            guard let seconds = Double(text), seconds.isFinite, abs(seconds) < 1e12 else {
                throw CLIError.usage("SECONDS must be a number, e.g. 3600.")
            }
            reading = try clock.advance(by: Int64((seconds * 1000).rounded()))
        case "set":
            let text = try args.positional("ISO8601")
            try args.finish()
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw CLIError.usage("Expected a time like 2026-06-01T12:00:00Z, not '\(text)'.")
            }
            let target = Int64((date.timeIntervalSince1970 * 1000).rounded())
            reading = try clock.change { $0.elapsed = target - $0.start }
        case "reset":
            try args.finish()
            reading = try clock.change { $0.elapsed = 0 }
        default:
            throw CLIError.usage("Expected `advance SECONDS`, `set ISO8601` or `reset`.")
        }
        invocation.journalTool(.clock, detail: "\(reading.elapsed)")
        let state = try DeviceStore(world: invocation.world).read()
        try invocation.emit(
            StatusOutput(protection: state.protection, clock: reading),
            text: "Device clock is \(DeviceClockText.describe(reading)).")
    }

    static let files = Command(
        "files",
        summary: "List the device's Files folder (where Ring's backup exports land): name, size and bytes in hex.",
        details: "The same as `simctl files list`; `simctl files` also decrypts a recovery file and puts files there.",
        examples: ["simctl device files --json"]
    ) { args, invocation in
        try args.finish()
        try FilesCommands.emitListing(invocation)
    }
}

/// The clock as people read it: `2026-01-01T00:00:03.500Z (3.5 s since the world began)`.
enum DeviceClockText {
    static func describe(_ clock: DeviceClock.Reading) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let sign = clock.elapsed < 0 ? "-" : ""
        let magnitude = clock.elapsed.magnitude
        let fraction = magnitude % 1000 == 0 ? "" : "." + String(String(1000 + magnitude % 1000).dropFirst())
        return "\(formatter.string(from: clock.now)) (\(sign)\(magnitude / 1000)\(fraction) s since the world began)"
    }
}
