import PubkyProtocol
import Testing

private let query =
    "caps=/:rw&relay=https://httprelay.pubky.app/inbox&secret=kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8"

@Test func cleanLinksAreLeftAlone() {
    #expect(RingLinkCleanup.clean("pubkyauth://signin?\(query)") == "pubkyauth://signin?\(query)")
    #expect(RingLinkCleanup.clean("pubkyauth:///?\(query)") == "pubkyauth:///?\(query)")
    #expect(RingLinkCleanup.clean("  pubkyauth:///?\(query)\n") == "pubkyauth:///?\(query)")
}

@Test func upToThreePercentEncodingsAreUndone() {
    let once = "pubkyauth%3A%2F%2Fsignin%3Fcaps%3D%2F%3Arw"
    #expect(RingLinkCleanup.clean(once) == "pubkyauth://signin?caps=/:rw")
    let thrice = "pubkyauth%25253A%25252F%25252Fsignin"
    #expect(RingLinkCleanup.clean(thrice) == "pubkyauth://signin")
    let fourTimes = "pubkyauth%2525253A"
    #expect(RingLinkCleanup.clean(fourTimes) == "pubkyauth%3A")
}

@Test func pubkyringWrapperIsStripped() {
    #expect(
        RingLinkCleanup.clean("pubkyring://pubkyauth://signin?\(query)")
            == "pubkyauth://signin?\(query)")
    #expect(RingLinkCleanup.clean("pubkyring://pubkyauth///?\(query)") == "pubkyauth:///?\(query)")
}

@Test func missingColonIsRepaired() {
    #expect(RingLinkCleanup.clean("pubkyauth///?\(query)") == "pubkyauth:///?\(query)")
    #expect(RingLinkCleanup.clean("pubkyauth//signin?\(query)") == "pubkyauth://signin?\(query)")
}

@Test func pubkyringSigninBecomesEmptyHostPubkyauth() {
    #expect(RingLinkCleanup.clean("pubkyring://signin?\(query)") == "pubkyauth:///?\(query)")
    #expect(RingLinkCleanup.clean("pubkyring://signin/?\(query)") == "pubkyauth:///?\(query)")
    #expect(
        RingLinkCleanup.clean("pubkyring://session?x-success=a") == "pubkyring://session?x-success=a")
}

@Test func slashBeforeQueryIsNormalisedButEmptyHostKept() {
    #expect(RingLinkCleanup.clean("pubkyauth://signup/?hs=x") == "pubkyauth://signup?hs=x")
    #expect(RingLinkCleanup.clean("pubkyauth:///?hs=x") == "pubkyauth:///?hs=x")
}

@Test func cleanedLinksParse() throws {
    let messy =
        "pubkyring%3A%2F%2Fpubkyauth%2F%2F%2F%3F"
        + "caps%3D%2F%3Arw%26relay%3Dhttps%3A%2F%2Fhttprelay.pubky.app%2Finbox"
        + "%26secret%3DkqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8"
    let link = try AuthLink(parsing: RingLinkCleanup.clean(messy), mode: .lenientRing)
    #expect(link.request.intent == "signin")
}

@Test func nonLinksOnlyGetTrimmed() {
    #expect(RingLinkCleanup.clean(" ABCD-EFGH-JKMN ") == "ABCD-EFGH-JKMN")
    #expect(RingLinkCleanup.clean("100% sure") == "100% sure")
}
