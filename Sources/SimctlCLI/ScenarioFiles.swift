import Foundation
import SimCLI
import WorldFiles

/// The scenario files a command runs: the ones named on its command line, each readable and within
/// its size limit, or by default the catalogue under the current folder.
enum ScenarioFiles {
    /// `files`, checked; when there are none, the `*.scenario` files of `folders` (in name order, folder
    /// by folder). A file that cannot be read is a usage error (Docs/cli.md, "Input limits").
    static func checked(_ files: [String], orCatalogueIn folders: [String]) throws -> [String] {
        var files = files
        if files.isEmpty {
            for folder in folders {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                files += names.filter { $0.hasSuffix(".scenario") }.sorted().map { "\(folder)/\($0)" }
            }
            guard !files.isEmpty else {
                throw CLIError.usage(
                    "No scenario files given and none under ./\(folders[0]): give the files to run.")
            }
        }
        try check(files)
        return files
    }

    /// A path that names no file, or an oversized one, is a mistake on the command line, not a
    /// scenario that failed: a usage error (Docs/cli.md, "Input limits").
    static func check(_ files: [String]) throws {
        for file in files {
            if let problem = UserFile.problem(reading: file) {
                throw CLIError.usage("Cannot read the scenario file \(file): \(problem).")
            }
            try InputLimit.scenarioFile.checkSize(file)
        }
    }
}
