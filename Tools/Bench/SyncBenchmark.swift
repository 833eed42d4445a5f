import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import SeededRandom

/// `plumb-bench sync`: the sync figures of issue 4, with fixed seeds.
enum SyncBenchmark {
    static func run(_ arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-sync-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print("sync benchmark (seeds 42, 7, 8)")
        let spec = StoreBenchmark.makeSpec(name: "big", views: 10_000, seed: 42)
        let only = Set(arguments)
        if only.isEmpty || only.contains("merge") { try mergeFigures(spec: spec, folder: folder) }
        if only.isEmpty || only.contains("moves") { try movesFigure(spec: spec, folder: folder) }
        if only.isEmpty || only.contains("history") { try historyFigure(spec: spec, folder: folder) }
    }

    /// 100,000 remote changes merged into a store holding the 10,000-view document; their bundle.
    static func mergeFigures(spec: Spec, folder: URL) throws {
        let local = try Store.create(at: folder.appendingPathComponent("merge-a.sqlite").path)
        try apply(spec, to: local)
        let remote = try Store.create(at: folder.appendingPathComponent("merge-b.sqlite").path)
        _ = try StoreSync.clone(from: local, into: remote)
        var generator = SeededGenerator(seed: 7)
        try edit(remote, spec: spec, versions: 1_000, changesPerVersion: 100, generator: &generator)
        var payloads: [VersionPayload] = []
        let export = try Timing.seconds { payloads = try remote.payloads(after: try local.knowledge()) }
        let changes = payloads.reduce(0) { $0 + $1.changes.count }
        var report = ImportReport()
        let merge = try Timing.seconds { report = try local.importVersions(payloads) }
        print("  merge \(changes) remote changes (\(report.versions) versions) into the 10,000-view store: \(Timing.ms(merge))   target ≤ 1000 ms   (export \(Timing.ms(export)))")
        let bytes = BundleFile(creator: remote.site, knowledge: try remote.knowledge(), documents: [], payloads: payloads).encoded()
        print(String(format: "  bundle of %d changes: %.2f MB (%.1f bytes/change)   target ≤ 3 MB", changes, Double(bytes.count) / 1e6, Double(bytes.count) / Double(changes)))
    }

    /// 20,000 concurrent moves on each of two replicas, merged; the tree read back.
    static func movesFigure(spec: Spec, folder: URL) throws {
        let a = try Store.create(at: folder.appendingPathComponent("moves-a.sqlite").path)
        try apply(spec, to: a)
        let b = try Store.create(at: folder.appendingPathComponent("moves-b.sqlite").path)
        _ = try StoreSync.clone(from: a, into: b)
        let moves = Int(ProcessInfo.processInfo.environment["PLUMB_BENCH_MOVES"] ?? "") ?? 20_000
        try move(a, spec: spec, count: moves, seed: 8)
        try move(b, spec: spec, count: moves, seed: 9)
        var fromB: [VersionPayload] = []
        var report = ImportReport()
        let merge = try Timing.seconds {
            fromB = try b.payloads(after: try a.knowledge())
            report = try a.importVersions(fromB)
        }
        var back: StoreSync.Report?
        let syncBack = try Timing.seconds { back = try StoreSync.sync(local: b, remote: a) }
        var result: Materializer.Result?
        let read = try Timing.seconds {
            result = try Materializer.spec(named: "big", from: try a.state(of: try a.head(of: "big")))
        }
        print("  \(moves) concurrent moves on each of two replicas: the other's moves merged in (export + import): \(Timing.ms(merge))   target ≤ 1000 ms   (\(report.versions) versions, \(report.conflicts) conflicts)")
        print("    then sync back the other way: \(Timing.ms(syncBack)) (\(back!.received.versions) versions); both heads equal: \(try a.head(of: "big").id == b.head(of: "big").id)")
        print("    head read with tree replay: \(Timing.ms(read)); views placed \(result!.spec.count) of \(spec.count), detached \(result!.detached.count); a tree cannot hold a cycle")
    }

