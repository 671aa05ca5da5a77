import Device

extension BitkitRuntime {
    /// Runs one action: lifecycle actions directly; any other first launches a not-running app (the
    /// user taps its icon) or brings a backgrounded one forward, then performs the tap.
    func run(_ action: BitkitAction) throws {
        do {
            try dispatch(action)
        } catch is Terminated {
            notice("Bitkit was terminated while this action waited; nothing more was done.")
            return
        }
        if current != nil {
            memory.toasts = raised
            try saveMemory()
        }
    }

    private func dispatch(_ action: BitkitAction) throws {
        switch action {
        case .kill:
            kill()
            return
        case .relaunch:
            kill()
            try launch()
            return
        case .launch:
            if current == nil {
                try launch()
            } else if !memory.inForeground {
                try becomeActive()
            }
            return
        case .foreground:
            if current == nil { try launch() } else { try becomeActive() }
            return
        case .background:
            guard current != nil else {
                notice("Bitkit is not running.")
                return
            }
            memory.inForeground = false
            lifecycle(.background)
            return
        default:
            if current == nil {
                try launch()
            } else if !memory.inForeground {
                try becomeActive()
            }
        }
        try perform(action)
    }

    private func perform(_ action: BitkitAction) throws {
        switch action {
        case .home: goHome()
        case .back: goBack()
        case .open(let route): try open(route)
        case .continueFlow: try continueFlow()
        case .createWallet: try createWallet()
        case .restoreWallet(let mnemonic, let passphrase): try restoreWallet(mnemonic: mnemonic, passphrase: passphrase)
        case .openSettings: try open(.settings)
        case .setPaykitUI(let on): try setPaykitUI(on)
        case .setProfileIntroSeen(let seen): try updateDefaults { $0.profileIntroSeen = seen }
        case .reset(let confirm): try reset(confirm: confirm)
        case .pick(let target): try pick(target)
        case .createProfile(let name, let bio): try createProfileAction(name: name, bio: bio)
        case .save: try saveProfile()
        case .scan(let text): try scan(text)
        case .approve: try approve()
        case .deny: deny()
        case .editProfile: try openEditProfile()
        case .deleteProfile(let confirm): try deleteProfile(confirm: confirm)
        case .disconnect(let confirm): try disconnect(confirm: confirm)
        case .restoreBackup(let text): try restoreBackup(text)
        case .paykit(let action): try perform(action)
        case .launch, .relaunch, .kill, .foreground, .background: break
        }
    }

    private func setPaykitUI(_ on: Bool) throws {
        try updateDefaults { $0.paykitUIEnabled = on }
        // Screens the toggle hides cannot stay visible once it is off.
        if !on, memory.path.contains(where: \.needsPaykitUI) {
            setPath(Array(memory.path.prefix { !$0.needsPaykitUI }))
            memory.sheet = nil
        }
    }
}
