import PubkyCrypto
import PubkyProtocol
import Testing

private let secretText = "kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8"
private let secretHex = "92a9dc784320acd40cff18b4ea84178c0ddc2475ff4509b0d4163a244d5bb1ef"
private let relay = "https://httprelay.pubky.app/inbox"
private let hs = "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"

@Test func specSigninExampleParsesWithItsSecretBytes() throws {
    let link = try AuthLink(
        parsing: "pubkyauth://signin?caps=/pub/pubky.app/:rw&secret=\(secretText)&relay=\(relay)")
    guard case .signin(let caps, let linkRelay, let secret) = link.request else {
        Issue.record("expected signin, got \(link.request)")
        return
    }
    #expect(caps.description == "/pub/pubky.app/:rw")
    #expect(linkRelay == relay)
    #expect(Hex.encode(secret) == secretHex)
    #expect(!link.usesDeprecatedScheme)
    #expect(link.callbacks.isEmpty)
    #expect(link.capabilitiesText == "/pub/pubky.app/:rw")
}

@Test func specDirectSignupExampleParses() throws {
    let link = try AuthLink(
        parsing:
            "pubkyauth://direct_signup?hs=5jsjx1o6fzu6aeeo697r3i5rx15zq41kikcye8wtwdqm4nb4tryo&st=1234567890"
    )
    let homeserver = try #require(
        PublicKey(z32: "5jsjx1o6fzu6aeeo697r3i5rx15zq41kikcye8wtwdqm4nb4tryo"))
    #expect(link.request == .directSignup(homeserver: homeserver, token: "1234567890"))
    #expect(link.request.isSignup)
}

@Test func canonicalSigninStringOrdersCapsRelaySecret() throws {
    let link = try AuthLink(
        parsing: "pubkyauth://signin?secret=\(secretText)&relay=\(relay)&caps=/pub/pubky.app/:rw")
    #expect(
        link.canonicalString
            == "pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=\(relay)&secret=\(secretText)")
}

@Test func canonicalSignupStringAppendsHomeserverAndOptionalToken() throws {
    let secret = try #require(Hex.decode(secretHex))
    let homeserver = try #require(PublicKey(z32: hs))
    let caps = Capabilities.root
    let withToken = AuthLink(
        .signup(
            capabilities: caps, relay: relay, secret: secret, homeserver: homeserver,
            token: "ABCD-EFGH-JKMN"))
    #expect(
        withToken.canonicalString
            == "pubkyauth://signup?caps=/:rw&relay=\(relay)&secret=\(secretText)&hs=\(hs)&st=ABCD-EFGH-JKMN"
    )
    let without = AuthLink(
        .signup(capabilities: caps, relay: relay, secret: secret, homeserver: homeserver, token: nil))
    #expect(
        without.canonicalString
            == "pubkyauth://signup?caps=/:rw&relay=\(relay)&secret=\(secretText)&hs=\(hs)")
    #expect(try AuthLink(parsing: withToken.canonicalString).request == withToken.request)
    #expect(try AuthLink(parsing: without.canonicalString).request == without.request)
}

@Test func emptyHostMeansSignin() throws {
    let link = try AuthLink(parsing: "pubkyauth:///?relay=\(relay)&secret=\(secretText)&caps=/:rw")
    #expect(link.request.intent == "signin")
}

@Test func deprecatedSchemeIsAnAlias() throws {
    let link = try AuthLink(
        parsing: "pubkyring://signin?caps=/:rw&relay=\(relay)&secret=\(secretText)")
    #expect(link.usesDeprecatedScheme)
    #expect(link.request.intent == "signin")
    #expect(link.canonicalString.hasPrefix("pubkyauth://signin?"))
}

@Test func formUrlencodedValuesAreAccepted() throws {
    let encoded =
        "pubkyauth://signin?caps=%2Fpub%2Fpubky.app%2F%3Arw%2C%2Fpub%2Fpaykit%2F%3Arw"
        + "&relay=https%3A%2F%2Fhttprelay.pubky.app%2Finbox&secret=\(secretText)"
    let link = try AuthLink(parsing: encoded)
    guard case .signin(let caps, let linkRelay, _) = link.request else {
        Issue.record("expected signin")
        return
    }
    #expect(caps.description == "/pub/pubky.app/:rw,/pub/paykit/:rw")
    #expect(linkRelay == relay)
}