    /// Two stores with 1,000,000-change histories that differ by 1,000 changes.
    static func historyFigure(spec: Spec, folder: URL) throws {
        let pathA = folder.appendingPathComponent("history-a.sqlite").path
        let a = try Store.create(at: pathA)
        try apply(spec, to: a)
        var generator = SeededGenerator(seed: 10)
        let existing = Int(try a.knowledge()[a.site])
        try edit(a, spec: spec, versions: (1_000_000 - existing) / 1_000, changesPerVersion: 1_000, generator: &generator)
        try a.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let pathB = folder.appendingPathComponent("history-b.sqlite").path
        try FileManager.default.copyItem(atPath: pathA, toPath: pathB)
        let b = try Store.open(at: pathB)
        _ = try b.reidentify()
        let b2 = try Store.open(at: pathB)
        let total = try a.knowledge()[a.site]
        try edit(a, spec: spec, versions: 5, changesPerVersion: 100, generator: &generator)
        try edit(b2, spec: spec, versions: 5, changesPerVersion: 100, generator: &generator)
        var report: StoreSync.Report?
        let sync = try Timing.seconds { report = try StoreSync.sync(local: a, remote: b2) }
        print("  sync of two stores with \(total)-change histories differing by \(report!.received.changes + report!.sent.changes) changes: \(Timing.ms(sync))   target ≤ 200 ms")
    }

    static func apply(_ spec: Spec, to store: Store) throws {
        let suffix = FractionalIndex.suffix(for: store.site)
        _ = try store.commit(document: spec.name, message: "apply", author: "bench", createIfMissing: true) { head in
            EditPlanner.edits(toMatch: spec, from: try head.resolved().state, orderSuffix: suffix)
        }
    }

    /// `versions` versions of `changesPerVersion` property sets on random views.
    static func edit(_ store: Store, spec: Spec, versions: Int, changesPerVersion: Int, generator: inout SeededGenerator) throws {
        let properties: [Property] = [.width, .height, .minWidth, .marginTop, .marginLeft]
        for round in 0..<versions {
            var edits: [Edit] = []
            var used = Set<PropertyKey>()
            while edits.count < changesPerVersion {
                let view = spec.views[Int(generator.next() % UInt64(spec.count - 1)) + 1].id
                let property = properties[Int(generator.next() % UInt64(properties.count))]
                guard used.insert(PropertyKey(view: view, property: property)).inserted else { continue }
                edits.append(Edit(view: view, property: property, value: String(round % 500 + edits.count % 7)))
            }
            _ = try store.commit(document: spec.name, message: "edit \(round)", author: "bench") { _ in edits }
        }
    }

    /// `count` single-move versions, each valid where it is made (never under itself).
    static func move(_ store: Store, spec: Spec, count: Int, seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var parent = [String: String]()
        for index in 1..<spec.count { parent[spec.views[index].id] = spec.views[spec.parents[index]].id }
        let containers = spec.views.filter { $0.kind.isContainer }.map(\.id)
        let suffix = FractionalIndex.suffix(for: store.site)
        var made = 0
        while made < count {
            let view = spec.views[Int(generator.next() % UInt64(spec.count - 1)) + 1].id
            let target = containers[Int(generator.next() % UInt64(containers.count))]
            var cursor: String? = target
            var cycle = false
            while let id = cursor { if id == view { cycle = true; break }; cursor = parent[id] }
            guard !cycle, parent[view] != target else { continue }
            parent[view] = target
            let order = FractionalIndex.key(between: nil, and: nil, suffix: suffix + String(made, radix: 36))
            _ = try store.commit(document: spec.name, message: "move", author: "bench") { _ in
                [Edit(view: view, property: .parent, value: ValueText.string(target)), Edit(view: view, property: .order, value: ValueText.string(order))]
            }
            made += 1
        }
    }
}
