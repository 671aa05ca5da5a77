import Foundation
import PubkyCrypto
import PubkyProtocol
import Testing

@testable import Backend

@Suite struct PkarrTests {
    @Test func resolutionIsUnknownThenNotFoundThenFoundAsTheSpecTimingDemands() throws {
        let world = try TestWorld()
        let client = world.client()
        // DHT unreachable, relays answer 404 after 3.5 s against a 2 s timeout: nothing conclusive.
        try world.knobs { $0.dhtReachable = false }
        let unknown = try client.resolve(Fixture.b.pubky)
        #expect(unknown.value == .unknown)
        #expect(unknown.latency == 2)
        #expect(world.events.suffix(2).map(\.outcome) == [.timedOut, .timedOut])
        // A reachable DHT says "no such key" within 0.5 s.
        try world.knobs { $0.dhtReachable = true }
        let missing = try client.resolve(Fixture.b.pubky)
        #expect(missing.value == .notFound)
        #expect(missing.latency == 2)
        #expect(world.events.suffix(2).map(\.outcome) == [.notFound, .timedOut])
        // After a publish, the relays return it in 0.2 s.
        let record = try world.client("app.pubkyring").publishHomeserver(
            keyPair: Fixture.b, homeserver: KnownHomeservers.staging
        ).value
        let found = try client.resolve(Fixture.b.pubky)
        #expect(found.value == .found(record))
        #expect(found.latency == 0.2)
        #expect(found.value.record?.homeserver == KnownHomeservers.staging)
    }

    @Test func aShorterRelayLatencyLetsRelaysConfirmAMissingKey() throws {
        let world = try TestWorld()
        try world.knobs {
            $0.dhtReachable = false
            $0.relayNotFoundLatency = 1
        }
        let reply = try world.client().resolve(Fixture.b.pubky)
        #expect(reply.value == .notFound)
        // The client still waits for the silent DHT until its own timeout.
        #expect(reply.latency == 2)
    }

    @Test func aLongerClientTimeoutLiftsTheLimit() throws {
        let world = try TestWorld()
        try world.knobs { $0.dhtReachable = false }
        let client = world.client()
        client.timeouts.resolve = 4
        #expect(try client.resolve(Fixture.b.pubky).value == .notFound)
    }

    @Test func aRecordPublishedWhileTheDHTWasUnreachableIsStillFoundOnTheRelays() throws {
        let world = try TestWorld()
        try world.knobs { $0.dhtReachable = false }
        let record = try world.client().publishHomeserver(
            keyPair: Fixture.a, homeserver: KnownHomeservers.staging)
        #expect(record.latency == 0.2)
        #expect(try world.store.pkarrRecords().map(\.store) == ["relay"])
        try world.knobs { $0.dhtReachable = true }
        #expect(try world.client().resolve(Fixture.a.pubky).value == .found(record.value))
    }

    @Test func anOlderPacketIsRefusedAndTheNewerKept() throws {
        let world = try TestWorld()
        let client = world.client("simctl")
        let newer = try client.publishHomeserver(
            keyPair: Fixture.a, homeserver: KnownHomeservers.staging
        ).value
        let error = failure {
            try client.publishHomeserver(
                keyPair: Fixture.a, homeserver: KnownHomeservers.production, timestamp: world.now - 60)
        }
        #expect(error?.http == "409 Conflict: older than the known packet")
        #expect(try client.resolve(Fixture.a.pubky).value == .found(newer))
        // A later one replaces it.
        world.now += 1
        let latest = try client.publishHomeserver(
            keyPair: Fixture.a, homeserver: KnownHomeservers.production
        ).value
        #expect(try client.resolve(Fixture.a.pubky).value.record == latest)
    }

