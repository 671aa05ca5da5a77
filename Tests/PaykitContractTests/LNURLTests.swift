import Testing

@testable import PaykitContract

struct LNURLTests {
    @Test func lud01ExampleDecodesToItsURL() throws {
        let lnurl = try LNURL(
            "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS"
        )
        #expect(
            lnurl.url
                == "https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df"
        )
        #expect(lnurl.kind == .pay)
    }

    @Test(arguments: [
        ("https://shop.example/lnurlp/alice", LNURLKind.pay),
        ("https://shop.example/api?tag=payRequest", .pay),
        ("https://shop.example/api?tag=withdrawRequest&k1=abc", .withdraw),
        ("https://shop.example/api?tag=login&k1=abc&action=login", .auth),
        ("https://shop.example/api?tag=channelRequest", .channel),
        ("http://abcdefghij.onion/lnurlp/x", .pay),
    ])
    func kindComesFromTheTagParameter(url: String, kind: LNURLKind) throws {
        let lnurl = try LNURL(LNURL.encode(url: url))
        #expect(lnurl.url == url)
        #expect(lnurl.kind == kind)
        #expect(try LNURL(LNURL.encode(url: url).uppercased()).kind == kind)
    }

    @Test(arguments: [
        ("lnurlp://shop.example/lnurlp/alice", LNURLKind.pay, "https://shop.example/lnurlp/alice"),
        ("lnurlw://shop.example/w?k1=1", .withdraw, "https://shop.example/w?k1=1"),
        ("lnurlc://shop.example/c", .channel, "https://shop.example/c"),
        ("keyauth://shop.example/a?tag=login&k1=1", .auth, "https://shop.example/a?tag=login&k1=1"),
        ("lnurlp://abcdef.onion/p", .pay, "http://abcdef.onion/p"),
        ("alice@shop.example", .pay, "https://shop.example/.well-known/lnurlp/alice"),
    ])
    func lud17SchemesAndLightningAddressesAreRead(text: String, kind: LNURLKind, url: String) throws {
        let lnurl = try LNURL(text)
        #expect(lnurl.kind == kind)
        #expect(lnurl.url == url)
    }

    @Test(arguments: [
        "", "lnurl", "lnurl1", "https://shop.example/lnurlp/alice", "alice@", "@shop.example",
        "alice@localhost",
        "a@b@shop.example", "alice smith@shop.example",
    ])
    func nonLNURLsAreRejected(text: String) {
        #expect(throws: LNURLError.self) { try LNURL(text) }
    }

    @Test(arguments: [
        "http://shop.example/lnurlp/x", "ftp://shop.example/x", "https:///x", "not a url",
    ])
    func encodedURLsMustBeHTTPSOrOnion(url: String) {
        #expect(throws: LNURLError.invalidURL) { try LNURL(LNURL.encode(url: url)) }
    }
}
