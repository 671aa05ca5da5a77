// swift-tools-version:6.0
// The Bitkit ⇄ Pubky Ring shared-keychain simulator. No package dependencies: only the toolchain and
// three system libraries (libsodium, libsecp256k1, sqlite3), installed by scripts/bootstrap.
import PackageDescription

let package = Package(
    name: "PubkySharedKeychainSim",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bitkit-sim", targets: ["bitkit-sim"]),
        .executable(name: "ring-sim", targets: ["ring-sim"]),
        .executable(name: "simctl", targets: ["simctl"]),
    ],
    targets: [
        // System libraries.
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        .systemLibrary(
            name: "CSecp256k1", pkgConfig: "libsecp256k1",
            providers: [.apt(["libsecp256k1-dev"]), .brew(["secp256k1"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // 2D drawing for the agent's screenshots (spec/10 §4); fonts-dejavu-core gives its faces.
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        // Deflate for the screenshots' PNG encoder (cairo's own encoder tries every row filter: slow).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),

        // Libraries, dependencies pointing downward: apps → device/keychain/backend → crypto.
        // Optimised in debug builds too: its hashes, PBKDF2 and Argon2id run thousands of rounds in every
        // wallet restore and recovery file (a debug catalogue run takes 6 % less CPU so). Nothing here is
        // stepped through; the known-answer tests pin it.
        .target(
            name: "PubkyCrypto", dependencies: ["CSecp256k1", "CSodium"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "PubkyProtocol", dependencies: ["PubkyCrypto"]),
        // flock locks, atomic writes, bounded reads, counter files: for keychain items and world files.
        .target(name: "SafeFiles"),
        // The names the apps, the audit and the tools agree on: journal events, groups and owner
        // prefixes, private key names, Paykit paths, checkpoints, Bitcoin networks.
        .target(name: "ContractNames"),
        .target(name: "Keychain", dependencies: ["ContractNames", "PubkyCrypto", "SafeFiles"]),
        .target(name: "PaykitContract", dependencies: ["ContractNames", "PubkyCrypto", "PubkyProtocol"]),
        // How an app learns of the other app's pubkys, reads one secret just in time, offers and
        // withdraws its own: meanings, not status codes; one implementation per platform.
        .target(name: "IdentitySharing", dependencies: ["ContractNames", "Keychain"]),
        .target(name: "AppSupport"),
        // Systematic exploration of schedules: a pure core (footprints, schedules, the explorer).
        .target(name: "Exploration"),
        // The world on disk: its layout, bounded reads of its files, their digests.
        .target(name: "WorldFiles", dependencies: ["ContractNames", "PubkyCrypto", "SafeFiles"]),
        // The run context: the clock, the journal, scheduling, process identity, crash plans.
        .target(
            name: "Simulation",
            dependencies: ["ContractNames", "Exploration", "PubkyCrypto", "SafeFiles", "WorldFiles"]),
        // The OS model: installs, entitlements, the lock, faults, breakpoints, sandboxes, an app's view,
        // and `PhoneOS`, everything that differs by platform.
        .target(
            name: "Device",
            dependencies: [
                "AppSupport", "ContractNames", "IdentitySharing", "Keychain", "SafeFiles", "Simulation", "WorldFiles",
            ]),
        // The iOS phone: one shared keychain group, data protection, items that outlive an uninstall.
        .target(
            name: "IOSPlatform",
            dependencies: [
                "AppSupport", "ContractNames", "Device", "IdentitySharing", "Keychain", "PubkyCrypto", "WorldFiles",
            ]),
        // The Android phone: content providers, the package manager and signature permissions, aliases.
        .target(
            name: "AndroidPlatform",
            dependencies: [
                "AppSupport", "ContractNames", "Device", "IdentitySharing", "Keychain", "PubkyCrypto", "SafeFiles",
                "Simulation", "WorldFiles",
            ]),
        // The one place a world's platform becomes its phone's OS.
        .target(
            name: "Platforms",
            dependencies: ["AndroidPlatform", "ContractNames", "Device", "IOSPlatform", "WorldFiles"]),
        // The app-runtime kernel both apps run on: main actor, suspension points, toasts, navigation.
        .target(
            name: "AppRuntime",
            dependencies: ["AppSupport", "ContractNames", "Device", "IdentitySharing", "Simulation", "WorldFiles"]),
        // The kernel's exhaustive test driver (`TestStore`), for the apps' reducer tests only.
        .target(name: "AppRuntimeTesting", dependencies: ["AppRuntime"]),
        // A phone in memory for the apps' reducer tests, on either platform: the real exchanges, no disk.
        .target(
            name: "PhoneTesting",
            dependencies: ["AndroidPlatform", "ContractNames", "IOSPlatform", "IdentitySharing", "Keychain"]),
        .target(name: "Backend", dependencies: ["CSQLite", "PubkyCrypto", "PubkyProtocol"]),
        // An app's client of the outside world, wired to its device (connectivity, clock, seed, journal).
        .target(name: "AppNetwork", dependencies: ["Backend", "Device", "PubkyCrypto", "Simulation"]),
        .target(
            name: "BitkitApp",
            dependencies: [
                "AppNetwork", "AppRuntime", "AppSupport", "Backend", "ContractNames", "Device", "IdentitySharing",
                "Keychain", "PaykitContract", "PubkyCrypto", "PubkyProtocol", "Simulation", "WorldFiles",
            ]),
        .target(
            name: "RingApp",
            dependencies: [
                "AppNetwork", "AppRuntime", "AppSupport", "Backend", "ContractNames", "Device", "IdentitySharing",
                "Keychain", "PubkyCrypto", "PubkyProtocol", "WorldFiles",
            ]),
        .target(
            name: "SimCLI",
            dependencies: ["ContractNames", "Device", "Keychain", "Platforms", "SafeFiles", "Simulation", "WorldFiles"]),
        // What both apps' tools share: printing an app step's outcome, the checkpoints command.
        .target(name: "AppCommands", dependencies: ["AppRuntime", "AppSupport", "ContractNames", "SimCLI"]),
        // The visual run report: HTML pages and inline SVG drawn from plain records of a run.
        .target(name: "RunReport", dependencies: ["AppSupport"]),
        // Journey files (spec/08 §1.1, §2): parsed, split into sub-actions, each recognised as a form.
        .target(name: "Journeys", dependencies: ["ContractNames"]),
        .target(
            name: "BitkitCLI",
            dependencies: [
                "AppCommands", "AppSupport", "BitkitApp", "ContractNames", "Device", "IdentitySharing",
                "PaykitContract", "Platforms", "PubkyCrypto", "SimCLI", "Simulation", "WorldFiles",
            ]),
        .target(
            name: "RingCLI",
            dependencies: [
                "AppCommands", "AppSupport", "ContractNames", "Device", "IdentitySharing", "Platforms", "PubkyCrypto",
                "RingApp", "SimCLI", "WorldFiles",
            ]),
        // The contract's invariants over a world's journal and files (`simctl audit`).
        .target(
            name: "Audit",
            dependencies: [
                "AndroidPlatform", "AppSupport", "ContractNames", "Device", "IdentitySharing", "Keychain", "Platforms",
                "PubkyCrypto", "Simulation", "WorldFiles",
            ]),
        // The scenario language and its runner: parse, run steps against the real tools, check.
        .target(
            name: "Scenarios",
            dependencies: [
                "AppSupport", "Audit", "ContractNames", "Device", "IdentitySharing", "Keychain", "Platforms",
                "PubkyCrypto", "RunReport", "SimCLI", "Simulation", "WorldFiles",
            ]),
        // Steps run many ways: the race harness, the explorer's glue and the race matrix, the crash campaign.
        .target(
            name: "Harnesses",
            dependencies: [
                "Audit", "BitkitApp", "ContractNames", "Device", "Exploration", "IdentitySharing", "Keychain",
                "PubkyProtocol", "RunReport", "Scenarios", "SimCLI", "Simulation", "WorldFiles",
            ]),
        // `simctl mutate`: mutation points found in the sources, the schema build, the campaign and its report.
        .target(name: "Mutation"),
        // `simctl parity`: the catalogue on both platforms, compared expectation by expectation (spec/07 §10).
        .target(name: "Parity", dependencies: ["ContractNames", "RunReport", "Scenarios"]),
        // `simctl journey run`: a journey file's actions evaluated against the apps, through the scenario runner.
        .target(
            name: "JourneyRunner",
            dependencies: ["AppSupport", "ContractNames", "Journeys", "PubkyProtocol", "RunReport", "Scenarios"]),
        // The phone's screen laid out on 390×844 points, and drawn as a PNG with cairo (spec/10 §3–§4).
        .target(name: "PhonePicture", dependencies: ["AppSupport", "CCairo", "CZlib"]),
        // The simulated phone for an AI agent (spec/10): the tools, their snapshots, the MCP server.
        .target(
            name: "AgentInterface",
            dependencies: [
                "AppSupport", "ContractNames", "Device", "JourneyRunner", "Journeys", "PhonePicture", "Platforms",
                "PubkyCrypto", "RunReport", "Scenarios", "SimCLI", "WorldFiles",
            ]),
        .target(
            name: "SimctlCLI",
            dependencies: [
                "AgentInterface", "AndroidPlatform", "AppNetwork", "Audit", "Backend", "ContractNames", "Device",
                "Exploration", "Harnesses", "IdentitySharing", "JourneyRunner", "Keychain", "Mutation",
                "PaykitContract",
                "Parity", "Platforms", "PubkyCrypto", "PubkyProtocol", "RunReport", "Scenarios", "SimCLI", "Simulation",
                "WorldFiles",
            ]),

        // Thin entry points. bitkit-sim never links RingApp, ring-sim never links BitkitApp.
        .executableTarget(name: "bitkit-sim", dependencies: ["BitkitCLI"], linkerSettings: staticRuntime),
        .executableTarget(name: "ring-sim", dependencies: ["RingCLI"], linkerSettings: staticRuntime),
        .executableTarget(name: "simctl", dependencies: ["SimctlCLI"], linkerSettings: staticRuntime),
        // Drives the keychain and the backend from real processes for the concurrency and crash tests.
        .executableTarget(
            name: "sim-stress", dependencies: ["Backend", "Keychain", "PubkyCrypto", "SafeFiles"],
            linkerSettings: staticRuntime),
        // scripts/bench's baselines: the raw-file floor of the keychain calls, and the smallest Swift tool
        // (linked as the tools are, so the start-up ratios compare like with like).
        .executableTarget(name: "bench-floor", linkerSettings: staticRuntime),
        .executableTarget(name: "bench-minimal", linkerSettings: staticRuntime),

        // One test target per module, plus end-to-end tests that spawn the binaries.
        .testTarget(name: "ContractNamesTests", dependencies: ["ContractNames"]),
        .testTarget(name: "IdentitySharingTests", dependencies: ["IdentitySharing"]),
        .testTarget(
            name: "IOSPlatformTests", dependencies: ["ContractNames", "IOSPlatform", "IdentitySharing", "Keychain"]),
        .testTarget(
            name: "AndroidPlatformTests",
            dependencies: ["AndroidPlatform", "ContractNames", "Device", "IdentitySharing", "Keychain", "PubkyCrypto"]),
        .testTarget(
            name: "PlatformsTests",
            dependencies: ["AndroidPlatform", "ContractNames", "Device", "IOSPlatform", "Platforms", "WorldFiles"]),
        .testTarget(
            name: "AppRuntimeTests",
            dependencies: [
                "AppRuntime", "AppRuntimeTesting", "ContractNames", "Device", "IdentitySharing", "Simulation",
                "WorldFiles",
            ]),
        .testTarget(name: "PubkyCryptoTests", dependencies: ["PubkyCrypto"]),
        .testTarget(name: "PubkyProtocolTests", dependencies: ["PubkyCrypto", "PubkyProtocol"]),
        .testTarget(name: "KeychainTests", dependencies: ["ContractNames", "Keychain", "PubkyCrypto"]),
        .testTarget(name: "PaykitContractTests", dependencies: ["ContractNames", "PaykitContract", "PubkyCrypto"]),
        .testTarget(name: "ExplorationTests", dependencies: ["Exploration"]),
        .testTarget(
            name: "DeviceTests",
            dependencies: ["ContractNames", "Device", "Exploration", "Keychain", "Simulation", "WorldFiles"]),
        .testTarget(name: "BackendTests", dependencies: ["Backend", "PubkyCrypto", "PubkyProtocol"]),
        .testTarget(
            name: "BitkitAppTests",
            dependencies: [
                "AppRuntime", "AppRuntimeTesting", "AppSupport", "Backend", "BitkitApp", "ContractNames", "Device",
                "IdentitySharing", "Keychain", "PaykitContract", "PhoneTesting", "Platforms", "PubkyCrypto",
                "Simulation", "WorldFiles",
            ]),
        .testTarget(
            name: "RingAppTests",
            dependencies: [
                "AppRuntime", "AppRuntimeTesting", "AppSupport", "Backend", "ContractNames", "Device",
                "IdentitySharing", "Keychain", "PhoneTesting", "Platforms", "PubkyCrypto", "PubkyProtocol", "RingApp",
                "Simulation", "WorldFiles",
            ]),
        .testTarget(name: "SimCLITests", dependencies: ["SimCLI"]),
        .testTarget(
            name: "AuditTests",
            dependencies: [
                "AndroidPlatform", "AppRuntime", "Audit", "ContractNames", "Device", "IdentitySharing", "Keychain",
                "Platforms", "PubkyCrypto", "Simulation", "WorldFiles",
            ]),
        .testTarget(
            name: "HarnessesTests",
            dependencies: [
                "ContractNames", "Device", "Exploration", "Harnesses", "Keychain", "Scenarios", "WorldFiles",
            ]),
        .testTarget(
            name: "ScenariosTests", dependencies: ["ContractNames", "Scenarios", "SimCLI", "Simulation"]),
        .testTarget(name: "ParityTests", dependencies: ["ContractNames", "Parity", "Scenarios"]),
        .testTarget(name: "MutationTests", dependencies: ["Mutation"]),
        .testTarget(name: "AppSupportTests", dependencies: ["AppSupport"]),
        .testTarget(name: "RunReportTests", dependencies: ["AppSupport", "RunReport"]),
        .testTarget(name: "JourneysTests", dependencies: ["Journeys"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Backend", "Device", "Journeys", "PubkyCrypto", "SimCLI", "Simulation", "WorldFiles"]),
        .testTarget(name: "DocTests", dependencies: ["SimCLI"]),
        .testTarget(name: "PhonePictureTests", dependencies: ["AppSupport", "PhonePicture"]),
        .testTarget(name: "AgentInterfaceTests", dependencies: ["AgentInterface", "SimCLI", "WorldFiles"]),
        .testTarget(
            name: "ToolsTests", dependencies: ["BitkitCLI", "ContractNames", "RingCLI", "SimCLI", "SimctlCLI"]),
    ]
)

/// On Linux the tools carry the Swift runtime and Foundation inside them (the toolchain's static
/// libraries): a tool then starts in about half the time — the dynamic loader's symbol lookups
/// across Foundation's shared libraries were most of a start-up — and a test run or a scenario run
/// with `--process-per-action` starts thousands. SwiftPM's `--static-swift-stdlib` does this only for
/// a whole build, test bundles included, which cannot link so; here only the executables do. The
/// modules are compiled against the shared libraries' interfaces, which do not name Foundation's own
/// static dependencies, so the link lists them (Swift 6's Foundation; any order, hence the group).
var staticRuntime: [LinkerSetting] {
    #if os(Linux)
        let libraries = [
            "Foundation", "CoreFoundation", "FoundationEssentials", "FoundationInternationalization", "_FoundationICU",
            "_FoundationCollections", "_FoundationCShims", "swiftSynchronization", "swiftDispatch", "dispatch",
            "BlocksRuntime",
        ]
        let group = ["--start-group"] + libraries.map { "-l\($0)" } + ["--end-group"]
        return [
            .unsafeFlags(
                ["-static-stdlib", "-use-ld=lld"] + group.flatMap { ["-Xlinker", $0] }, .when(platforms: [.linux]))
        ]
    #else
        return []
    #endif
}
