import AndroidPlatform
import ContractNames
import Device
import Testing

/// What the Android OS does with installs and links (spec/07 §1.1, §6.7, §9), apart from sharing.
@Suite struct AndroidPhoneTests {
    let android = AndroidPhone()
    let signin = "pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=x"

    @Test func anotherBitkitFlavourIsInstalledBesideAndTheSamePackageUpdatesItself() {
        var state = DeviceState()
        #expect(
            android.place(InstalledApp(kind: .bitkit, network: .regtest), on: &state)
                == .init(updated: false, beside: false))
        #expect(
            android.place(InstalledApp(kind: .bitkit, network: .testnet), on: &state)
                == .init(updated: false, beside: true))
        #expect(
            android.place(InstalledApp(kind: .bitkit, network: .testnet), on: &state)
                == .init(updated: true, beside: true))
        #expect(
            android.place(InstalledApp(kind: .bitkit, network: .regtest), on: &state)
                == .init(updated: true, beside: false))
        #expect(state.bitkitInstalls.map(\.package) == ["to.bitkit.dev", "to.bitkit.tnet"])
    }

    @Test func anUninstallTakesThePrivateStoreWithTheApp() {
        let removal = android.removal(of: InstalledApp(kind: .ring))
        #expect(removal.groups == [SharedContract.ringPrivateGroup])
        #expect(
            removal.sentence
                == "Uninstalled Pubky Ring (app.pubkyring): its sandbox, private store and provider are gone.")
    }

    @Test func anEnabledAliasClaimsItsLinksAndTwoAppsThatCanOpenOneMakeTheChooserAsk() {
        var state = DeviceState()
        state.apps[.ring] = InstalledApp(kind: .ring, installOrder: 1)
        var bitkit = InstalledApp(kind: .bitkit, installOrder: 2)
        state.apps[.bitkit] = bitkit
        #expect(android.route(signin, on: state).receivedBy == .ring)
        bitkit.enabledAliases = [URLRouter.Alias.pubkySignup]
        state.apps[.bitkit] = bitkit
        // The signup alias claims signup links only.
        #expect(android.route(signin, on: state).receivedBy == .ring)
        #expect(android.route("pubkyauth://signup?hs=x", on: state).chooser == [.bitkit, .ring])
        bitkit.enabledAliases = [URLRouter.Alias.pubkyAuth]
        state.apps[.bitkit] = bitkit
        let delivery = android.route(signin, on: state)
        #expect(delivery.receivedBy == nil)
        #expect(delivery.chooser == [.bitkit, .ring])
    }
}
