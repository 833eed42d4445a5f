// swift-tools-version:6.0
import Foundation
import PackageDescription

/// What a command prints, or nil when it cannot run or fails.
func commandOutput(_ arguments: [String]) -> String? {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? text : nil
}

/// `-I` flags for the C libraries that `CLazyLibraries` opens on first use, from pkg-config.
/// Their system-library targets name no pkg-config package on purpose: SwiftPM would then link
/// the libraries into every binary, and loading them costs a small command most of its time.
func includeFlags(_ packages: [String]) -> [String] {
    commandOutput(["pkg-config", "--cflags-only-I"] + packages)?.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
}
let lazyIncludes = includeFlags(["freetype2", "harfbuzz", "fontconfig", "libpq", "libmicrohttpd", "librsvg-2.0", "cairo"])
let lazyCSettings: [CSetting] = [.unsafeFlags(lazyIncludes)]
let lazySwiftSettings: [SwiftSetting] = [.unsafeFlags(lazyIncludes.flatMap { ["-Xcc", $0] })]

/// `plumb` links the Swift runtime and FoundationEssentials statically, except under a
/// sanitizer (`PLUMB_SANITIZER=address|thread`, as `.ci/run` sets it): the static libraries are
/// not instrumented, and ThreadSanitizer's allocator trips over memory they free. Nothing in
/// `plumb` imports the whole Foundation (its CoreFoundation and ICU data doubled the binary's
/// relocations and cost every command about 2 ms to start): locks and threads come from
/// `Threading`, accent folding from `CICU`.
///
/// It is linked at a fixed address (`-no-pie`, as Go links its programs): as a position-independent
/// executable the loader patched 38,755 pointers in 123 pages of Swift metadata at every start,
/// a fifth of `plumb --version` (2.5 against 2.0 ms, by turns). The trade: the executable's own
/// image (Plumb's code, the Swift runtime, FoundationEssentials, and the C libraries below, 35 MB)
/// is at the same address in every run, for the studio's server and for bundles and stores from
/// elsewhere too; the shared libraries loaded on first use (librsvg, libxml2, libpq, FreeType,
/// HarfBuzz) and libc still load at random addresses. Swift checks its memory accesses; the
/// executable's own image already held the code a return-oriented attack would borrow, and its
/// heap and stack are still placed at random.
///
/// The linker writes the executable with `write`, not through a mapping of the file
/// (`--no-mmap-output-file`): written through a mapping, the file sat in the page cache in
/// single pages, and every start mapped it page by page, each charged on its own (`plumb show
/// doc@101` in the git comparison 4.50 ms against 4.23 for a `cp` of the same file, by turns;
/// now as quick as the copy). A file read back from disk comes in large pieces either way.
///
/// The C libraries every command needs are linked in too, where their archives are found:
/// - The C++ library the Swift runtime needs (as `-static-libstdc++` would, which the Swift
///   driver's own `-lstdc++` overrides). Loading the shared one and binding its symbols cost
///   every start 1.8 of `plumb log`'s 11.9 million instructions (`--version` 2.4 against 1.9 ms).
/// - The unwinder and the compiler's helpers (`-static-libgcc`): loading the shared
///   `libgcc_s`, which the C++ link names otherwise, mapped, relocated and ran one more library
///   at every start, its processor probe too (`plumb log` 2.71 against 2.52 ms, by turns).
///   Libraries loaded later (librsvg) bring the shared one for their own frames.
/// - SQLite and zstd. Debian builds them to bind every symbol at load (`BIND_NOW`): SQLite's
///   1,510 bindings to itself were a seventh of `plumb log`'s 9.2 million instructions, and the
///   command took 2.8 ms against 2.5 linked in (by turns, copies of both builds).
/// A folder of `Sources/plumb/link` for each holds a linker script named as the shared library
/// (`libstdc++.so`, `libsqlite3.so`, `libzstd.so`) that names the archive, and is searched
/// first where the archive is found; `-lsqlite3` and `-lzstd` reach theirs because `CSQLite`
/// and `CZstd` name no pkg-config package (whose `-L` would come first). Linked in, SQLite and
/// zstd follow the system's updates of them when `plumb` is built again, not before.
let staticC = [("libstdc++.a", "cxx"), ("libsqlite3.a", "sqlite3"), ("libzstd.a", "zstd")].flatMap { archive, folder in
    commandOutput(["clang", "-print-file-name=" + archive])?.hasPrefix("/") == true
        ? ["-L", Context.packageDirectory + "/Sources/plumb/link/" + folder] : []
}
let staticRuntime: [LinkerSetting] = Context.environment["PLUMB_SANITIZER"] == nil
    ? [.unsafeFlags(["-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
                     "-Xclang-linker", "-no-pie", "-Xclang-linker", "-static-libgcc", "-Xlinker", "--no-mmap-output-file"] + staticC)]
    : []

