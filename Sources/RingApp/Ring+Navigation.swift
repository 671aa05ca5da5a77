import AppRuntime
import ContractNames

/// Ring's navigation and sheets: the stack, Home's focus, a pubky's detail screen, Back, and the
/// sheets' confirming button, routed to the feature the sheet belongs to.
extension Context where App == Ring {
    /// The running app's memory (created at the root screen if a concurrent kill dropped it).
    var memory: RingMemory {
        get { state.memory ?? RingMemory(stack: [state.store.onboarded ? .home : .onboarding]) }
        set { state.memory = newValue }
    }

    /// Replaces the navigation stack, journaling the change.
    mutating func navigate(_ stack: [RingRoute]) {
        let before = state.memory?.stack.map(\.name)
        memory.stack = stack
        let after = stack.map(\.name)
        if before != after { record(JournalLine(.navigation, detail: after.joined(separator: " > "))) }
    }

    /// Shows Home (closing any sheet) and runs its focus: the offer load.
    mutating func focusHome() throws {
        guard state.store.onboarded else { throw RingAppError.inOnboarding }
        memory.sheet = nil
        memory.backupError = nil
        navigate([.home])
        try loadOffers()
    }

    /// The detail screen of `pubky` on top of Home.
    mutating func openDetail(_ pubky: String) {
        memory.sheet = nil
        memory.backupError = nil
        navigate([.home, .detail(pubky: pubky)])
    }

    /// Back: closes a sheet, else pops a screen (Home regains focus).
    mutating func back() throws {
        if memory.sheet != nil {
            try send(.cancel, to: Authorization.self)
            return
        }
        guard memory.stack.count > 1 else { return }
        memory.backupError = nil
        navigate(Array(memory.stack.dropLast()))
        if memory.top == .home { try loadOffers() }
    }

    /// The confirming button of the sheet shown.
    mutating func confirmSheet() throws {
        switch memory.sheet {
        case .useExternal(let record): try send(.use(record), to: Offers.self)
        case .deletePubky(let pubky): try send(.confirmDelete(pubky), to: Pubkys.self)
        case .confirmAuth: try send(.confirm, to: Authorization.self)
        case .wipe: try send(.confirmWipe, to: Pubkys.self)
        case .editPubky: try send(.saveEdit(name: nil), to: Pubkys.self)
        case .authSuccess, .share, .configurationFailed, .selectPubky, .selectSessionPubky, .backupPubky,
            .decryptBackup:
            memory.sheet = nil
        case nil:
            throw RingAppError.noSheet(expected: "confirmable", shown: nil)
        }
    }
}
