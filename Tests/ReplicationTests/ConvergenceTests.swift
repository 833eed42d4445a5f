import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import SeededRandom
import Testing

/// cr-sqlite-style convergence: 2–5 stores, random edits of every kind, random partial syncs
/// and bundles (duplicated, reordered), then full sync: every store must hold the same head id,
/// the same `show` output and the same frames. The seed is printed on failure; failing seeds
/// are kept in Fixtures/convergence-seeds.txt and run every time.
@Suite struct ConvergenceTests {
    static let randomSeeds: [UInt64] = Array(1...60)

    static var keptSeeds: [UInt64] {
        guard let url = Bundle.module.url(forResource: "convergence-seeds", withExtension: "txt", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { UInt64($0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)) }
    }

    @Test(arguments: randomSeeds)
    func storesConverge(seed: UInt64) throws {
        var scenario = Scenario(seed: seed)
        try scenario.run()
    }

    @Test(arguments: keptSeeds)
    func keptSeedsStillConverge(seed: UInt64) throws {
        var scenario = Scenario(seed: seed)
        try scenario.run()
    }
}

/// One seeded run.
struct Scenario {
    let seed: UInt64
    var random: SeededGenerator
    let root: URL
    var replicas: [Replica] = []
    var bundles: [String] = []
    var now: UInt64 = 1_800_000_000_000
    static let documents = ["home", "login"]

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed)
        root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-converge-\(seed)-\(UUID().uuidString.prefix(6))")
    }

    mutating func run() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let count = 2 + random.below(4)
        replicas = (0..<count).map { Replica(name: "r\($0)", root: root) }
        // The first store starts the documents; the others clone it, or start empty and sync.
        #expect(replicas[0].plumb(["init", replicas[0].folder.path], now: now) == 0)
        for document in Scenario.documents {
            let file = root.appendingPathComponent("\(document).json").path
            _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec(document).utf8))
            #expect(replicas[0].plumb(["apply", file], now: tick()) == 0, "seed \(seed): \(replicas[0].lastOutput)")
        }
        for replica in replicas.dropFirst() {
            if random.chance(50) {
                #expect(replicas[0].plumb(["clone", replicas[0].folder.path, replica.folder.path], now: tick()) == 0, "seed \(seed)")
            } else {
                #expect(replica.plumb(["init", replica.folder.path], now: tick()) == 0)
            }
        }
        for _ in 0..<(25 + random.below(30)) {
            switch random.below(10) {
            case 0...5: try edit(replicas[random.below(count)])
            case 6, 7: try partialSync()
            default: try bundleStep()
            }
        }
        try fullSync()
        try checkConverged()
    }

    mutating func tick() -> UInt64 {
        now += UInt64(1 + random.below(50))
        return now
    }

    // MARK: Edits of every kind

    mutating func edit(_ replica: Replica) throws {
        let document = Scenario.documents[random.below(Scenario.documents.count)]
        let views = try replica.views(of: document)
        guard !views.isEmpty else { return }
        let containers = views.filter { $0.kind.isContainer }
        let target = views[random.below(views.count)]
        let at = tick()
        switch random.below(9) {
        case 0, 1:
            let property = ["width=\(10 + random.below(200))", "height=\(10 + random.below(80))", "margin.top=\(random.below(20))",
                            "horizontalAlignment=\(["fill", "left", "center", "right"][random.below(4)])",
                            "backgroundColor=#\(String(format: "%06X", random.below(0xFFFFFF)))"][random.below(5)]
            replica.plumb(["set", document, target.id, property], now: at)
        case 2:
            if target.kind.hasText { replica.plumb(["set", document, target.id, "text=T\(random.below(1000))"], now: at) }
        case 3:
            let parent = containers[random.below(containers.count)]
            let kind = ["label", "view", "stack", "button"][random.below(4)]
            var arguments = ["add", document, "\(replica.name)v\(random.below(100_000))", "--parent", parent.id, "--kind", kind]
            if random.chance(50) { arguments += ["--index", String(random.below(3))] }
            if kind == "label" || kind == "button" { arguments.append("text=New") }
            replica.plumb(arguments, now: at)
        case 4:
            if target.id != "root" { replica.plumb(["rm", document, target.id], now: at) }
        case 5, 6:
            // Moves, including ones that cross concurrent moves elsewhere (possible cycles).
            let parent = containers[random.below(containers.count)]
            if target.id != "root" {
                replica.plumb(["mv", document, target.id, "--parent", parent.id, "--index", String(random.below(4))], now: at)
            }
        case 7:
            let versions = try replica.open().log(of: document)
            if versions.count > 1 {
                replica.plumb(["revert", "\(document)@\(versions[random.below(versions.count)].number)"], now: at)
            }
        default:
            // Bring back a view deleted here or elsewhere, with its subtree.
            let store = try replica.open()
            let head = try store.resolved(try store.head(of: document))
            let gone = head.state.views.keys.filter { !head.contains($0) }.sorted()
            if !gone.isEmpty { replica.plumb(["restore", document, gone[random.below(gone.count)]], now: at) }
        }
    }

    // MARK: Transfers

    mutating func partialSync() throws {
        let a = random.below(replicas.count), b = random.below(replicas.count)
        guard a != b else { return }
        let status = replicas[a].plumb(["sync", replicas[b].storePath], now: tick())
        #expect(status == 0, "seed \(seed): sync \(a)→\(b): \(replicas[a].lastOutput)")
    }

    mutating func bundleStep() throws {
        if bundles.isEmpty || random.chance(60) {
            let source = replicas[random.below(replicas.count)]
            let file = root.appendingPathComponent("b\(bundles.count).plumbbundle").path
            var arguments = ["bundle", "create", "-o", file]
            if random.chance(30), let document = try source.open().documentNames().randomElement(using: &random) {
                arguments.insert(document, at: 2)
            }
            if random.chance(40) {
                let peer = replicas[random.below(replicas.count)]
                let state = root.appendingPathComponent("state\(bundles.count).json").path
                #expect(peer.plumb(["state", "-o", state], now: tick()) == 0)
                arguments += ["--since", state]
            }
            #expect(source.plumb(arguments, now: tick()) == 0, "seed \(seed): \(source.lastOutput)")
            bundles.append(file)
        } else {
            // Apply a random earlier bundle: duplicates and out-of-order deliveries on purpose.
            let file = bundles[random.below(bundles.count)]
            let target = replicas[random.below(replicas.count)]
            #expect(target.plumb(["bundle", "apply", file], now: tick()) == 0, "seed \(seed): \(target.lastOutput)")
        }
    }

    mutating func fullSync() throws {
        for _ in 0..<2 {
            for index in replicas.indices {
                let next = replicas[(index + 1) % replicas.count]
                #expect(replicas[index].plumb(["sync", next.storePath], now: tick()) == 0, "seed \(seed): \(replicas[index].lastOutput)")
            }
        }
        // Old bundles applied late change nothing.
        for file in bundles.shuffled(using: &random) {
            #expect(replicas[random.below(replicas.count)].plumb(["bundle", "apply", file], now: tick()) == 0, "seed \(seed)")
        }
    }

    func checkConverged() throws {
        for document in Scenario.documents {
            let expected = try StoreReading.fingerprint(try replicas[0].open(), document)
            for replica in replicas.dropFirst() {
                let got = try StoreReading.fingerprint(try replica.open(), document)
                #expect(got.head == expected.head, "seed \(seed): \(document) head differs on \(replica.name)")
                #expect(got.show == expected.show, "seed \(seed): \(document) show differs on \(replica.name)")
                #expect(got.frames == expected.frames, "seed \(seed): \(document) frames differ on \(replica.name)")
            }
            for replica in replicas {
                let store = try replica.open()
                #expect(try store.integrityCheck() == ["ok"], "seed \(seed)")
                // The head the edit commands read view by view is the one `show` prints.
                let resolved = try store.resolved(try store.head(of: document))
                _ = try store.commit(document: document, message: "-", author: "-") { head -> [Edit] in
                    // Placement first: before the root is known, a walk that reaches a view
                    // without a parent asks only whether a lesser id is a root too.
                    for view in resolved.state.views.keys.sorted() {
                        let (placed, parent, children) = (try head.contains(view), try head.parent(of: view), try head.children(of: view))
                        #expect(placed == resolved.contains(view), "seed \(seed): \(view) placed differently")
                        #expect(parent == resolved.parent(of: view), "seed \(seed): \(view)")
                        #expect(children == resolved.children(of: view), "seed \(seed): children of \(view)")
                    }
                    let root = try head.root()
                    #expect(root == resolved.projection.root, "seed \(seed)")
                    return []
                }
                // `show | apply` makes no version, for every version, merged or not.
                for version in try store.log(of: document) {
                    let resolved = try store.resolved(version)
                    guard let spec = try? Materializer.spec(named: document, projection: resolved.projection).spec else { continue }
                    let edits = EditPlanner.edits(toMatch: spec, from: resolved.state, projection: resolved.projection, orderSuffix: "zzzz")
                    #expect(edits.isEmpty, "seed \(seed): show | apply of \(document)@\(version.number) on \(replica.name) is not a no-op: \(edits.prefix(3))")
                }
            }
        }
    }

    static func startSpec(_ name: String) -> String {
        """
        {"plumb": 1, "name": "\(name)", "root": {"id": "root", "kind": "view", "children": [
          {"id": "title", "kind": "label", "text": "Title", "verticalAlignment": "top"},
          {"id": "body", "kind": "stack", "spacing": 4, "children": [
            {"id": "a", "kind": "label", "text": "A"},
            {"id": "b", "kind": "view", "height": 40, "children": [{"id": "b1", "kind": "button", "text": "B1"}]},
            {"id": "c", "kind": "stack", "orientation": "horizontal"}
          ]},
          {"id": "grid", "kind": "grid", "rows": ["auto", "*"], "columns": [100, "*"], "children": [
            {"id": "g1", "kind": "label", "text": "G", "row": 1, "column": 1}]}
        ]}}
        """
    }
}