    @Test func theRelayVerifiesPacketsOnPublish() throws {
        let world = try TestWorld()
        let packet = try PkarrPacket.pubky(
            keyPair: Fixture.a, homeserver: #require(PublicKey(z32: KnownHomeservers.staging)),
            timestamp: world.now.micros)
        var tampered = packet.relayPayload
        tampered[tampered.count - 2] ^= 0x01
        let exchange = try Exchange(
            store: Backend.open(at: world.path), knobs: BackendKnobs(), now: world.now, app: "test",
            timeouts: BackendTimeouts(), random: { [UInt8](repeating: 0, count: $0) }, observer: { _ in })
        let network = PkarrNetwork(exchange: exchange)
        let refused = try network.relayPut(payload: tampered, key: packet.publicKey)
        #expect(throws: BackendError.self) { try refused.result.get() }
        if case .failure(let error) = refused.result { #expect(error.status == 400) }
        // Signed by another key than the one it is published for.
        let foreign = try network.relayPut(payload: packet.relayPayload, key: PublicKey(Fixture.b))
        if case .failure(let error) = foreign.result {
            #expect(error.status == 400)
        } else {
            Issue.record("a packet published under another key was accepted")
        }
        let oversized = try network.relayPut(
            payload: [UInt8](repeating: 0, count: 2000), key: packet.publicKey)
        if case .failure(let error) = oversized.result {
            #expect(error.status == 413)
        } else {
            Issue.record("an oversized payload was accepted")
        }
        #expect(try world.store.pkarrRecords().isEmpty)
    }

    @Test func aStoredPacketThatNoLongerVerifiesIsIgnored() throws {
        let world = try TestWorld()
        _ = try world.client().publishHomeserver(
            keyPair: Fixture.a, homeserver: KnownHomeservers.staging)
        try world.store.database.run("UPDATE pkarr_records SET packet = zeroblob(200)")
        #expect(try world.client().resolve(Fixture.a.pubky).value == .notFound)
        #expect(try world.store.pkarrRecords().allSatisfy { !$0.valid })
    }

    @Test func hasIdentityRecordRepublishesAFoundPacketUnchanged() throws {
        let world = try TestWorld()
        let original = try world.client("simctl").publishHomeserver(
            keyPair: Fixture.c, homeserver: KnownHomeservers.staging
        ).value
        // Only the relays hold it; the re-publish also reaches the DHT, with the very same bytes.
        try world.store.database.run("DELETE FROM pkarr_records WHERE store = 'dht'")
        world.now += 7200
        world.events.removeAll()
        let reply = try world.client().hasIdentityRecord(Fixture.c.pubky)
        #expect(reply.value == .found(original))
        #expect(world.events.map(\.operation).contains("PUT /\(Fixture.c.pubky)"))
        let stored = try world.store.pkarrRecords(pubky: Fixture.c.pubky)
        #expect(stored.map(\.store) == ["dht", "relay"])
        #expect(
            stored.allSatisfy { $0.packetHex == original.packetHex && $0.timestamp == original.timestamp }
        )
    }

    @Test func hasIdentityRecordAnswersNotFoundOnlyWhenConfirmed() throws {
        let world = try TestWorld()
        #expect(try world.client().hasIdentityRecord(Fixture.b.pubky).value == .notFound)
        try world.knobs { $0.dhtReachable = false }
        #expect(try world.client().hasIdentityRecord(Fixture.b.pubky).value == .unknown)
    }

    @Test func republishingKeepsOtherRecordsOfThePacket() throws {
        let world = try TestWorld()
        let other = DNSRecord(name: "_foo", type: 16, ttl: 300, rdata: [3, 98, 97, 114])
        let packet = try PkarrPacket.sign(
            keyPair: Fixture.a, records: [other], timestamp: world.now.micros)
        _ = try world.client().publish(PkarrRecord(packet))
        world.now += 1
        let record = try world.client().publishHomeserver(
            keyPair: Fixture.a, homeserver: KnownHomeservers.staging)
        let republished = try PkarrPacket(encoded: #require(Hex.decode(record.value.packetHex)))
        #expect(
            republished.records.contains {
                $0.name == "_foo.\(Fixture.a.pubky)" && $0.rdata == other.rdata
            })
        #expect(republished.homeserverTarget == KnownHomeservers.staging)
    }

    @Test func prefixedKeysAreAcceptedAndGarbageIsInvalidInput() throws {
        let world = try TestWorld()
        #expect(try world.client().resolve("pubky" + Fixture.b.pubky).value == .notFound)
        guard case .invalidInput = failure({ try world.client().resolve("nope") }) else {
            Issue.record("garbage key accepted")
            return
        }
    }
}
