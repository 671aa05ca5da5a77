import Testing

@testable import RunReport

@Suite struct RedactorTests {
    let secret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"

    @Test func aHexSecretIsHiddenInEitherCaseAndInsideALongerHexRun() {
        let redactor = Redactor(secrets: [secret])
        #expect(redactor.apply("data = [\(secret)]") == "data = [[secret hidden]]")
        #expect(redactor.apply(secret.uppercased()) == "[secret hidden]")
        // A 64-byte Ed25519 secret key is the seed followed by the public key.
        let keypair = secret + String(repeating: "ab", count: 32)
        #expect(redactor.apply(keypair) == "[secret hidden]" + String(repeating: "ab", count: 32))
        #expect(redactor.apply("x\(secret)\(secret)y") == "x[secret hidden][secret hidden]y")
    }

    @Test func otherHexIsLeftAlone() {
        let txid = String(repeating: "c3", count: 32)
        #expect(Redactor(secrets: [secret]).apply("txid \(txid)") == "txid \(txid)")
    }

    @Test func aMnemonicIsHiddenAndShortTextsAreNeverTakenForSecrets() {
        let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
        let redactor = Redactor(secrets: [words, "on", "abc"])
        #expect(redactor.apply("restore \(words).") == "restore [secret hidden].")
        #expect(redactor.apply("on abc") == "on abc")
    }

    @Test func aPubkyauthLinkSecretIsHidden() {
        let link = "pubkyauth://signin?caps=/pub/pubky.app/:rw&amp;relay=x&amp;secret=OnSTHHn4ID8v0WYTZt1Fg_-a&amp;z=1"
        #expect(
            Redactor(secrets: []).apply(link)
                == "pubkyauth://signin?caps=/pub/pubky.app/:rw&amp;relay=x&amp;secret=[secret hidden]&amp;z=1")
    }

    @Test func webAddressesBecomeInertTextInEveryCase() {
        #expect(
            InertLinks.apply("relay=https://r.example/x and HTTP://y")
                == "relay=https&#58;//r.example/x and HTTP&#58;//y")
        #expect(InertLinks.apply("httpx: http") == "httpx: http")
        #expect(InertLinks.apply("") == "")
    }
}
