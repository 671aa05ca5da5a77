import ContractNames
import Device
import Foundation
import Testing

/// The OS part of opening a link: each build registers the real app's schemes, and when two apps
/// register one, the app installed or update-installed last receives its links.
@Suite struct URLRouterTests {
    func device(_ apps: InstalledApp...) -> DeviceState {
        var state = DeviceState()
        for app in apps { state.apps[app.kind] = app }
        return state
    }

    /// Routing by scheme alone, the latest install receiving a link several register (iOS's rule).
    func route(_ link: String, on state: DeviceState) -> URLRouter.Delivery {
        URLRouter.route(link, on: state, claims: { _ in false }, asks: false)
    }

    let link = "pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=x"

    @Test func eachBuildRegistersTheSchemesTheRealAppDoes() {
        #expect(InstalledApp(kind: .ring).urlSchemes == ["pubkyauth", "pubkyring"])
        let current = InstalledApp(kind: .bitkit)
        #expect(current.urlSchemes.contains("bitcoin") && current.urlSchemes.contains("lightning"))
        #expect(!current.urlSchemes.contains("pubkyauth"))
        #expect(InstalledApp(kind: .bitkit, build: .preSharedKeys).urlSchemes.contains("pubkyauth"))
        #expect(InstalledApp(kind: .bitkit, extraURLSchemes: ["PubkyAuth"]).urlSchemes.last == "pubkyauth")
    }

    @Test func aPubkyauthLinkGoesToRingWhichAloneRegistersIt() {
        let delivery = route(
            link, on: device(InstalledApp(kind: .bitkit, installOrder: 1), InstalledApp(kind: .ring, installOrder: 2)))
        #expect(delivery.scheme == "pubkyauth")
        #expect(delivery.receivedBy == .ring)
        #expect(delivery.registeredBy == [.ring])
    }

    @Test func whenTwoAppsRegisterASchemeTheLaterInstallReceivesIt() {
        let ring = InstalledApp(kind: .ring, installOrder: 2)
        let claiming = InstalledApp(kind: .bitkit, extraURLSchemes: ["pubkyauth"], installOrder: 3)
        #expect(route(link, on: device(claiming, ring)).receivedBy == .bitkit)
        #expect(route(link, on: device(claiming, ring)).registeredBy == [.ring, .bitkit])
        let reinstalledRing = InstalledApp(kind: .ring, installOrder: 4)
        #expect(route(link, on: device(claiming, reinstalledRing)).receivedBy == .ring)
    }

    @Test func aLinkNoAppRegistersReachesNobody() {
        let state = device(InstalledApp(kind: .bitkit), InstalledApp(kind: .ring))
        #expect(route("https://example.com/invite/ABCD-1234-WXYZ", on: state).receivedBy == nil)
        #expect(route("ABCD-1234-WXYZ", on: state).scheme == nil)
        #expect(route("pubkyauth://x", on: DeviceState()).receivedBy == nil)
        #expect(URLRouter.scheme(of: "  BitCoin:bcrt1q") == "bitcoin")
        #expect(URLRouter.scheme(of: "1abc:x") == nil)
    }

    @Test func aDeviceFileFromBeforeSchemesReadsAsTheCurrentBuildsWithTheirSchemes() throws {
        let old = #"{"kind":"bitkit","network":"regtest","sharedGroupEnabled":true}"#
        let app = try JSONDecoder().decode(InstalledApp.self, from: Data(old.utf8))
        #expect(app.build == .current)
        #expect(app.urlSchemes == InstalledApp(kind: .bitkit).urlSchemes)
        #expect(app.installOrder == 0)
    }

    @Test func theBuildBeforeTheSharedKeychainHasNoSharedGroupEntitlement() {
        #expect(InstalledApp(kind: .bitkit).entitlements.contains(SharedContract.accessGroup))
        #expect(!InstalledApp(kind: .bitkit, build: .preSharedKeys).entitlements.contains(SharedContract.accessGroup))
        #expect(!AppBuild.preSharedKeys.exists(for: .ring))
    }

    @Test func anOSThatAsksOffersTheChooserWhenSeveralAppsCanOpenALinkAndOnlyThen() {
        let ring = InstalledApp(kind: .ring, installOrder: 2)
        let bitkit = InstalledApp(kind: .bitkit, installOrder: 1)
        let claimed = URLRouter.route(link, on: device(bitkit, ring), claims: { $0.kind == .bitkit }, asks: true)
        #expect(claimed.receivedBy == nil)
        #expect(claimed.chooser == [.bitkit, .ring])
        #expect(claimed.registeredBy == [.bitkit, .ring])
        let alone = URLRouter.route(link, on: device(bitkit, ring), claims: { _ in false }, asks: true)
        #expect(alone.receivedBy == .ring)
        #expect(alone.chooser.isEmpty)
    }
}
