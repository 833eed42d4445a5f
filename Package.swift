// swift-tools-version:6.0
import PackageDescription

// Declarative on purpose: no programs run while this file is read, and no compiler or linker
// flags beyond the documented settings. Every C library is linked normally (pkg-config names
// it), so `ldd plumb` and packagers see each dependency. Release tuning (a static Swift
// runtime) is `Tools/release.sh`, with SwiftPM's own `--static-swift-stdlib`.

let package = Package(
    name: "Plumb",
    products: [
        .executable(name: "plumb", targets: ["plumb"]),
        .executable(name: "plumb-raster", targets: ["plumb-raster"]),
        .executable(name: "plumb-hub", targets: ["plumb-hub"]),
        .executable(name: "plumb-studio", targets: ["plumb-studio"]),
    ],
    targets: [
        // C headers only: one module map and shim per system library, linked through pkg-config.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // The C library's own malloc.h (malloc_trim), which Swift's Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev", "libcairo2-dev"])]),
        // ICU line breaking and accent folding in C, plain C types out: ICU's headers clash with
        // Foundation's.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // SVG to PNG (librsvg) and PDF (cairo) in C, plain C types out: GLib stays out of Swift.
        .target(name: "CRaster", dependencies: ["CRsvg"], linkerSettings: [.linkedLibrary("png16")]),

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
            dependencies: ["CSQLite", "CZstd", "SpecSync", "LayoutSpec"],
            exclude: ["Migrations/hub"],
            plugins: ["EmbedMigrationsPlugin"]
        ),
        // Moving versions between stores: store to store, bundles, and what the commands need
        // of a hub (its reports, its rows, `HubAccess`) without libpq.
        .target(name: "Replication", dependencies: ["SpecStore", "SpecSync"]),
        // The PostgreSQL hub (libpq), kept out of `plumb` so that every command does not load
        // libpq and what it brings at start-up (issue 35).
        .target(
            name: "PostgresHub",
            dependencies: ["Replication", "SpecStore", "SpecSync", "LayoutSpec", "CPostgres"],
            plugins: ["EmbedMigrationsPlugin"]
        ),
        // `plumb` with the hub: run by `plumb` for push, pull, sync with a hub and `hub`.
        .executableTarget(name: "plumb-hub", dependencies: ["PlumbCLI", "PostgresHub"]),
        // Locks, conditions and threads over POSIX: what the Swift Foundation's `NSLock`,
        // `NSCondition` and `Thread` did, without linking the whole Foundation into `plumb`.
        .target(name: "Threading"),
        // Pictures of frames: SVG screens, picture diffs, device sheets, named devices, frames
        // as JSON. No rasteriser: PNG and PDF are `plumb-raster`'s.
        .target(name: "Pictures", dependencies: ["LayoutEngine", "LayoutSpec", "SpecSync"]),
        // SVG to PNG and PDF (librsvg, cairo), kept out of `plumb` so that every command does not
        // load librsvg, cairo and pango at start-up (issue 35).
        .target(name: "Raster", dependencies: ["CRaster", "Threading"]),
        // The rasteriser as a program `plumb` runs beside itself, as git runs git-remote-https.
        .executableTarget(name: "plumb-raster", dependencies: ["Raster"]),
        // Designs in and out: Figma import, HTML/CSS export.
        .target(name: "Interop", dependencies: ["LayoutSpec", "LayoutEngine", "CICU"]),
        // The local web studio: HTTP (libmicrohttpd), pages, live events from the store; kept out
        // of `plumb` so that every command does not load libmicrohttpd and GnuTLS (issue 35).
        .target(name: "Studio", dependencies: ["CMicroHTTPD", "Pictures", "SpecStore", "SpecSync", "LayoutEngine", "LayoutSpec", "Threading"]),
        // `plumb` with the studio: run by `plumb` for `serve`.
        .executableTarget(name: "plumb-studio", dependencies: ["PlumbCLI", "Studio"]),
        // Commands, argument parsing, output formats.
        .target(name: "PlumbCLI", dependencies: ["LayoutSpec", "LayoutEngine", "TextMetrics", "SpecSync", "SpecStore", "Replication", "Pictures", "Interop", "Threading", "CMalloc"]),
        .executableTarget(name: "plumb", dependencies: ["PlumbCLI"]),

        // Build tooling: migrations carried inside the binary.
        .executableTarget(name: "EmbedMigrations", path: "Tools/EmbedMigrations"),
        .plugin(name: "EmbedMigrationsPlugin", capability: .buildTool(), dependencies: ["EmbedMigrations"]),

        // A seeded generator shared by tests and benchmarks.
        .target(name: "SeededRandom", path: "Tools/SeededRandom"),
        // A plain-socket HTTP client for the studio's tests and benchmark.
        .target(name: "RawHTTP", path: "Tools/RawHTTP"),
        // The merge core without SQLite: in-memory replicas and the seeded convergence run.
        .target(name: "MergeSimulation", dependencies: ["SpecSync", "LayoutSpec", "SeededRandom"], path: "Tools/MergeSimulation"),
        // Headless Chromium as a second layout engine, for tests and benchmarks.
        .target(name: "BrowserCheck", dependencies: ["Interop", "LayoutEngine", "LayoutSpec"], path: "Tools/BrowserCheck"),
        // Benchmarks, run on purpose: `swift run -c release plumb-bench`.
        .executableTarget(
            name: "plumb-bench",
            dependencies: ["LayoutSpec", "LayoutEngine", "TextMetrics", "SpecSync", "SpecStore", "Replication", "PostgresHub", "PlumbCLI", "SeededRandom", "Interop",
                           "BrowserCheck", "MergeSimulation", "RawHTTP"],
            path: "Tools/Bench"
        ),

        // Fuzz targets (Tools/Fuzz, docs/fuzzing.md): libFuzzer entry points, run by Tools/fuzz.sh;
        // built plainly they replay files (a corpus, the saved crashes).
        .target(name: "FuzzSupport", path: "Tools/Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport", "LayoutSpec"], path: "Tools/Fuzz/FuzzJSON"),
        .executableTarget(name: "fuzz-spec", dependencies: ["FuzzSupport", "LayoutSpec"], path: "Tools/Fuzz/FuzzSpec"),
        .executableTarget(name: "fuzz-bundle", dependencies: ["FuzzSupport", "Replication", "SpecSync"], path: "Tools/Fuzz/FuzzBundle"),
        .executableTarget(name: "fuzz-set-value", dependencies: ["FuzzSupport", "LayoutSpec", "SpecSync"], path: "Tools/Fuzz/FuzzSetValue"),
        .executableTarget(name: "fuzz-layout", dependencies: ["FuzzSupport", "LayoutEngine", "LayoutSpec"], path: "Tools/Fuzz/FuzzLayout"),
        .executableTarget(name: "fuzz-hub-rows", dependencies: ["FuzzSupport", "Replication", "SpecSync", "LayoutSpec"], path: "Tools/Fuzz/FuzzHubRows"),
        .executableTarget(name: "fuzz-store-blobs", dependencies: ["FuzzSupport", "SpecStore", "SpecSync", "LayoutSpec"], path: "Tools/Fuzz/FuzzStoreBlobs"),

        .testTarget(name: "LayoutSpecTests", dependencies: ["SeededRandom", "LayoutSpec"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "LayoutSpec"], resources: [.copy("Goldens")]),
        .testTarget(name: "TextMetricsTests", dependencies: ["TextMetrics", "LayoutEngine", "LayoutSpec", "CFreeType"]),
        .testTarget(name: "SpecSyncTests", dependencies: ["SeededRandom", "SpecSync", "LayoutSpec", "MergeSimulation"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SpecStoreTests", dependencies: ["SpecStore", "SpecSync", "LayoutSpec"]),
        .testTarget(
            name: "ReplicationTests", dependencies: ["SeededRandom", "Replication", "PostgresHub", "SpecStore", "SpecSync", "LayoutSpec", "LayoutEngine", "PlumbCLI"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "InteropTests", dependencies: ["Interop", "LayoutSpec", "LayoutEngine", "TextMetrics", "BrowserCheck"]),
        .testTarget(name: "StudioTests", dependencies: ["RawHTTP", "Studio", "PlumbCLI", "SpecStore", "SpecSync", "LayoutSpec", "LayoutEngine", "Pictures", "TextMetrics"]),
        .testTarget(name: "PlumbCLITests", dependencies: ["PlumbCLI", "SpecStore", "SpecSync", "LayoutSpec", "LayoutEngine", "TextMetrics", "Pictures", "Raster"]),
        .testTarget(name: "ThreadingTests", dependencies: ["Threading"]),
    ]
)
