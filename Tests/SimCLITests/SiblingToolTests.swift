import Foundation
import Testing

@testable import SimCLI

/// Which tools the tests spawn: `SIM_BIN` when it names a folder of tools (scripts/test points it at
/// the release build), else the build's products folder found from the running executable.
@Suite struct SiblingToolTests {
    /// A scratch tree `root/products/inner`, with an executable `simctl` in `products` and in `other`.
    static func tree() throws -> (root: URL, products: URL, inner: URL, other: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sibling-\(UUID().uuidString)", isDirectory: true)
        let products = root.appendingPathComponent("products", isDirectory: true)
        let inner = products.appendingPathComponent("inner", isDirectory: true)
        let other = root.appendingPathComponent("other", isDirectory: true)
        for folder in [inner, other] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for folder in [products, other] {
            let tool = folder.appendingPathComponent("simctl", isDirectory: false).path
            #expect(FileManager.default.createFile(atPath: tool, contents: Data("#!/bin/sh\n".utf8)))
            #expect(chmod(tool, 0o755) == 0)
        }
        return (root, products, inner, other)
    }

    @Test func aNamedFolderOfToolsWinsOverTheBuildAroundTheRunningExecutable() throws {
        let tree = try Self.tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        let chosen = SiblingTool.toolsFolder(named: tree.other.path, searchingUpFrom: tree.inner)
        #expect(chosen.standardizedFileURL.path == tree.other.standardizedFileURL.path)
    }

    @Test func withoutANameOrWithAFolderHoldingNoToolsTheNearestFolderAboveIsFound() throws {
        let tree = try Self.tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        for named in [nil, "", tree.inner.path] {
            let chosen = SiblingTool.toolsFolder(named: named, searchingUpFrom: tree.inner)
            #expect(
                chosen.standardizedFileURL.path == tree.products.standardizedFileURL.path,
                "\(String(describing: named))")
        }
    }
}
