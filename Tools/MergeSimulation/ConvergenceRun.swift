import LayoutSpec
import SeededRandom
import SpecSync

/// One seeded run of the pure merge core: 3–5 in-memory replicas, random edits of every kind
/// (sets, adds, deletes of whole subtrees, adds and moves into views deleted elsewhere,
/// cycle-forming moves, reverts, restores), random deliveries (partial, reordered, duplicated),
/// then a full exchange; then the checks: equal heads, equal `show`, `show | apply` a no-op for
/// every version, and every lost change listed as a conflict on every replica.
public struct ConvergenceRun {
    public let seed: UInt64
    public let operations: Int
    var random: SeededGenerator
    var now: UInt64 = 1_800_000_000_000
    var replicas: [MemoryReplica] = []
    var counter = 0
    static let document = "doc"

    public init(seed: UInt64, operations: Int = 50) {
        self.seed = seed
        self.operations = operations
        random = SeededGenerator(seed: seed)
    }

    /// Runs and checks; returns what failed (empty when everything held).
    public mutating func run() throws -> [String] {
        let count = 3 + random.below(3)
        replicas = (0..<count).map { MemoryReplica(site: SiteID(high: seed &* 31 &+ UInt64($0) &+ 1, low: UInt64($0) &* 0x9E37 &+ seed)) }
        let start = try SpecCodec.decode(Array(Self.startSpec.utf8), file: "start.json")
        try replicas[0].commit(document: Self.document, now: tick()) { head in
            EditPlanner.edits(toMatch: start, from: head.state, orderSuffix: FractionalIndex.suffix(for: self.replicas[0].localSite))
        }
        for replica in replicas.dropFirst() { try replica.receive(replicas[0].payloads, now: tick()) }
        for _ in 0..<operations {
            if random.chance(30) { try deliver() } else { try edit(replicas[random.below(count)]) }
        }
        // Then everyone gets what it lacks from everyone, in any order, as a sync would send it
        // (merge versions do not travel, so one round brings every commit everywhere).
        for target in replicas {
            var lacking: [VersionPayload] = []
            for source in replicas where source !== target { lacking += source.payloads.filter { !target.holds($0.id) } }
            try target.receive(lacking.shuffled(using: &random), now: tick())
        }
        return check()
    }

    mutating func tick() -> UInt64 {
        now += UInt64(1 + random.below(20))
        return now
    }

    // MARK: Edits of every kind

    mutating func edit(_ replica: MemoryReplica) throws {
        guard let head = replica.resolvedHead(Self.document) else { return }
        let inDocument = head.projection.order
        let containers = inDocument.filter { head.kind(of: $0)?.isContainer == true }
        let nonRoot = Array(inDocument.dropFirst())
        let suffix = FractionalIndex.suffix(for: replica.localSite)
        let at = tick()
        do {
            switch random.below(12) {
            case 0, 1, 2:
                guard let view = inDocument.randomElement(using: &random), let kind = head.kind(of: view) else { return }
                let values = randomValues(kind)
                try replica.commit(document: Self.document, now: at) { head in try ViewEdits.set(view, in: head) { _ in values } }
            case 3, 4:
                guard let parent = containers.randomElement(using: &random) else { return }
                counter += 1
                // Sometimes an id used before (a deleted view's), so adds meet old properties.
                let deleted = head.state.views.keys.filter { !head.isAlive($0) }.sorted()
                let id = !deleted.isEmpty && random.chance(25) ? deleted[random.below(deleted.count)] : "v\(replica.localSite.short.prefix(4))\(counter)"
                let kind = [ViewKind.label, .view, .stack, .grid, .button][random.below(5)]
                let index = random.chance(50) ? random.below(4) : nil
                try replica.commit(document: Self.document, now: at) { head in
                    try ViewEdits.add(id, kind: kind, parent: parent, index: index, values: kind.hasText ? [(.text, "\"new\"")] : [],
                                      in: head, suffix: suffix)
                }
            case 5, 6:
                guard let view = nonRoot.randomElement(using: &random) else { return }
                try replica.commit(document: Self.document, now: at) { head in try ViewEdits.remove([view], in: head) }
            case 7, 8, 9:
                // Moves anywhere, so concurrent ones elsewhere can close loops.
                guard let view = nonRoot.randomElement(using: &random), let parent = containers.randomElement(using: &random) else { return }
                let index = random.below(4)
                try replica.commit(document: Self.document, now: at) { head in try ViewEdits.move(view, to: parent, index: index, in: head, suffix: suffix) }
            case 10:
                let versions = replica.documents[Self.document]?.versions ?? []
                guard let target = versions.randomElement(using: &random), let state = replica.resolved(target)?.state else { return }
                try replica.commit(document: Self.document, now: at) { head in StateDifference.edits(from: head.state, to: state) }
            default:
                let gone = head.state.views.keys.filter { !head.contains($0) }.sorted()
                guard let view = gone.randomElement(using: &random) else { return }
                try restore(view, on: replica, now: at)
            }
        } catch is EditError {
            // A refused edit (a cycle, a view deleted meanwhile) makes no version: fine.
        }
    }

