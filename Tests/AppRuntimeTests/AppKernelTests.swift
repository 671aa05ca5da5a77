import AppRuntime
import AppSupport
import ContractNames
import Device
import Foundation
import Synchronization
import Testing

/// The kernel both apps run on: one action at a time, state saved and reloaded around a checkpoint,
/// and the journal lines of toasts, navigation and the lifecycle.
@Suite struct AppKernelTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kernel-\(UUID().uuidString)")
    var world: World { World(root: root) }
    var environment: AppEnvironment { AppEnvironment(world: world, app: .ring, run: .standalone) }

    init() throws { try World(root: root).create() }

    func entries() throws -> [JournalEntry] { try Journal(world: world).read().entries }

    @Test func aSuspensionSavesThenPassesTheCheckpointThenReloads() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var order: [String] = []
        let reloaded = try AppKernel<RingCheckpoint>.act(environment) { kernel in
            try kernel.suspend(
                at: .pruneAfterListing, save: { order.append("save") },
                reload: { () -> Int in
                    order.append("reload")
                    return 7
                })
        }
        #expect(reloaded == 7)
        #expect(order == ["save", "reload"])
        #expect(try entries().map(\.kind) == [.checkpoint("ring.prune.after-listing")])
    }

    @Test func toastsNavigationAndLifecycleAreJournalledAsTheirKinds() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let raised = try AppKernel<RingCheckpoint>.act(environment) { kernel -> [Toast] in
            kernel.lifecycle(.launch)
            kernel.navigated(from: nil, to: ["home"])
            kernel.navigated(from: ["home"], to: ["home"])
            kernel.raise(Toast(.error, "Oops", "It broke"))
            kernel.raise(Toast(.success, "Done", nil))
            kernel.retractLast(Toast(.success, "Done", nil))
            return kernel.raised
        }
        #expect(raised == [Toast(.error, "Oops", "It broke")])
        let journal = try entries()
        #expect(
            journal.map(\.kind) == [.lifecycle(.launch), .navigation, .toast(style: "error"), .toast(style: "success")])
        #expect(journal.allSatisfy { $0.app == "ring" })
        #expect(journal[1].detail == "home")
    }

    @Test func twoActionsOfOneAppNeverRunAtOnce() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = self.environment
        final class Occupancy: Sendable {
            let inside = Mutex(0)
            let most = Mutex(0)
        }
        let occupancy = Occupancy()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    _ = try? AppKernel<RingCheckpoint>.act(environment) { _ in
                        let now = occupancy.inside.withLock { value -> Int in
                            value += 1
                            return value
                        }
                        occupancy.most.withLock { $0 = max($0, now) }
                        usleep(2_000)
                        occupancy.inside.withLock { $0 -= 1 }
                    }
                }
            }
        }
        #expect(occupancy.most.withLock { $0 } == 1)
    }
}
