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

    /// Where code may name a platform: the two platform modules, the one place that chooses between
    /// them, the enum's own declaration, the CLI's one reading of `--platform`, `simctl parity` (which
    /// compares the two), the journey dialect (`id` on iOS, `testTag` on Android) and the agent's
    /// (`id` on iOS, `resourceId` on Android, spec/10 §3).
    static let platformPlaces = [
        "Sources/IOSPlatform/", "Sources/AndroidPlatform/", "Sources/Platforms/",
        "Sources/ContractNames/Platform.swift", "Sources/SimCLI/PlatformOption.swift", "Sources/Parity/",
        "Sources/Journeys/", "Sources/JourneyRunner/", "Sources/AgentInterface/AgentDialect.swift",
    ]

    /// A line that asks which platform it is on, or names one: a platform case (`== .ios`,
    /// `case .android`, `?? .ios`, `Platform.android`), a platform's policy by name, an `isAndroid`-style
    /// flag, a platform name compared as text, or a test of which OS implementation it has.
    static func platformQuestion() throws -> Regex<AnyRegexOutput> {
        try Regex(
            #"(^|[^\w)\]?!])\.(ios|android)\b|\b(Device|Journey)?Platform\.(ios|android)\b|\bSharingPolicy\.(iOS|android)\b"#
                + #"|\b(isAndroid|isIOS|isiOS)\b|[=!]=\s*"(ios|android)"|"(ios|android)"\s*[=!]="#
                + #"|\b(as[?!]?|is)\s+(IOSPhone|AndroidPhone)\b"#
        ).wordBoundaryKind(.simple)  // `install.isAndroid` has a boundary at the dot, as in grep
    }

    /// The lines of `Sources` outside `platformPlaces` that ask which platform they are on.
    static func platformQuestions() throws -> (files: Int, found: [String]) {
        let sources = root.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(atPath: sources.path) else { return (0, []) }
        let question = try platformQuestion()
        var scanned = 0
        var found: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let path = "Sources/" + file
            if platformPlaces.contains(where: { path.hasPrefix($0) }) { continue }
            scanned += 1
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(question) {
                found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return (scanned, found.sorted())
    }

    @Test func noCodeOutsideThePlatformModulesAsksWhichPlatformItIsOn() throws {
        for place in Self.platformPlaces {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(place).path), "\(place)")
        }
        let (scanned, found) = try Self.platformQuestions()
        #expect(scanned > 300)
        #expect(
            found.isEmpty,
            "Ask the device's OS (PhoneOS) or read a SharingPolicy flag instead:\n\(found.joined(separator: "\n"))")
    }

    @Test func thePlatformQuestionRecognisesEachWayOfAsking() throws {
        let question = try Self.platformQuestion()
        for line in [
            "if state.platform == .android {", "case .ios: return x", "let p = platform ?? .ios", "[.ios, .android]",
            "Platform.android", "policy: SharingPolicy.android", "if install.isAndroid {",
            "guard which == \"android\" else", "if let phone = os as? AndroidPhone {", "os is IOSPhone",
        ] {
            #expect(line.contains(question), "\(line)")
        }
        for line in [
            "platform.isDefault", "record.ios", "self.android = android", "let android = AndroidPhone()",
            "AndroidContract.ringPackage", "os.policy.lockGatesReads", "Platform.default",
        ] {
            #expect(!line.contains(question), "\(line)")
        }
    }
}
