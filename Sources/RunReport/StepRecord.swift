/// Everything a report shows about one step: the command, both phones, the expectations checked
/// after it, what the device shares and the journal events it caused.
public struct StepRecord: Sendable, Equatable {
    /// 1-based, in run order.
    public var number: Int
    /// The command as written (symbols unexpanded), e.g. `bitkit pick {A}`.
    public var command: String
    /// `file:line` of the command.
    public var location: String?
    /// `note` lines written before the command.
    public var notes: [String]
    /// What the runner did around the command (the focus rule, bindings), in order.
    public var remarks: [String]
    /// The app whose tool ran the command; nil for `simctl` and `wait`.
    public var actor: Phone?
    public var bitkit: PhoneState
    public var ring: PhoneState
    public var device: DeviceStatus
    /// A short form of the output of a command that shows no screen (`simctl …`, a failed exit).
    public var output: String?
    public var expectations: [ExpectationRecord]
    /// What the device shares after the step, with the records removed by it.
    public var records: [SharedRecordRow]
    public var journal: [JournalLine]

    public init(
        number: Int, command: String, location: String? = nil, notes: [String] = [], remarks: [String] = [],
        actor: Phone? = nil, bitkit: PhoneState = PhoneState(), ring: PhoneState = PhoneState(),
        device: DeviceStatus = DeviceStatus(lock: "unlocked"), output: String? = nil,
        expectations: [ExpectationRecord] = [], records: [SharedRecordRow] = [], journal: [JournalLine] = []
    ) {
        self.number = number
        self.command = command
        self.location = location
        self.notes = notes
        self.remarks = remarks
        self.actor = actor
        self.bitkit = bitkit
        self.ring = ring
        self.device = device
        self.output = output
        self.expectations = expectations
        self.records = records
        self.journal = journal
    }

    public var passed: Bool { expectations.allSatisfy(\.passed) }

    public func phone(_ phone: Phone) -> PhoneState {
        phone == .bitkit ? bitkit : ring
    }
}
