import AppNetwork
import Backend
import ContractNames
import Device
import Foundation
import PaykitContract
import PubkyCrypto

/// `PaykitNetwork` on the world's simulated network: public storage reads and the regtest ledger,
/// journalled as `backend` events of `bitkit`.
public final class SimulatedPaykitNetwork: PaykitNetwork {
    private let client: AppNetworkClient
    private let chain: String

    public init(environment: AppEnvironment, network: BitcoinNetwork) {
        chain = network.rawValue
        client = AppNetworkClient(environment: environment)
        client.open()
    }

    /// The factory `BitkitApp` uses by default.
    public static let factory: BitkitApp.PaykitNetworkFactory = { environment, network in
        SimulatedPaykitNetwork(environment: environment, network: network)
    }

    private func call<T>(_ body: (BackendClient) throws(BackendError) -> BackendReply<T>) throws(ServiceFailure) -> T {
        do {
            return try client.call(body)
        } catch {
            throw SimulatedBitkitBackend.failure(error)
        }
    }

    /// Every file under `directory` of `pubky`, paged 100 at a time; a missing folder is empty.
    private func files(of pubky: String, in directory: String) throws(ServiceFailure) -> [String] {
        var paths: [String] = []
        var cursor: String?
        let prefix = "pubky://\(pubky)"
        while true {
            let options = StorageListOptions(limit: 100, cursor: cursor, shallow: true)
            let page: [String]
            do {
                page = try call { client throws(BackendError) in
                    try client.list(pubky: pubky, directory: directory, options: options)
                }
            } catch  where error.isNotFound {
                return paths
            }
            for entry in page where entry.hasPrefix(prefix) && !entry.hasSuffix("/") {
                paths.append(String(entry.dropFirst(prefix.count)))
            }
            guard page.count == 100, let last = page.last else { return paths }
            cursor = last
        }
    }

    /// A file's bytes, nil when it vanished since the listing.
    private func read(_ pubky: String, _ path: String) throws(ServiceFailure) -> [UInt8]? {
        do {
            return try call { client throws(BackendError) in try client.get(pubky: pubky, path: path) }
        } catch  where error.isNotFound {
            return nil
        }
    }

    public func paymentRequests(from issuer: String, to recipient: String) throws(ServiceFailure) -> [[UInt8]] {
        var records: [[UInt8]] = []
        for path in try files(of: issuer, in: PaykitPath.requests(to: recipient)) {
            if let bytes = try read(issuer, path) { records.append(bytes) }
        }
        return records
    }

    public func endpoints(of pubky: String, receiverPath: String) throws(ServiceFailure) -> [EndpointPayload] {
        let directory = PaykitPath.endpoints(receiverPath: receiverPath)
        var endpoints: [EndpointPayload] = []
        for path in try files(of: pubky, in: directory) {
            guard let bytes = try read(pubky, path), !bytes.isEmpty else { continue }
            // Bytes that are not UTF-8 fail the shape stage anyway; they never become a payload.
            guard let payload = String(validating: bytes, as: UTF8.self) else { continue }
            endpoints.append(EndpointPayload(identifier: String(path.dropFirst(directory.count)), payload: payload))
        }
        return endpoints
    }

    public func payOnchain(address: String, sats: UInt64) throws(ServiceFailure) -> String {
        let chain = self.chain
        return try call { client throws(BackendError) in
            try client.payOnchain(address: address, amountSat: sats, network: chain)
        }.txid
    }

    public func payLightning(
        invoice: String, amountMsat: UInt64, paymentHash: String?
    ) throws(ServiceFailure)
        -> String
    {
        try call { client throws(BackendError) in
            try client.payLightning(invoice: invoice, amountMsat: amountMsat, paymentHash: paymentHash)
        }.paymentHash
    }
}
