import Foundation
import LayoutSpec
import SpecStore
import SpecSync
import SeededRandom

/// `plumb-bench store [--plumb PATH]`: the store figures of issue 2, with fixed seeds.
enum StoreBenchmark {
    static func run(_ arguments: [String]) throws {
        let plumbBinary = value(of: "--plumb", in: arguments) ?? defaultPlumbBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        print("store benchmark (seed 42)")
        let big = makeSpec(name: "big", views: 10_000, seed: 42)
        let bigPath = folder.appendingPathComponent("big.json").path
        try SpecCodec.encodeText(big, shape: .flat).write(toFile: bigPath, atomically: true, encoding: .utf8)
        let properties = big.views.reduce(0) { $0 + $1.setProperties.count + 3 }
        print("  spec: \(big.count) views, \(properties) properties")

        let storePath = folder.appendingPathComponent("bench.sqlite").path
        let store = try Store.create(at: storePath)
        let suffix = FractionalIndex.suffix(for: store.site)
        let applyNew = try Timing.seconds {
            let spec = try SpecCodec.decode(Array(FileManager.default.contents(atPath: bigPath)!), file: bigPath)
            _ = try store.commit(document: "big", message: "apply", author: "bench", createIfMissing: true) { head in
                EditPlanner.edits(toMatch: spec, from: try head.resolved().state, orderSuffix: suffix)
            }
        }
        print("  apply of a new 10,000-view spec (parse + plan + write): \(Timing.ms(applyNew))   target ≤ 2000 ms")

        var changed = big
        changed.update(5_000) { $0.width = 123.5 }
        let reapply = try Timing.seconds {
            _ = try store.commit(document: "big", message: "reapply", author: "bench") { head in
                EditPlanner.edits(toMatch: changed, from: try head.resolved().state, orderSuffix: suffix)
            }
        }
        print("  re-apply with one property changed (plan + write):     \(Timing.ms(reapply))   target ≤ 300 ms")

        let setProcess = try Timing.median(runs: 7) {
            try runProcess(plumbBinary, ["--store", storePath, "set", "big", big.views[77].id, "width=\(Int.random(in: 1...500))"])
        }
        print("  plumb set on the 10,000-view document, as a process:   \(Timing.ms(setProcess))   target ≤ 60 ms")

        let versions = 5_000
        var generator = SeededGenerator(seed: 7)
        var slowest = 0.0
        let inProcess = try Timing.seconds {
            for round in 0..<versions {
                let view = big.views[Int(generator.next() % UInt64(big.count - 1)) + 1].id
                slowest = max(slowest, try Timing.seconds {
                    _ = try store.commit(document: "big", message: "set \(round)", author: "bench") { _ in
                        [Edit(view: view, property: .minHeight, value: String(round))]
                    }
                })
            }
        }
        print("  single-property versions in-process:                    \(Int(Double(versions) / inProcess)) per second   target ≥ 5000")
        print("  the slowest of them:                                    \(Timing.ms(slowest))")

        let headRead = try Timing.median(runs: 5) { _ = try readSpec(store, "big", "head") }
        try ReadBreakdown.run(store, "big")
        print("  head read of the 10,000-view document (\(versions + 9) versions): \(Timing.ms(headRead))   target ≤ 300 ms")

        try historyFigures(store: store, suffix: suffix)
        print(String(format: "  peak memory: %.0f MB", Timing.peakMemoryMB()))
    }

    /// A 2,000-view document with 10,000 versions: reading versions 1, 5,000 and head.
    static func historyFigures(store: Store, suffix: String) throws {
        let spec = makeSpec(name: "history", views: 2_000, seed: 43)
        _ = try store.commit(document: "history", message: "v1", author: "bench", createIfMissing: true) { head in
            EditPlanner.edits(toMatch: spec, from: try head.resolved().state, orderSuffix: suffix)
        }
        var generator = SeededGenerator(seed: 11)
        let properties: [Property] = [.width, .height, .minWidth, .marginTop, .backgroundColor]
        for round in 1..<10_000 {
            let view = spec.views[Int(generator.next() % UInt64(spec.count - 1)) + 1].id
            let property = properties[Int(generator.next() % UInt64(properties.count))]
            let value = property == .backgroundColor ? ValueText.string(String(format: "#%06X", round)) : String(round % 400)
            _ = try store.commit(document: "history", message: "edit \(round)", author: "bench") { _ in
                [Edit(view: view, property: property, value: value)]
            }
        }
        var times: [String: Double] = [:]
        for revision in ["1", "5000", "head"] {
            times[revision] = try Timing.median(runs: 7) { _ = try readSpec(store, "history", revision) }
            print("  show history@\(revision) (2,000 views, 10,000 versions), in-process: \(Timing.ms(times[revision]!))   target ≤ 40 ms")
        }
        let slowest = times.values.max()!
        print(String(format: "  slowest / head: %.2f×   target ≤ 2×", slowest / times["head"]!))
    }

