// swift-tools-version:5.9
// The Bitkit ⇄ Pubky Ring shared-keychain simulator. No package dependencies: only the toolchain and
// three system libraries (libsodium, libsecp256k1, sqlite3), installed by scripts/bootstrap.
import PackageDescription

let package = Package(
    name: "PubkySharedKeychainSim",
    platforms: [.macOS(.v13)],
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

        // Libraries, dependencies pointing downward: apps → device/keychain/backend → crypto.
        .target(name: "PubkyCrypto", dependencies: ["CSodium", "CSecp256k1"]),
        .target(name: "PubkyProtocol", dependencies: ["PubkyCrypto"]),
        // flock locks, atomic writes, bounded reads, counter files: for keychain items and world files.
        .target(name: "SafeFiles"),
        .target(name: "Keychain", dependencies: ["PubkyCrypto", "SafeFiles"]),
        .target(name: "PaykitContract", dependencies: ["PubkyCrypto", "PubkyProtocol"]),
        .target(name: "AppSupport"),
        // Systematic exploration of schedules: a pure core (footprints, schedules, the explorer).
        .target(name: "Exploration"),
        .target(name: "Device", dependencies: ["Keychain", "PubkyCrypto", "SafeFiles", "Exploration"]),
        .target(name: "Backend", dependencies: ["CSQLite", "PubkyCrypto", "PubkyProtocol"]),
        // An app's client of the outside world, wired to its device (connectivity, clock, seed, journal).
        .target(name: "AppNetwork", dependencies: ["Backend", "Device", "PubkyCrypto"]),
        .target(
            name: "BitkitApp",
            dependencies: [
                "PubkyCrypto", "PubkyProtocol", "PaykitContract", "AppSupport", "Keychain", "Device", "Backend",
                "AppNetwork",
            ]),
        .target(
            name: "RingApp",
            dependencies: ["PubkyCrypto", "PubkyProtocol", "AppSupport", "Keychain", "Device", "Backend", "AppNetwork"]),
        .target(name: "SimCLI", dependencies: ["Device", "AppSupport"]),
        // The visual run report: HTML pages and inline SVG drawn from plain records of a run.
        .target(name: "RunReport", dependencies: ["AppSupport"]),
        .target(
            name: "BitkitCLI",
            dependencies: ["BitkitApp", "PaykitContract", "SimCLI", "Device", "Keychain", "PubkyCrypto"]),
        .target(name: "RingCLI", dependencies: ["RingApp", "SimCLI", "Device", "Keychain", "PubkyCrypto"]),
        .target(
            name: "Scenarios",
            dependencies: ["Device", "Keychain", "PubkyCrypto", "AppSupport", "SimCLI", "RunReport", "Exploration"]),
        .target(
            name: "SimctlCLI",
            dependencies: [
                "SimCLI", "Device", "Keychain", "PubkyCrypto", "Backend", "AppNetwork", "Scenarios", "PaykitContract",
                "RunReport",
            ]),

        // Thin entry points. bitkit-sim never links RingApp, ring-sim never links BitkitApp.
        .executableTarget(name: "bitkit-sim", dependencies: ["BitkitCLI"]),
        .executableTarget(name: "ring-sim", dependencies: ["RingCLI"]),
        .executableTarget(name: "simctl", dependencies: ["SimctlCLI"]),
        // Drives the keychain and the backend from real processes for the concurrency and crash tests.
        .executableTarget(name: "sim-stress", dependencies: ["Keychain", "Backend", "PubkyCrypto", "SafeFiles"]),
        // scripts/bench's baselines: the raw-file floor of the keychain calls, and the smallest Swift tool.
        .executableTarget(name: "bench-floor"),
        .executableTarget(name: "bench-minimal"),

        // One test target per module, plus end-to-end tests that spawn the binaries.
        .testTarget(name: "PubkyCryptoTests", dependencies: ["PubkyCrypto"]),
        .testTarget(name: "PubkyProtocolTests", dependencies: ["PubkyProtocol", "PubkyCrypto"]),
        .testTarget(name: "KeychainTests", dependencies: ["Keychain", "PubkyCrypto"]),
        .testTarget(name: "PaykitContractTests", dependencies: ["PaykitContract", "PubkyCrypto"]),
        .testTarget(name: "ExplorationTests", dependencies: ["Exploration"]),
        .testTarget(name: "DeviceTests", dependencies: ["Device", "Keychain", "Exploration"]),
        .testTarget(name: "BackendTests", dependencies: ["Backend", "PubkyProtocol", "PubkyCrypto"]),
        .testTarget(
            name: "BitkitAppTests",
            dependencies: ["BitkitApp", "Device", "Keychain", "PubkyCrypto", "Backend", "AppSupport"]),
        .testTarget(
            name: "RingAppTests",
            dependencies: ["RingApp", "Device", "Keychain", "PubkyCrypto", "Backend", "AppSupport"]),
        .testTarget(name: "SimCLITests", dependencies: ["SimCLI", "Device"]),
        .testTarget(
            name: "ScenariosTests", dependencies: ["Scenarios", "Device", "Keychain", "PubkyCrypto", "Exploration"]),
        .testTarget(name: "AppSupportTests", dependencies: ["AppSupport"]),
        .testTarget(name: "RunReportTests", dependencies: ["RunReport", "AppSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Device", "Keychain", "PubkyCrypto", "Backend"]),
    ]
)
