import ContractNames
import IdentitySharing
import Simulation

extension AppEnvironment {
    /// Journals each call of a sharing implementation as one `sharing` event of this app (`owner`
    /// is the prefix or package its build writes), whatever the platform.
    public func sharingReport(owner: String) -> SharingReport {
        let environment = self
        return { event in
            var entry = JournalEntry(
                app: environment.app.rawValue, kind: .sharing(event.op), account: event.record, detail: event.detail)
            entry.owner = owner
            entry.peer = event.peer
            entry.result = event.result.rawValue
            entry.records = event.records
            environment.record(entry)
        }
    }
}