    /// `restore` as the store does it: from the latest version whose document has the view.
    func restore(_ view: String, on replica: MemoryReplica, now: UInt64) throws {
        let versions = (replica.documents[Self.document]?.versions ?? []).reversed()
        guard let (_, source) = try RestorePlanner.lastVersion(with: view, among: Array(versions), document: { replica.resolvedAsMade($0)! }) else { return }
        try replica.commit(document: Self.document, now: now) { head in try RestorePlanner.edits(restoring: view, from: source, onto: head) }
    }

    mutating func randomValues(_ kind: ViewKind) -> [(Property, String?)] {
        switch random.below(5) {
        case 0: return [(.width, String(10 + random.below(200)))]
        case 1: return [(.height, random.chance(20) ? nil : String(10 + random.below(80)))]
        case 2: return [(.marginTop, String(random.below(20)))]
        case 3: return kind.hasText ? [(.text, "\"T\(random.below(1000))\"")] : [(.width, String(random.below(50)))]
        default: return [(.horizontalAlignment, ["\"fill\"", "\"left\"", "\"center\"", "\"right\""][random.below(4)])]
        }
    }

    // MARK: Deliveries

    /// A random part of one replica's versions to another, shuffled, some twice.
    mutating func deliver() throws {
        let source = replicas[random.below(replicas.count)], target = replicas[random.below(replicas.count)]
        guard source !== target else { return }
        var batch = source.payloads.filter { _ in random.chance(60) }
        batch += batch.filter { _ in random.chance(20) }
        try target.receive(batch.shuffled(using: &random), now: tick())
    }

    // MARK: Checks

    func check() -> [String] {
        var failures: [String] = []
        let first = replicas[0]
        let expected = first.resolvedHead(Self.document).map(Self.show)
        for (index, replica) in replicas.enumerated() {
            if replica.documents[Self.document]?.head != first.documents[Self.document]?.head { failures.append("replica \(index): other head") }
            if replica.resolvedHead(Self.document).map(Self.show) != expected { failures.append("replica \(index): other show output") }
            if !replica.waitingVersions.isEmpty { failures.append("replica \(index): \(replica.waitingVersions.count) versions still waiting") }
            failures += lostChangesAreListed(replica, index: index)
        }
        // Every version, as the replica that made it saw it (each state is the same everywhere).
        var made: [VersionID: MemoryReplica] = [:]
        for replica in replicas { for id in replica.madeStates.keys { made[id] = replica } }
        for id in first.documents[Self.document]?.versions ?? [] {
            guard let resolved = (made[id] ?? first).resolvedAsMade(id) else { failures.append("version \(id.short) cannot be read"); continue }
            guard let spec = try? Materializer.spec(named: Self.document, projection: resolved.projection).spec else { continue }
            let edits = EditPlanner.edits(toMatch: spec, from: resolved.state, projection: resolved.projection, orderSuffix: "zzzz")
            if !edits.isEmpty { failures.append("show | apply of version \(id.short) is not a no-op: \(edits.prefix(3))") }
        }
        // The incremental states (kept trees, folds) agree with the whole replay from scratch,
        // for the head and a few other versions.
        let all = first.documents[Self.document]?.versions ?? []
        let sample = Array(all.suffix(1)) + all.enumerated().filter { ($0.offset + Int(seed % 8)) % 8 == 0 }.map(\.element).prefix(3)
        for id in sample {
            guard let fromScratch = first.resolved(id), let asMade = (made[id] ?? first).resolvedAsMade(id) else { continue }
            if Self.show(fromScratch) != Self.show(asMade) { failures.append("version \(id.short) reads differently from scratch") }
        }
        return failures.map { "seed \(seed): \($0)" }
    }

