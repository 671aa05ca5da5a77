import Foundation
import Testing

/// Package.swift declares exactly what each target imports, and the apps stay apart: a check that
/// fails the suite when a dependency is added in code but not in the manifest, or left behind.
@Suite struct PackageGraphTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each target's declared dependencies, read from Package.swift.
    static func declared() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(
            #"\.(?:target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#
        )
        var graph: [String: Set<String>] = [:]
        for match in manifest.matches(of: target) {
            let name = String(match.output[1].substring ?? "")
            let list = match.output[2].substring.map(String.init) ?? ""
            graph[name] = Set(
                list.matches(of: try Regex(#""([^"]+)""#)).compactMap { $0.output[1].substring.map(String.init) })
        }
        return graph
    }

    /// The project's modules each target's sources import.
    static func imported(_ target: String, among modules: Set<String>) throws -> Set<String>? {
        for folder in ["Sources", "Tests"] {
            let directory = root.appendingPathComponent(folder).appendingPathComponent(target)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue,
                let files = FileManager.default.enumerator(atPath: directory.path)
            else { continue }
            var imports = Set<String>()
            let statement = try Regex(#"(?m)^\s*(?:@testable\s+)?import\s+(\w+)"#)
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: statement) {
                    if let name = match.output[1].substring.map(String.init), modules.contains(name), name != target {
                        imports.insert(name)
                    }
                }
            }
            return imports
        }
        return nil
    }

    @Test func everyTargetDeclaresExactlyTheModulesItImports() throws {
        let graph = try Self.declared()
        #expect(graph.count > 20)
        let modules = Set(graph.keys)
        for (target, dependencies) in graph.sorted(by: { $0.key < $1.key }) {
            guard let imports = try Self.imported(target, among: modules) else { continue }
            #expect(
                imports == dependencies, "\(target): imports \(imports.sorted()), declares \(dependencies.sorted())")
        }
    }

    @Test func bitkitNeverLinksRingAndRingNeverLinksBitkit() throws {
        let graph = try Self.declared()
        func closure(_ target: String) -> Set<String> {
            var seen = Set<String>()
            var pending = [target]
            while let next = pending.popLast() {
                for dependency in graph[next] ?? [] where seen.insert(dependency).inserted {
                    pending.append(dependency)
                }
            }
            return seen
        }
        #expect(!closure("bitkit-sim").contains("RingApp"))
        #expect(!closure("ring-sim").contains("BitkitApp"))
        #expect(!closure("BitkitApp").contains("RingApp"))
        #expect(!closure("RingApp").contains("BitkitApp"))
        #expect(closure("bitkit-sim").contains("BitkitApp"))
    }
}
