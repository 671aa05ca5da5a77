import Foundation
import PubkyCrypto
import PubkyProtocol

/// The server side of Homegate (spec/04 §8): answers with the status knob and, on 200, a fresh
/// signup token. The mainnet Homegate hands out codes of the production homeserver; the staging and
/// local ones, codes of the configured homeserver (default staging) — so a bitcoin build signs up on
/// production and every other build on staging, as spec/02 §1 and R4 expect.
struct Homegate {
    static let mainnetHost = "homegate.pubky.app"

    let exchange: Exchange
    let host: String

    func ipVerification() throws -> Answer<HomegateGrant> {
        let status = exchange.knobs.homegateStatus
        if status == 0 {
            return .fail(.unreachable(service: .homegate, host: host), after: ServiceLatency.refused)
        }
        guard status == 200 else {
            return .fail(
                .http(
                    service: .homegate, host: host, status: status,
                    reason: "Homegate returned status \(status)"),
                after: ServiceLatency.homegate)
        }
        let homeserver = host == Self.mainnetHost ? KnownHomeservers.production : exchange.knobs.homegateHomeserver
        let code = try SignupTokens.issue(
            homeserver: homeserver, issuer: "homegate", exchange.database, now: exchange.nowMicroseconds,
            random: &exchange.random)
        return .ok(
            HomegateGrant(signupCode: code, homeserverPubky: homeserver), after: ServiceLatency.homegate)
    }
}

/// The signup tokens a homeserver accepts, whoever issued them (Homegate, a requester link, simctl).
enum SignupTokens {
    /// Mints and stores a fresh token. Two processes seeded alike can draw the same bytes, so a token
    /// that already exists is redrawn rather than failing.
    static func issue(
        homeserver: String, issuer: String, _ database: Database, now: Int64,
        random: inout some RandomSource
    ) throws -> String {
        try Unique.draw(attempts: 64) {
            let token = SignupToken.random(using: &random).text
            let inserted = try database.run(
                "INSERT OR IGNORE INTO signup_tokens(token, homeserver, issued_by, issued_at) VALUES(?1, ?2, ?3, ?4)",
                [.text(token), .text(homeserver), .text(issuer), .integer(now)])
            return inserted == 1 ? token : nil
        }
    }
}
