import Dispatch
import Synchronization

/// Runs `count` independent pieces of work, `jobs` at a time, and returns their results in order:
/// the export's scenario runs and its checks' journey runs, each a few processes that mostly wait.
enum InOrderWork {
    static func map<Result: Sendable>(
        count: Int, jobs: Int, _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        let results = Mutex<[Int: Result]>([:])
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < count else { return }
                let result = body(index)
                results.withLock { $0[index] = result }
            }
        }
        let all = results.withLock { $0 }
        return (0..<count).compactMap { all[$0] }
    }
}
