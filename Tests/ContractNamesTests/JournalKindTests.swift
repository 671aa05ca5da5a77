import ContractNames
import Testing

@Suite struct JournalKindTests {
    static let known: [JournalKind] =
        KeychainCall.allCases.map { .keychain($0) } + SharingOp.allCases.map { .sharing($0) }
        + LifecycleOp.allCases.map { .lifecycle($0) }
        + IdentityOp.allCases.map { .identity($0) } + WipeOp.allCases.map { .wipe($0) }
        + BreakpointOp.allCases.map { .breakpoint($0) } + LogCategory.allCases.map { .log($0) }
        + DeviceOp.allCases.map { .device($0) } + [
            .backend(request: "homeserver POST /session"), .toast(style: "error"), .navigation,
            .checkpoint("ring.prune.after-listing"), .schedule(point: "keychain copy app.pubkyring:x"), .openURL,
        ]

    @Test func everyKindReadsBackFromTheTwoStringsTheJournalKeeps() {
        for kind in Self.known {
            #expect(JournalKind(event: kind.event, op: kind.op) == kind)
        }
    }

    @Test func theStringsOnDiskAreTheDocumentedOnes() {
        #expect(JournalKind.identity(.sourceLost).event == "identity")
        #expect(JournalKind.identity(.sourceLost).op == "source-lost")
        #expect(JournalKind.openURL.event == "open-url")
        #expect(JournalKind.device(.worldInit).op == "world-init")
        #expect(JournalKind.keychain(.copy).op == "copy")
        #expect(JournalKind.navigation.op == nil)
        #expect(JournalKind.sharing(.withdrawAll).event == "sharing")
        #expect(JournalKind.sharing(.withdrawAll).op == "withdraw-all")
    }

    @Test func anEntryThisBuildDoesNotKnowStaysReadable() {
        #expect(JournalKind(event: "telemetry", op: "ping") == .unknown(event: "telemetry", op: "ping"))
        #expect(JournalKind(event: "keychain", op: "rename") == .unknown(event: "keychain", op: "rename"))
        #expect(JournalKind(event: "navigation", op: "odd") == .unknown(event: "navigation", op: "odd"))
    }
}

@Suite struct CheckpointNameTests {
    @Test func everyCheckpointBelongsToItsAppAndHasASentence() {
        for point in BitkitCheckpoint.allCases {
            #expect(point.rawValue.hasPrefix("bitkit."))
            #expect(point.sentence.hasSuffix(".") && point.sentence.count > 20)
        }
        for point in RingCheckpoint.allCases {
            #expect(point.rawValue.hasPrefix("ring."))
            #expect(point.sentence.hasSuffix(".") && point.sentence.count > 20)
        }
        #expect(Set(BitkitCheckpoint.allCases.map(\.rawValue)).count == BitkitCheckpoint.allCases.count)
    }

    @Test func aNameFindsItsCheckpointAndAMisspellingFindsNone() {
        #expect(BitkitCheckpoint.named("bitkit.pick.before-read") == .pickBeforeRead)
        #expect(BitkitCheckpoint.named("bitkit.pick.before-reed") == nil)
        #expect(RingCheckpoint.named("ring.setOwned.between-delete-and-add") == .setOwnedBetweenDeleteAndAdd)
    }
}

@Suite struct ContractConstantTests {
    @Test func groupsPrefixesAndPathsAreTheSpecsOwn() {
        #expect(SharedContract.accessGroup == "KYH47R284B.pubky.shared")
        #expect(SharedContract.ringPrivateGroup == "KYH47R284B.app.pubkyring")
        #expect(BitcoinNetwork.regtest.bitkitPrivateGroup == "KYH47R284B.to.bitkit.regtest")
        #expect(BitcoinNetwork.bitcoin.bitkitPrivateGroup == "KYH47R284B.to.bitkit")
        #expect(
            BitcoinNetwork.allCases.map(\.bitkitSourceApp) == [
                "to.bitkit", "to.bitkit.tnet", "to.bitkit.tnet", "to.bitkit.dev",
            ])
        #expect(SharedContract.owner(ofAccount: "to.bitkit.dev:abc") == "to.bitkit.dev")
        #expect(SharedContract.owner(ofAccount: "to.bitkitx:abc") == nil)
        #expect(PaykitPath.requests(to: "abc") == "/pub/paykit/v0/private/abc/requests/")
        #expect(
            PaykitPath.endpoint(receiverPath: "bitkit/server", identifier: "btc-regtest-p2wpkh")
                == "/pub/paykit/v0/bitkit/server/endpoints/btc-regtest-p2wpkh")
        #expect(PaykitPath.bitkitWalletEndpoints == "/pub/paykit/v0/bitkit/wallet/endpoints/")
    }
}
