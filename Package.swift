// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Plumb",
    products: [
        .executable(name: "plumb", targets: ["plumb"]),
    ],
    targets: [
        // C headers only: one module map and shim per system library.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // ICU line breaking in C, plain C types out: ICU's headers clash with Foundation's.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),

        // The model: value types, JSON codec, validation, spec ⇄ property map.
        .target(name: "LayoutSpec"),
        // Measure + arrange. Pure: no I/O, never throws.
        .target(name: "LayoutEngine", dependencies: ["LayoutSpec"]),
        // Real fonts: fontconfig matching and fallback, FreeType metrics, HarfBuzz shaping, ICU breaks.
        .target(name: "TextMetrics", dependencies: ["LayoutEngine", "LayoutSpec", "CFreeType", "CHarfBuzz", "CFontconfig", "CICU"]),
        // Clock, changes, versions, merge rule, tree materialisation. Pure.
        .target(name: "SpecSync", dependencies: ["LayoutSpec"]),
        // SQLite: migrations, changes, versions, as-of reads, tags.
        .target(
            name: "SpecStore",
            dependencies: ["CSQLite", "SpecSync", "LayoutSpec"],
            exclude: ["Migrations/hub"],
            plugins: ["EmbedMigrationsPlugin"]
        ),
        // Moving versions between stores: store to store, bundles, a PostgreSQL hub.
        .target(
            name: "Replication",
            dependencies: ["SpecStore", "SpecSync", "CPostgres"],
            plugins: ["EmbedMigrationsPlugin"]
        ),
        // Pictures of frames: SVG screens, named devices, frames as JSON.
        .target(name: "Pictures", dependencies: ["LayoutEngine", "LayoutSpec"]),
        // Designs in and out: Figma import, HTML/CSS export.
        .target(name: "Interop", dependencies: ["LayoutSpec", "LayoutEngine"]),
        // Commands, argument parsing, output formats.
        .target(name: "PlumbCLI", dependencies: ["LayoutSpec", "LayoutEngine", "TextMetrics", "SpecSync", "SpecStore", "Replication", "Pictures", "Interop"]),
        .executableTarget(name: "plumb", dependencies: ["PlumbCLI"]),

        // Build tooling: migrations carried inside the binary.
        .executableTarget(name: "EmbedMigrations", path: "Tools/EmbedMigrations"),
        .plugin(name: "EmbedMigrationsPlugin", capability: .buildTool(), dependencies: ["EmbedMigrations"]),

        // A seeded generator shared by tests and benchmarks.
        .target(name: "SeededRandom", path: "Tools/SeededRandom"),
        // Headless Chromium as a second layout engine, for tests and benchmarks.
        .target(name: "BrowserCheck", dependencies: ["Interop", "LayoutEngine", "LayoutSpec"], path: "Tools/BrowserCheck"),
        // Benchmarks, run on purpose: `swift run -c release plumb-bench`.
        .executableTarget(
            name: "plumb-bench",
            dependencies: ["LayoutSpec", "LayoutEngine", "TextMetrics", "SpecSync", "SpecStore", "Replication", "PlumbCLI", "SeededRandom", "Interop", "BrowserCheck"],
            path: "Tools/Bench"
        ),

        .testTarget(name: "LayoutSpecTests", dependencies: ["SeededRandom", "LayoutSpec"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "LayoutSpec"], resources: [.copy("Goldens")]),
        .testTarget(name: "TextMetricsTests", dependencies: ["TextMetrics", "LayoutEngine", "LayoutSpec", "CFreeType"]),
        .testTarget(name: "SpecSyncTests", dependencies: ["SeededRandom", "SpecSync", "LayoutSpec"]),
        .testTarget(name: "SpecStoreTests", dependencies: ["SpecStore", "SpecSync", "LayoutSpec"]),
        .testTarget(
            name: "ReplicationTests", dependencies: ["SeededRandom", "Replication", "SpecStore", "SpecSync", "LayoutSpec", "LayoutEngine", "PlumbCLI"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "InteropTests", dependencies: ["Interop", "LayoutSpec", "LayoutEngine", "TextMetrics", "BrowserCheck"]),
        .testTarget(name: "PlumbCLITests", dependencies: ["PlumbCLI", "SpecStore", "SpecSync", "LayoutSpec", "LayoutEngine", "TextMetrics"]),
    ]
)