@Test func firstOccurrenceWinsAndUnknownKeysAreIgnored() throws {
    let link = try AuthLink(
        parsing:
            "pubkyauth://signin?caps=/a/:r&caps=/:rw&v=2&relay=\(relay)&secret=\(secretText)&relay=x")
    guard case .signin(let caps, let linkRelay, _) = link.request else {
        Issue.record("expected signin")
        return
    }
    #expect(caps.description == "/a/:r")
    #expect(linkRelay == relay)
    #expect(link.parameters["v"] == "2")
}

@Test func unknownIntentsAreRejected() {
    for intent in ["signin_grant", "signup_grant", "session", "migrate", "login"] {
        #expect(throws: AuthLinkError.unknownIntent(intent)) {
            try AuthLink(parsing: "pubkyauth://\(intent)?caps=/:rw&relay=\(relay)&secret=\(secretText)")
        }
    }
}

@Test func otherSchemesAndNonLinksAreRejected() {
    #expect(throws: AuthLinkError.unsupportedScheme("https")) {
        try AuthLink(parsing: "https://pubky.app")
    }
    #expect(throws: AuthLinkError.notALink) { try AuthLink(parsing: "ABCD-EFGH-JKMN") }
}

@Test func secretMustBeUnpaddedBase64urlOfExactlyThirtyTwoBytes() {
    for bad in [
        secretText + "=", String(secretText.dropLast()), secretText + "AAAA",
        "kqnceEMgrNQM/xi06oQXjA3cJHX+RQmw1BY6JE1bse8",
    ] {
        #expect(throws: AuthLinkError.invalidSecret) {
            try AuthLink(parsing: "pubkyauth://signin?caps=/:rw&relay=\(relay)&secret=\(bad)")
        }
    }
}

@Test func requiredParametersAreEnforcedPerIntent() {
    #expect(throws: AuthLinkError.missingParameter("caps")) {
        try AuthLink(parsing: "pubkyauth://signin?relay=\(relay)&secret=\(secretText)")
    }
    #expect(throws: AuthLinkError.missingParameter("relay")) {
        try AuthLink(parsing: "pubkyauth://signin?caps=/:rw&secret=\(secretText)")
    }
    #expect(throws: AuthLinkError.missingParameter("secret")) {
        try AuthLink(parsing: "pubkyauth://signin?caps=/:rw&relay=\(relay)")
    }
    #expect(throws: AuthLinkError.missingParameter("hs")) {
        try AuthLink(parsing: "pubkyauth://signup?caps=/:rw&relay=\(relay)&secret=\(secretText)")
    }
    #expect(throws: AuthLinkError.missingParameter("hs")) {
        try AuthLink(parsing: "pubkyauth://direct_signup?st=x")
    }
    #expect(throws: AuthLinkError.missingParameter("secret")) {
        try AuthLink(parsing: "pubkyauth://secret_export")
    }
    #expect(throws: AuthLinkError.invalidHomeserver("pubky" + hs)) {
        try AuthLink(parsing: "pubkyauth://direct_signup?hs=pubky\(hs)")
    }
    #expect(throws: AuthLinkError.invalidRelay("httprelay.pubky.app/inbox")) {
        try AuthLink(
            parsing: "pubkyauth://signin?caps=/:rw&relay=httprelay.pubky.app/inbox&secret=\(secretText)")
    }
    #expect(throws: AuthLinkError.badPercentEncoding("caps")) {
        try AuthLink(parsing: "pubkyauth://signin?caps=%zz&relay=\(relay)&secret=\(secretText)")
    }
}

@Test func secretExportCarriesOnlyTheSecret() throws {
    let link = try AuthLink(parsing: "pubkyauth://secret_export?secret=\(secretText)")
    #expect(link.request == .secretExport(secret: try #require(Hex.decode(secretHex))))
    #expect(link.canonicalString == "pubkyauth://secret_export?secret=\(secretText)")
}

