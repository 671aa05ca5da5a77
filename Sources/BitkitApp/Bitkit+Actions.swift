import AppRuntime

extension Context where App == Bitkit {
    /// A user action on the running app (the lifecycle came first, `Bitkit.act`).
    mutating func perform(_ action: BitkitAction) throws {
        switch action {
        case .home: goHome()
        case .back: try goBack()
        case .open(let route): try open(route)
        case .continueFlow: try continueFlow()
        case .createWallet: try createWallet()
        case .restoreWallet(let mnemonic, let passphrase): try restoreWallet(mnemonic: mnemonic, passphrase: passphrase)
        case .openSettings: try open(.settings)
        case .openDrawer: memory.sheet = .drawer
        case .setPaykitUI(let on): setPaykitUI(on)
        case .setProfileIntroSeen(let seen): updateDefaults { $0.profileIntroSeen = seen }
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

    private mutating func setPaykitUI(_ on: Bool) {
        updateDefaults { $0.paykitUIEnabled = on }
        // Screens the toggle hides cannot stay visible once it is off.
        if !on, memory.path.contains(where: \.needsPaykitUI) {
            setPath(Array(memory.path.prefix { !$0.needsPaykitUI }))
            memory.sheet = nil
        }
    }
}