    /// `plumb show` in-process: the state, the tree, the spec text.
    static func readSpec(_ store: Store, _ document: String, _ revision: String) throws -> String {
        let version = try store.version(of: document, revision: revision)
        let result = try Materializer.spec(named: document, from: try store.state(of: version))
        return SpecCodec.encodeText(result.spec)
    }

    /// A spec of `views` views: nested stacks, views and labels with about 15 properties each.
    static func makeSpec(name: String, views count: Int, seed: UInt64) -> Spec {
        var generator = SeededGenerator(seed: seed)
        func random(_ range: Int) -> Int { Int(generator.next() % UInt64(range)) }
        var views = [View(id: "root", kind: .view)]
        var parents = [-1]
        var containers = [0]
        var depth = [0]
        // Build parents first (each new view under a random earlier container), then order.
        var childrenOf: [[Int]] = [[]]
        var all: [View] = [views[0]]
        for index in 1..<count {
            let parent = containers[random(containers.count)]
            let kind: ViewKind = depth[parent] < 8 && random(4) == 0 ? (random(2) == 0 ? .stack : .view) : .label
            var view = View(id: "v\(index)", kind: kind)
            view.width = Double(20 + random(200))
            view.height = Double(10 + random(60))
            view.minWidth = Double(random(20))
            view.margin = Edges(top: Double(random(8)), left: Double(random(8)), bottom: Double(random(8)), right: Double(random(8)))
            view.horizontalAlignment = HorizontalAlignment.allCases[random(4)]
            view.verticalAlignment = VerticalAlignment.allCases[random(4)]
            view.backgroundColor = String(format: "#%06X", random(0xFFFFFF))
            if kind == .label {
                view.text = "Label \(index)"
                view.fontSize = Double(12 + random(12))
            } else {
                view.padding = Edges(all: Double(random(6)))
                if kind == .stack { view.orientation = random(2) == 0 ? .vertical : .horizontal; view.spacing = Double(random(10)) }
                containers.append(index)
            }
            all.append(view)
            depth.append(depth[parent] + 1)
            childrenOf.append([])
            childrenOf[parent].append(index)
        }
        views = []
        parents = []
        var newIndex = [Int](repeating: -1, count: count)
        var stack = [(0, -1)]
        while let (old, parent) = stack.popLast() {
            newIndex[old] = views.count
            views.append(all[old])
            parents.append(parent)
            for child in childrenOf[old].reversed() { stack.append((child, newIndex[old])) }
        }
        return Spec(name: name, views: views, parents: parents)
    }

    static func runProcess(_ path: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("\(path) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
    }

    static func defaultPlumbBinary() -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("plumb").path
    }

    static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Where a head read's time goes: state, tree, spec JSON, text.
enum ReadBreakdown {
    static func run(_ store: Store, _ document: String) throws {
        let version = try store.version(of: document, revision: "head")
        var state = DocumentState()
        let t1 = try Timing.seconds { state = try store.state(of: version) }
        var result: Materializer.Result?
        let t2 = try Timing.seconds { result = try Materializer.spec(named: document, from: state) }
        var json = JSONValue.null
        let t3 = Timing.seconds { json = SpecCodec.encode(result!.spec) }
        let t4 = Timing.seconds { _ = JSONWriter.pretty(json) }
        print("    breakdown: state \(Timing.ms(t1)), materialize \(Timing.ms(t2)), encode \(Timing.ms(t3)), write \(Timing.ms(t4))")
    }
}

