// swift-tools-version:6.1
import PackageDescription

// Dependencies, each at a version installed under /opt/swift-packages.
let argumentParser = Package.Dependency.package(
    url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
let grdb = Package.Dependency.package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0")
let nio = Package.Dependency.package(url: "https://github.com/apple/swift-nio", exact: "2.101.3")
let nioSSL = Package.Dependency.package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6")
let collections = Package.Dependency.package(
    url: "https://github.com/apple/swift-collections", exact: "1.6.0")
// swift-system: file descriptors whose reads and writes retry on EINTR and write whole buffers.
let system = Package.Dependency.package(url: "https://github.com/apple/swift-system", exact: "1.8.1")
let systemPackage = Target.Dependency.product(name: "SystemPackage", package: "swift-system")
let propertyBased = Package.Dependency.package(
    url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1")

// A release build puts each function in a section of its own, so the link can order them
// (`hot-functions.txt`): in one section per file, the functions that run at start were spread
// over the whole binary with what never runs, and the kernel maps code 64 KB around each.
let swift6: [SwiftSetting] = [
    .swiftLanguageMode(.v6), .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
]

// A release executable links the Swift runtime and Foundation in, not loaded and bound at start,
// at a fixed load address, so the loader has no relocations to apply to it. Copied alone, it
// also runs where no Swift is installed.
let staticRelease: [String] = [
    "-static-stdlib", "-Xclang-linker", "-no-pie", "-lCoreFoundation", "-l_FoundationICU",
    "-l_FoundationCShims", "-l_FoundationCollections", "-lFoundationEssentials",
    "-Xlinker", "--no-export-dynamic", "-use-ld=lld",
]

let package = Package(
    name: "Earshot",
    products: [
        .executable(name: "earshot", targets: ["earshot"]),
        .executable(name: "earshot-bench", targets: ["EarshotBench"]),
        .executable(name: "earshot-floor", targets: ["EarshotFloor"]),
        .library(name: "AccessibilityTesting", targets: ["AccessibilityTesting"]),
    ],
    dependencies: [argumentParser, grdb, nio, nioSSL, collections, system, propertyBased],
    targets: [
        // C edges: module maps and shims only.
        .systemLibrary(
            name: "CEspeakNG", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(
            name: "CPCAudio",
            providers: [.apt(["libpcaudio-dev"])]),
        .systemLibrary(
            name: "CPulseSimple", pkgConfig: "libpulse-simple",
            providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CBrlAPI", providers: [.apt(["libbrlapi-dev"])]),
        .systemLibrary(name: "CSpeechd", providers: [.apt(["libspeechd-dev"])]),
        .systemLibrary(name: "CLouis", pkgConfig: "liblouis", providers: [.apt(["liblouis-dev"])]),

        // Parts.
        // Vocabularies: the value types the pure core shares with the parts that perform (no I/O).
        .target(name: "SpeechVocabulary", swiftSettings: swift6),
        .target(name: "BrailleVocabulary", swiftSettings: swift6),
        .target(
            name: "Speech",
            dependencies: [
                "SpeechVocabulary", "CEspeakNG", "CPCAudio", "CPulseSimple", "CSpeechd", systemPackage,
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: swift6),
        .target(name: "UnicodeData", swiftSettings: swift6),
        .target(name: "Braille", dependencies: ["BrailleVocabulary", "CBrlAPI", "CLouis"], swiftSettings: swift6),
        .target(name: "Accessibility", dependencies: ["SpeechVocabulary", "UnicodeData"], swiftSettings: swift6),
        .target(name: "Typography", swiftSettings: swift6),
        // The TOML reader and editor (comments and layout kept), pure: a fuzz harness builds it alone.
        .target(name: "TOML", swiftSettings: swift6),
        .target(
            name: "Settings", dependencies: ["TOML", "Typography", "SpeechVocabulary"], swiftSettings: swift6),
        .target(name: "Presentation", dependencies: ["Accessibility"], swiftSettings: swift6),
        // The IRC protocol, pure: no I/O, no store (the fuzz harnesses build from it alone).
        .target(name: "IRC", swiftSettings: swift6),
        // The chat model: messages, channels, networks, the client's events and reasons.
        .target(name: "ChatModel", dependencies: ["IRC"], swiftSettings: swift6),
        .target(
            name: "Chat",
            dependencies: [
                "IRC", "ChatModel",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swift6),
        .target(name: "Terminal", dependencies: ["Typography", systemPackage], swiftSettings: swift6),

        // The client. Its core (events in, effects out), the screens and the phrase book are pure:
        // ClientCore's closure has no SwiftNIO, GRDB, libespeak-ng, libpulse, BrlAPI or liblouis,
        // and the compiler holds it to that. App is the runtime that performs the effects.
        .target(
            name: "ClientCore",
            dependencies: [
                "SpeechVocabulary", "BrailleVocabulary", "ChatModel", "Accessibility", "UnicodeData", "Typography",
                "Settings", "Presentation", "Terminal",
            ],
            swiftSettings: swift6),
        .target(
            name: "App",
            dependencies: [
                "ClientCore", systemPackage, "Speech", "SpeechVocabulary", "Accessibility", "UnicodeData", "Typography",
                "Settings", "Presentation", "Chat", "Terminal", "Braille",
            ],
            swiftSettings: swift6),
        .executableTarget(
            name: "earshot",
            dependencies: [
                "App", "Speech", "Settings", "Braille", "Terminal", systemPackage,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["hot-functions.txt"],
            swiftSettings: swift6,
            // A release `earshot` starts in about half the time (`earshot say` is heard sooner),
            // linked as `staticRelease` says.
            // Linked by lld with the functions that run at start, at idle and in a burst first and
            // together (hot-functions.txt, made by Tests/Layout/hot-functions.sh): the kernel maps
            // code 64 KB at a time around each page touched. What runs at the end (idle, keys, a
            // burst) comes first, then what runs from the first screen to joining, then each step of
            // start-up's own, so a step brings back few of the pages the one before gave back; make
            // the list again after large changes (a stale one still links). Ordering reaches
            // Earshot's own functions only since they have sections of their own (`swift6` above);
            // the list leaves out those in large shared sections. Peers bench, 2026-11-30: idle
            // 24.21 → 14.12 MB with the give-back, the list made again and emoji read on demand;
            // peak 23.9 → 21.3 with the give-back between start's steps and the list by step.
            // Only libespeak-ng's audio device request is answered from here (EspeakAudioDevice.swift).
            linkerSettings: [
                .unsafeFlags(
                    staticRelease + [
                        "-Xlinker",
                        "--symbol-ordering-file=\(Context.packageDirectory)/Sources/earshot/hot-functions.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ], .when(configuration: .release)),
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=create_audio_device_object"]),
            ]),
        .target(
            name: "AccessibilityTesting", dependencies: ["Accessibility", "SpeechVocabulary"], swiftSettings: swift6),
        // The real parts tests and benchmarks start and stop on 127.0.0.1: the IRC servers
        // (InspIRCd with Anope, ngircd, ircd-hybrid, ZNC, Ergo), PulseAudio, BRLTTY, tmux, and
        // the one `ChildProcess` that spawns them. Named for what it holds (it was ChatTesting).
        .target(name: "RealParts", swiftSettings: swift6),
        // The parts the mission fixes (Swift, SQLite, libespeak-ng in-process), linked as
        // `earshot` is, and nothing of Earshot, not even Foundation: the peers suite's floor.
        .executableTarget(
            name: "EarshotFloor",
            dependencies: ["CEspeakNG", .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: swift6,
            linkerSettings: [.unsafeFlags(staticRelease, .when(configuration: .release))]),
        .executableTarget(
            name: "EarshotBench",
            dependencies: [
                "App", "Speech", "Accessibility", "Typography", "Settings", "Presentation", "Chat",
                "RealParts", "Terminal", "Braille", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swift6),

        // Tests. `TestThreads` (Tests/Threads) is their shared trait for suites that block a thread.
        .target(name: "TestThreads", path: "Tests/Threads", swiftSettings: swift6),
        .testTarget(
            name: "SpeechVocabularyTests",
            dependencies: [
                "SpeechVocabulary", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swift6),
        .testTarget(
            name: "SpeechTests", dependencies: ["Speech", "RealParts", "TestThreads"], swiftSettings: swift6),
        .testTarget(name: "BrailleTests", dependencies: ["Braille"], swiftSettings: swift6),
        .testTarget(name: "UnicodeDataTests", dependencies: ["UnicodeData"], swiftSettings: swift6),
        .testTarget(
            name: "AccessibilityTests",
            dependencies: [
                "Accessibility", "AccessibilityTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swift6),
        .testTarget(name: "TypographyTests", dependencies: ["Typography"], swiftSettings: swift6),
        .testTarget(
            name: "SettingsTests", dependencies: ["Settings", "SpeechVocabulary", "RealParts", "TestThreads"],
            exclude: ["Fixtures"], swiftSettings: swift6),
        .testTarget(
            name: "PresentationTests",
            dependencies: [
                "Presentation", "Accessibility",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swift6),
        .testTarget(
            name: "IRCTests",
            dependencies: ["IRC", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swift6),
        .testTarget(
            name: "ChatTests",
            dependencies: [
                "Chat", "RealParts", "TestThreads", .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swift6),
        .testTarget(
            name: "TerminalTests",
            dependencies: [
                "Terminal", "TestThreads", "RealParts",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swift6),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "ClientCore", "AccessibilityTesting", "RealParts", "TestThreads",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures"], swiftSettings: swift6),
    ]
)
