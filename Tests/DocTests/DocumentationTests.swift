import Foundation
import Testing

/// Documentation that runs: every shell block of README.md and Docs/*.md and every EXAMPLES line
/// of every `--help` page of the three tools, run in order as a reader would (Docs/docs-tests.md).
@Suite struct DocumentationTests {
    static let documents: [DocPage] = {
        let fm = FileManager.default
        let docs = BuiltTools.repository.appendingPathComponent("Docs")
        let names =
            ["README.md"]
            + ((try? fm.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
            .map { "Docs/\($0)" }
        return names.compactMap { name in
            guard
                let text = try? String(contentsOf: BuiltTools.repository.appendingPathComponent(name), encoding: .utf8)
            else { return nil }
            return MarkdownPage.page(name: name, markdown: text)
        }
    }()

    static let tools = ["bitkit-sim", "ring-sim", "simctl"]

    static let helpPages: [DocPage] = tools.flatMap { (try? HelpPages.pages(of: $0)) ?? [] }

    /// `DOC_TEST_PAGES=README,race swift test --filter DocumentationTests` runs only the pages whose
    /// name contains one of the words, while a document is being written.
    static func selected(_ pages: [DocPage]) -> [DocPage] {
        guard let words = ProcessInfo.processInfo.environment["DOC_TEST_PAGES"]?.split(separator: ","), !words.isEmpty
        else { return pages }
        return pages.filter { page in words.contains { page.name.contains($0) } }
    }

    @Test(arguments: selected(documents)) func everyShellBlockOfTheDocumentRunsAsDocumented(_ page: DocPage) throws {
        try Self.check(page)
    }

    @Test(arguments: selected(helpPages)) func everyExampleOfTheHelpPageRunsAsDocumented(_ page: DocPage) throws {
        try Self.check(page)
    }

    /// A page's commands must use at most this many CPU seconds, so the doc test stays a small part
    /// of CI: run a part of the catalogue, a few hundred iterations. CPU, not the wall clock: the
    /// suite must pass on a loaded machine, where a page's wall time grows with the load and its CPU
    /// time does not. The slowest are README's page (about 20 CPU seconds in a debug build) and `simctl
    /// explore --help`, whose example runs the 101-pair race matrix (about 16); `DOC_TEST_CPU_LOG`
    /// lists every page's.
    static let budgetSeconds = 300.0

    /// Runs the page; it must pass, and within its CPU budget.
    static func check(_ page: DocPage) throws {
        var runner = DocRunner()
        let failures = try runner.failures(of: page)
        Self.log(page, runner)
        #expect(failures.isEmpty, "\(page.name):\n\(failures.joined(separator: "\n"))")
        #expect(
            runner.cpuSeconds < budgetSeconds,
            "\(page.name) used \(Int(runner.cpuSeconds)) CPU seconds (\(Int(runner.seconds)) s of wall time); the slowest: \(runner.slowest.joined(separator: "; "))"
        )
    }

    /// `DOC_TEST_CPU_LOG=FILE` appends a line per page to FILE: its CPU seconds, its name and its three
    /// slowest commands, to find what makes the doc test slow.
    static func log(_ page: DocPage, _ runner: DocRunner) {
        guard let path = ProcessInfo.processInfo.environment["DOC_TEST_CPU_LOG"], !path.isEmpty else { return }
        let line =
            String(format: "%.2f", runner.cpuSeconds) + "\t\(page.name)\t\(runner.slowest.joined(separator: "; "))\n"
        // Appended in one write: the pages run at the same time.
        guard let file = fopen(path, "a") else { return }
        fputs(line, file)
        fclose(file)
    }

    @Test func theDocumentsAndTheHelpTreesAreAllRead() throws {
        #expect(Self.documents.map(\.name).contains("README.md"))
        #expect(Self.documents.contains { $0.name == "Docs/cli.md" })
        #expect(Self.documents.first { $0.name == "README.md" }.map { $0.commands.count > 10 } == true)
        for tool in Self.tools {
            let pages = try HelpPages.pages(of: tool)
            #expect(pages.count > 20, "\(tool): \(pages.count) help pages")
            #expect(pages.contains { $0.name == "\(tool) --help" })
            #expect(pages.allSatisfy { !$0.commands.isEmpty }, "\(tool): a help page without examples")
        }
        #expect(Self.helpPages.contains { $0.name == "simctl race --help" })
        #expect(Self.helpPages.contains { $0.name == "ring-sim keychain set-owned --help" })
    }

    /// In a shell `#` starts a comment: `ring-sim open #1` loses its argument. Ring's help writes `'#N'`.
    @Test func ringHelpQuotesEveryCardNumber() throws {
        let pages = try HelpPages.pages(of: "ring-sim")
        for page in pages {
            let path = page.name.split(separator: " ").dropFirst().dropLast().map(String.init)
            let help = try BuiltTools.run("ring-sim", path + ["--help"]).stdout
            for match in help.matches(of: #/(.)#(N|[0-9])/#) {
                #expect(match.output.1 == "'", "\(page.name): unquoted \(match.output.0)")
            }
        }
    }
}
