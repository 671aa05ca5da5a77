import Foundation
import PubkyCrypto
import Testing

@Test func uuidv5MatchesTheRFC4122DNSExample() throws {
    let dns = try #require(UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
    let uuid = UUIDv5.make(namespace: dns, name: ascii("www.example.com"))
    #expect(uuid.uuidString.lowercased() == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    #expect(UUIDv5.make(namespace: dns, name: "www.example.com") == uuid)
}

@Test func uuidv5OfARingSessionSecretMatchesPython() throws {
    // Ring's session-id namespace (spec/01 §12); expected value from Python's uuid.uuid5.
    let namespace = try #require(UUID(uuidString: "4dd6b3f6-1ef1-4e8a-9a7b-4bbdb8b69785"))
    let uuid = UUIDv5.make(namespace: namespace, name: "0123456789ABCDEFGHJKMNPQRS")
    #expect(uuid.uuidString.lowercased() == "0cb1db66-e3f4-54ed-ae03-4980f5408044")
}

@Test func uuidv5OfAnEmptyNameSetsVersionAndVariant() throws {
    let url = try #require(UUID(uuidString: "6ba7b811-9dad-11d1-80b4-00c04fd430c8"))
    let uuid = UUIDv5.make(namespace: url, name: [])
    #expect(uuid.uuidString.lowercased() == "1b4db7eb-4057-5ddf-91e0-36dec72071f5")
    #expect(uuid.uuid.6 >> 4 == 5)
    #expect(uuid.uuid.8 >> 6 == 0b10)
}