    /// Every structural loss of the head is recorded; every concurrent property loser that no
    /// later write superseded is recorded (by its stamp, or its value on that key).
    func lostChangesAreListed(_ replica: MemoryReplica, index: Int) -> [String] {
        guard let document = replica.documents[Self.document] else { return [] }
        var failures: [String] = []
        let seen: (Stamp) -> VersionVector? = { replica.seenVector(site: $0.site, seq: $0.seq) }
        var effective = document.state
        document.tree.apply(to: &effective)
        var skipped: [String: DocumentState.Entry] = [:]
        for view in document.tree.overrides.keys { skipped[view] = document.state.entry(view, .parent) }
        let losses = (try? LossClassifier.losses(in: effective, projection: Projection(effective), skipped: skipped, seen: seen)) ?? []
        let recorded = document.structuralConflicts.values
        for loss in losses where !recorded.contains(where: {
            $0.view == loss.view && $0.loser.site == loss.stamp.site && $0.loser.hlc == loss.stamp.hlc && $0.lost.contains { $0.property == loss.property }
        }) {
            failures.append("replica \(index): lost \(loss.view).\(loss.property.rawValue) (\(loss.kind.rawValue)) not listed")
        }
        let changes = replica.changes(of: Self.document, within: document.known)
        var byKey: [PropertyKey: [Change]] = [:]
        for change in changes { byKey[PropertyKey(view: change.view, property: change.property), default: []].append(change) }
        for (key, list) in byKey {
            guard let winner = document.state.entry(key.view, key.property), let winnerSeen = seen(winner.stamp) else { continue }
            let listed = document.propertyConflicts.filter { $0.view == key.view && $0.property == key.property.rawValue }
            for change in list where change.stamp != winner.stamp && change.value != winner.value {
                guard let changeSeen = seen(change.stamp),
                      MergeRule.areConcurrent(change.stamp, seen: changeSeen, winner.stamp, seen: winnerSeen) else { continue }
                // Superseded: a later write saw it, or saw a write of the same value (concurrent
                // equal writes agree, and count as one).
                let superseded = list.contains { other in
                    guard other.stamp != change.stamp, let otherSeen = seen(other.stamp) else { return false }
                    return list.contains { $0.value == change.value && $0.stamp != other.stamp && otherSeen.includes(site: $0.site, seq: $0.seq) }
                }
                if superseded { continue }
                if !listed.contains(where: { $0.loser.stamp == change.stamp || $0.loser.value == change.value }) {
                    failures.append("replica \(index): losing \(key.view).\(key.property.rawValue)=\(change.value ?? "unset") not listed")
                }
            }
        }
        return failures
    }

    static func show(_ document: ResolvedDocument) -> String {
        guard let spec = try? Materializer.spec(named: document.name, projection: document.projection).spec else { return "no root" }
        return SpecCodec.encodeText(spec, shape: .flat)
    }

    static let startSpec = """
        {"plumb": 1, "name": "doc", "root": {"id": "root", "kind": "view", "children": [
          {"id": "title", "kind": "label", "text": "Title"},
          {"id": "body", "kind": "stack", "children": [
            {"id": "a", "kind": "label", "text": "A"},
            {"id": "b", "kind": "view", "children": [{"id": "b1", "kind": "button", "text": "B1"}, {"id": "b2", "kind": "stack"}]},
            {"id": "c", "kind": "stack", "children": [{"id": "c1", "kind": "label", "text": "C1"}]}
          ]},
          {"id": "grid", "kind": "grid", "children": [{"id": "g1", "kind": "label", "text": "G"}]}
        ]}}
        """
}