@Test func signupWithoutRelayIsDirectSignupOnlyInRingsLenientMode() throws {
    let text = "pubkyauth://signup?hs=\(hs)&st=ABCD-EFGH-JKMN"
    #expect(throws: AuthLinkError.missingParameter("caps")) { try AuthLink(parsing: text) }
    let lenient = try AuthLink(parsing: text, mode: .lenientRing)
    #expect(
        lenient.request
            == .directSignup(homeserver: try #require(PublicKey(z32: hs)), token: "ABCD-EFGH-JKMN"))
    let full = "pubkyauth://signup?hs=\(hs)&caps=/:rw&relay=\(relay)&secret=\(secretText)"
    #expect(try AuthLink(parsing: full, mode: .lenientRing).request.intent == "signup")
}

@Test func xCallbacksAreKeptWithLegacyCallbackAsSuccess() throws {
    let base = "pubkyauth://signin?caps=/:rw&relay=\(relay)&secret=\(secretText)"
    let link = try AuthLink(
        parsing: base
            + "&x-success=myapp%3A%2F%2Fok&x-error=myapp://err&x-cancel=myapp://no&x-source=My%20App")
    #expect(
        link.callbacks
            == XCallbacks(
                success: "myapp://ok", error: "myapp://err", cancel: "myapp://no", source: "My App"))
    let legacy = try AuthLink(parsing: base + "&callback=myapp://legacy")
    #expect(legacy.callbacks.success == "myapp://legacy")
    let both = try AuthLink(parsing: base + "&callback=myapp://legacy&x-success=myapp://new")
    #expect(both.callbacks.success == "myapp://new")
}

@Test func callbacksTakenFromTheOriginalQueryAreDecodedExactlyOnce() throws {
    let nested = "pubkyring://session?x-success=bitkit%3A%2F%2Fwallet%2Fcallback%3Fnonce%3Dabc123%26state%3Dready"
    #expect(XCallbacks(decodingOnce: nested)?.success == "bitkit://wallet/callback?nonce=abc123&state=ready")
    // A callback encoded twice by its app arrives still encoded once, as that app expects.
    let twice = "pubkyring://session?x-success=app%253A%252F%252Fx%253Fa%253D1&x-error=app%3A%2F%2Ferr%3Fb%3D2%26c%3D3"
    let callbacks = try #require(XCallbacks(decodingOnce: twice))
    #expect(callbacks.success == "app%3A%2F%2Fx%3Fa%3D1")
    #expect(callbacks.error == "app://err?b=2&c=3")
    #expect(
        XCallbacks(decodingOnce: "pubkyring://session?callback=a%3A%2F%2Fb%3Fc%3D1%26d%3D2")?.success == "a://b?c=1&d=2"
    )
    #expect(XCallbacks(decodingOnce: "pubkyring://session?x-cancel=a://c&x-source=My%20App")?.source == "My App")
    #expect(XCallbacks(decodingOnce: "ABCD-1234-WXYZ") == nil)
    #expect(
        XCallbacks(decodingOnce: "https://x.y/invite/ABCD-1234-WXYZ?x-success=a%3A%2F%2Fb#frag")?.success == "a://b")
}

@Test func aMintedLinkCanCarryItsCapsAsWritten() throws {
    let link = AuthLink(
        .signin(
            capabilities: Capabilities(parsing: "/pub/pubky.app/:rw,/pub/x.y/:r,/pub/bad/rw,:w"), relay: relay,
            secret: try #require(Hex.decode(secretHex))))
    let written = link.string(capabilitiesAsWritten: "/pub/pubky.app/:rw,/pub/x.y/:r,/pub/bad/rw,:w")
    #expect(
        written
            == "pubkyauth://signin?caps=/pub/pubky.app/:rw,/pub/x.y/:r,/pub/bad/rw,:w&relay=\(relay)&secret=\(secretText)"
    )
    let parsed = try AuthLink(parsing: written)
    #expect(parsed.capabilitiesText == "/pub/pubky.app/:rw,/pub/x.y/:r,/pub/bad/rw,:w")
    #expect(parsed.request == link.request, "the approver signs only the well-formed entries")
    #expect(link.string(capabilitiesAsWritten: "a b&c").contains("?caps=a%20b%26c&relay="))
}