let package = Package(
    name: "Plumb",
    products: [
        .executable(name: "plumb", targets: ["plumb"]),
    ],
    targets: [
        // C headers only: one module map and shim per system library.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZstd", providers: [.apt(["libzstd-dev"])]),
        .systemLibrary(name: "CPostgres", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CFreeType", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        // Trampolines that open libpq, FreeType, HarfBuzz, fontconfig, ICU, libmicrohttpd,
        // librsvg and cairo on first use, so commands that need none of them start fast (the C
        // shims above link nothing).
        .target(name: "CLazyLibraries", dependencies: ["CPostgres", "CFreeType", "CHarfBuzz", "CFontconfig", "CMicroHTTPD"], cSettings: lazyCSettings),
        // ICU line breaking and accent folding in C, plain C types out: ICU's headers clash with
        // Foundation's.
        .target(name: "CICU", dependencies: ["CLazyLibraries"]),
        // SVG to PNG (librsvg) and PDF (cairo) in C, plain C types out: GLib stays out of Swift.
        .target(name: "CRaster", dependencies: ["CLazyLibraries"], cSettings: lazyCSettings),

        // The model: value types, JSON codec, validation, spec ⇄ property map.
        .target(name: "LayoutSpec"),
        // Measure + arrange. Pure: no I/O, never throws.
        .target(name: "LayoutEngine", dependencies: ["LayoutSpec"]),
        // Real fonts: fontconfig matching and fallback, FreeType metrics, HarfBuzz shaping, ICU breaks.
        .target(name: "TextMetrics", dependencies: ["LayoutEngine", "LayoutSpec", "CFreeType", "CHarfBuzz", "CFontconfig", "CICU", "CLazyLibraries"],
                swiftSettings: lazySwiftSettings),
        // Clock, changes, versions, merge rule, tree materialisation. Pure.
        .target(name: "SpecSync", dependencies: ["LayoutSpec"]),
        // SQLite: migrations, changes, versions, as-of reads, tags.
        .target(
            name: "SpecStore",
            dependencies: ["CSQLite", "CZstd", "SpecSync", "LayoutSpec"],
            exclude: ["Migrations/hub"],
            plugins: ["EmbedMigrationsPlugin"]
        ),
        // Moving versions between stores: store to store, bundles, a PostgreSQL hub.
        .target(
            name: "Replication",
            dependencies: ["SpecStore", "SpecSync", "CPostgres", "CLazyLibraries"],
            swiftSettings: lazySwiftSettings,
            plugins: ["EmbedMigrationsPlugin"]
        ),
        // Starting a thread on another core than its creator's, in C (CPU sets are GNU only).
        .target(name: "CThreadStart"),
        // Locks, conditions and threads over POSIX: what the Swift Foundation's `NSLock`,
        // `NSCondition` and `Thread` did, without linking the whole Foundation into `plumb`.
        .target(name: "Threading", dependencies: ["CThreadStart"]),
        // Pictures of frames: SVG screens, picture diffs, device sheets, named devices, frames
        // as JSON; PNG and PDF through the rasteriser.
        .target(name: "Pictures", dependencies: ["LayoutEngine", "LayoutSpec", "SpecSync", "CRaster", "Threading"]),
        // Designs in and out: Figma import, HTML/CSS export.
        .target(name: "Interop", dependencies: ["LayoutSpec", "LayoutEngine", "CICU"]),
        // The local web studio: HTTP (libmicrohttpd), pages, live events from the store.
        .target(name: "Studio", dependencies: ["CMicroHTTPD", "CLazyLibraries", "Pictures", "SpecStore", "SpecSync", "LayoutEngine", "LayoutSpec", "Threading"],
                swiftSettings: lazySwiftSettings),
        // Commands, argument parsing, output formats.
        .target(name: "PlumbCLI", dependencies: ["LayoutSpec", "LayoutEngine", "TextMetrics", "SpecSync", "SpecStore", "Replication", "Pictures", "Interop", "Studio", "Threading"]),
        // The Swift runtime and FoundationEssentials linked in (they cost ~6 ms to load as shared
        // libraries), and only the shared libraries the start needs: the pkg-config libraries
        // of the C shims are reached through CLazyLibraries' trampolines, so the linker drops
        // them (`--as-needed`).
        .executableTarget(name: "plumb", dependencies: ["PlumbCLI"], exclude: ["link"], linkerSettings: staticRuntime),

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
            dependencies: ["LayoutSpec", "LayoutEngine", "TextMetrics", "SpecSync", "SpecStore", "Replication", "PlumbCLI", "SeededRandom", "Interop",
                           "BrowserCheck", "MergeSimulation", "RawHTTP"],
            path: "Tools/Bench",
            swiftSettings: lazySwiftSettings
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

        .testTarget(name: "LayoutSpecTests", dependencies: ["SeededRandom", "LayoutSpec"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "LayoutSpec"], resources: [.copy("Goldens")]),
        .testTarget(name: "TextMetricsTests", dependencies: ["TextMetrics", "LayoutEngine", "LayoutSpec", "CFreeType"], swiftSettings: lazySwiftSettings),
        .testTarget(name: "SpecSyncTests", dependencies: ["SeededRandom", "SpecSync", "LayoutSpec", "MergeSimulation"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SpecStoreTests", dependencies: ["SpecStore", "SpecSync", "LayoutSpec"]),
        .testTarget(
            name: "ReplicationTests", dependencies: ["SeededRandom", "Replication", "SpecStore", "SpecSync", "LayoutSpec", "LayoutEngine", "PlumbCLI"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "InteropTests", dependencies: ["Interop", "LayoutSpec", "LayoutEngine", "TextMetrics", "BrowserCheck"]),
        .testTarget(name: "StudioTests", dependencies: ["RawHTTP", "Studio", "PlumbCLI", "SpecStore", "SpecSync", "LayoutSpec", "LayoutEngine", "Pictures"]),
        .testTarget(name: "PlumbCLITests", dependencies: ["PlumbCLI", "SpecStore", "SpecSync", "LayoutSpec", "LayoutEngine", "TextMetrics", "Pictures", "Threading", "CThreadStart"]),
    ]
)

/// Every Swift target reaches the type metadata of its concrete types by calling their accessors,
/// not by their mangled names: by name, the runtime demangled each generic type the first time
/// it was used and, to check its requirements, searched its 3,530 conformance records once per
/// key type (`String`, `Int64`, `SiteID`, … for a dictionary): a tenth of `plumb log`'s time,
/// which now takes 2.33 ms against 2.50 (by turns). The cost: 80 KB more code.
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]
}
