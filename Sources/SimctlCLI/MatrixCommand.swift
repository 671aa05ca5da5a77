import Foundation
import SimCLI

/// `simctl explore --matrix FILE`: every listed pair of app actions, explored.
enum MatrixCommand {
    static func run(file: String, out: String, request: ExploreRequest, invocation: Invocation) throws {
        throw CLIError.usage("--matrix is not ready yet.")
    }
}
