import ContractNames
import Device
import Foundation
import Keychain
import Testing
import WorldFiles

@Test func worldInitCreatesTheDesignLayoutWithPrivateFolders() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let fm = FileManager.default
    for folder in [
        temp.world.sharedGroup, temp.world.simFolder, temp.world.privateKeychains, temp.world.sandboxes,
        temp.world.files,
    ] {
        var isDirectory: ObjCBool = false
        #expect(fm.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        let mode = try #require(try fm.attributesOfItem(atPath: folder.path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue & 0o777 == 0o700)
    }
    let state = try DeviceStore(world: temp.world).read()
    #expect(state.protection == .unlocked)
    #expect(state.apps.isEmpty)
}

@Test func worldInitRefusesToOverwriteAnExistingWorld() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    #expect(throws: WorldError.alreadyExists(path: temp.world.root.path)) { try temp.world.create() }
}

@Test func aMissingWorldIsReportedNotCreated() throws {
    let world = World(
        root: FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)"))
    #expect(throws: WorldError.missing(path: world.root.path)) { try DeviceStore(world: world).read() }
    #expect(!FileManager.default.fileExists(atPath: world.root.path))
}

@Test func aWorldPathThatIsAFileOrUnderOneIsReportedAsSuchNotAsMissing() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-world-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("afile")
    try Data("x".utf8).write(to: file)

    let onFile = World(root: file)
    #expect(throws: WorldError.notAFolder(path: file.path, file: file.path)) { try DeviceStore(world: onFile).read() }
    #expect(throws: WorldError.notAFolder(path: file.path, file: file.path)) { try onFile.create() }
    let under = World(root: file.appendingPathComponent("sub/world"))
    #expect(throws: WorldError.notAFolder(path: under.root.path, file: file.path)) { try under.create() }
    #expect(
        !WorldError.notAFolder(path: file.path, file: file.path).description.contains("world init --world \(file.path)")
    )
    #expect(try Data(contentsOf: file) == Data("x".utf8))
}

@Test func aCorruptDeviceFileIsReportedAndLeftUntouched() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let garbage = Data("{not json".utf8)
    try garbage.write(to: temp.world.deviceFile)
    #expect(throws: WorldError.self) { try DeviceStore(world: temp.world).read() }
    #expect(try Data(contentsOf: temp.world.deviceFile) == garbage)
}

@Test func theSharedGroupLivesAtTheWorldRootAndPrivateGroupsUnderSim() {
    let world = World(root: URL(fileURLWithPath: "/w"))
    #expect(world.groupDirectory(SharedContract.accessGroup).path == "/w/SharedGroup")
    #expect(
        world.groupDirectory("KYH47R284B.to.bitkit.regtest").path == "/w/.sim/keychain/KYH47R284B.to.bitkit.regtest")
}

@Test func bitkitEntitlementsFollowTheBuildNetwork() {
    #expect(
        InstalledApp(kind: .bitkit, network: .bitcoin).entitlements == [
            "KYH47R284B.to.bitkit", "KYH47R284B.pubky.shared",
        ])
    #expect(
        InstalledApp(kind: .bitkit, network: .signet).entitlements == [
            "KYH47R284B.to.bitkit.signet", "KYH47R284B.pubky.shared",
        ])
    #expect(
        InstalledApp(kind: .bitkit, network: .regtest, sharedGroupEnabled: false).entitlements == [
            "KYH47R284B.to.bitkit.regtest"
        ])
    #expect(InstalledApp(kind: .ring).entitlements == ["KYH47R284B.app.pubkyring", "KYH47R284B.pubky.shared"])
}

@Test func bitkitOwnPrefixesFollowTheNetworkTable() {
    #expect(BitcoinNetwork.bitcoin.bitkitSourceApp == "to.bitkit")
    #expect(BitcoinNetwork.testnet.bitkitSourceApp == "to.bitkit.tnet")
    #expect(BitcoinNetwork.signet.bitkitSourceApp == "to.bitkit.tnet")
    #expect(BitcoinNetwork.regtest.bitkitSourceApp == "to.bitkit.dev")
}

@Test func ownerPrefixMatchingIncludesTheColon() {
    #expect(SharedContract.owner(ofAccount: "to.bitkit:abc") == "to.bitkit")
    #expect(SharedContract.owner(ofAccount: "to.bitkit.tnet:abc") == "to.bitkit.tnet")
    #expect(SharedContract.owner(ofAccount: "to.bitkitx:abc") == nil)
    #expect(SharedContract.owner(ofAccount: "app.pubkyring:abc") == "app.pubkyring")
}

@Test func everyGroupFolderStaysOneFolderInsideTheWorld() throws {
    let world = World(root: URL(fileURLWithPath: "/tmp/w"))
    #expect(world.groupDirectory("KYH47R284B.app.pubkyring").path == "/tmp/w/.sim/keychain/KYH47R284B.app.pubkyring")
    for hostile in ["../..", "..", ".", "a/../../b", "/etc", "x\u{0}y", ""] {
        let folder = world.groupDirectory(hostile)
        #expect(folder.deletingLastPathComponent().path == "/tmp/w/.sim/keychain", "\(hostile) → \(folder.path)")
        #expect(!World.isValidAccessGroup(hostile))
    }
    #expect(world.groupDirectory("../..").lastPathComponent == "%2E%2E%2F%2E%2E")
}

@Test func privateGroupsOnDiskSkipLinksAndNamesThatAreNotGroups() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let keychains = temp.world.privateKeychains
    try FileManager.default.createDirectory(
        at: keychains.appendingPathComponent("KYH47R284B.app.pubkyring"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
        at: keychains.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
        at: keychains.appendingPathComponent("KYH47R284B.to.bitkit.evil"), withDestinationURL: URL(fileURLWithPath: "/")
    )
    #expect(temp.world.privateGroupsOnDisk() == ["KYH47R284B.app.pubkyring"])
}
