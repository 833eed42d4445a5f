import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import Testing

/// Every structural conflict kind end to end through the CLI: both sync directions and a
/// bundle, listed with `conflicts --json` on both stores, counted in the summary, `show | apply`
/// a no-op, `check --strict` failing while a view is detached, and the named restore undoing it.
@Suite struct StructuralConflictTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-structure-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    /// One scenario: what `a` and `b` do concurrently, the conflict expected, and what the view
    /// looks like once restored.
    struct Scenario: CustomTestStringConvertible, Sendable {
        let kind: String
        let view: String
        let deleted: String
        let onA: [[String]]
        let onB: [[String]]
        /// A property of the restored view and its value, as `show --flat` has it.
        let restored: (String, JSONValue)
        let detached: Bool
        var testDescription: String { kind }
    }

    static let scenarios: [Scenario] = [
        Scenario(kind: "deleted", view: "b1", deleted: "b", onA: [["rm", "login", "b"]],
                 onB: [["set", "login", "b1", "text=edited"]], restored: ("text", .string("edited")), detached: false),
        Scenario(kind: "added-under-deleted", view: "n", deleted: "c", onA: [["rm", "login", "c"]],
                 onB: [["add", "login", "n", "--parent", "c", "--kind", "label", "text=new"]], restored: ("text", .string("new")), detached: true),
        Scenario(kind: "moved-under-deleted", view: "a", deleted: "c", onA: [["rm", "login", "c"]],
                 onB: [["mv", "login", "a", "--parent", "c"]], restored: ("parent", .string("c")), detached: true),
        Scenario(kind: "move-skipped", view: "b", deleted: "c", onA: [["mv", "login", "c", "--parent", "b"]],
                 onB: [["mv", "login", "b", "--parent", "c"]], restored: ("parent", .string("body")), detached: false),
    ]

    enum Transport: String, CaseIterable, Sendable { case syncFromA, syncFromB, bundle }

    @Test(arguments: scenarios, Transport.allCases)
    func structuralConflictIsListedEverywhereAndRestorable(_ scenario: Scenario, _ transport: Transport) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        for (offset, command) in scenario.onA.enumerated() { #expect(a.plumb(command, now: now + 10 + UInt64(offset)) == 0, "\(a.lastOutput)") }
        for (offset, command) in scenario.onB.enumerated() { #expect(b.plumb(command, now: now + 20 + UInt64(offset)) == 0, "\(b.lastOutput)") }
        var summaries: [String] = []
        switch transport {
        case .syncFromA:
            #expect(a.plumb(["sync", b.storePath], now: now + 30) == 0)
            summaries.append(a.lastOutput)
        case .syncFromB:
            #expect(b.plumb(["sync", a.storePath], now: now + 30) == 0)
            summaries.append(b.lastOutput)
        case .bundle:
            let toB = root.appendingPathComponent("a.bundle").path, toA = root.appendingPathComponent("b.bundle").path
            #expect(a.plumb(["bundle", "create", "-o", toB], now: now + 30) == 0)
            #expect(b.plumb(["bundle", "create", "-o", toA], now: now + 30) == 0)
            #expect(b.plumb(["bundle", "apply", toB], now: now + 31) == 0)
            summaries.append(b.lastOutput)
            #expect(a.plumb(["bundle", "apply", toA], now: now + 32) == 0)
            summaries.append(a.lastOutput)
        }
        for summary in summaries { #expect(summary.contains("1 \(scenario.kind)"), "\(summary)") }
        var restoreCommand: String?
        for replica in [a, b] {
            #expect(replica.plumb(["conflicts", "login", "--json"], now: now + 40) == 0)
            let entries = try JSONParser.parse(replica.lastOutput).elements ?? []
            let entry = try #require(entries.first { $0["kind"]?.string == scenario.kind }, "\(replica.name): \(replica.lastOutput)")
            #expect(entry["view"]?.string == scenario.view)
            if scenario.kind != "move-skipped" {
                #expect(entry["deleted"]?.string == scenario.deleted)
                restoreCommand = entry["restore"]?.string
                #expect(restoreCommand?.hasPrefix("plumb restore login \(scenario.view) --from ") == true)
            }
            #expect(entry["loser"]?["site"]?.string == (try b.open().site.hex))
            #expect(entry["winner"]?["site"]?.string == (try a.open().site.hex))
            try expectShowApplyIsANoOp(replica)
            #expect(try detachedWarnings(replica) == (scenario.detached ? [scenario.view] : []))
            if scenario.detached { #expect(replica.plumb(["check", "login", "--strict", "--metrics", "fixed"], now: now + 41) == 1) }
        }
        #expect(try StoreReading.fingerprint(try a.open(), "login").show == (try StoreReading.fingerprint(try b.open(), "login").show))
        guard let restoreCommand else { return }
        let words = restoreCommand.split(separator: " ").dropFirst().map(String.init)
        #expect(a.plumb(words, now: now + 50) == 0, "\(a.lastOutput)")
        let spec = try StoreReading.spec(try a.open(), "login")
        let index = try #require(spec.views.firstIndex { $0.id == scenario.view }, "restored into the document")
        let flat = try JSONParser.parse(SpecCodec.encodeText(spec, shape: .flat))
        let shown = flat["views"]?.elements?.first { $0["id"]?.string == scenario.view }
        #expect(shown?[scenario.restored.0] == scenario.restored.1, "\(index)")
        try expectShowApplyIsANoOp(a)
        #expect(try detachedWarnings(a) == [])
    }

    /// The views `plumb check` warns are detached.
    func detachedWarnings(_ replica: Replica) throws -> [String] {
        #expect(replica.plumb(["check", "login", "--json", "--metrics", "fixed"], now: now + 70) == 0)
        // stdout (the JSON array) comes first, then the stderr summary line.
        let text = replica.lastOutput
        let array = String(text[..<(text.lastIndex(of: "]").map { text.index(after: $0) } ?? text.endIndex)])
        return (try JSONParser.parse(array).elements ?? []).filter { $0["check"]?.string == "detached" }.compactMap { $0["view"]?.string }
    }

    /// A third store's edit of a view that a second moved under a view the first deleted.
    @Test func editUnderADeletedViewThroughAThirdStore() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        let c = Replica(name: "c", root: root)
        #expect(a.plumb(["clone", a.folder.path, c.folder.path], now: now) == 0)
        #expect(a.plumb(["rm", "login", "c"], now: now + 10) == 0)
        #expect(b.plumb(["mv", "login", "title", "--parent", "c"], now: now + 11) == 0)
        #expect(c.plumb(["set", "login", "title", "width=5"], now: now + 12) == 0)
        #expect(b.plumb(["sync", c.storePath], now: now + 20) == 0)
        #expect(a.plumb(["sync", b.storePath], now: now + 21) == 0)
        #expect(a.plumb(["conflicts", "login", "--json"], now: now + 22) == 0)
        let kinds = (try JSONParser.parse(a.lastOutput).elements ?? []).compactMap { $0["kind"]?.string }
        #expect(kinds.sorted() == ["edited-under-deleted", "moved-under-deleted"], "\(a.lastOutput)")
        #expect(a.plumb(["restore", "login", "title"], now: now + 30) == 0, "\(a.lastOutput)")
        let spec = try StoreReading.spec(try a.open(), "login")
        #expect(spec.views.first { $0.id == "title" }?.width == 5)
    }

    @Test func restoreBringsADeletedSubtreeBackFromAnyVersion() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, _) = Replica.pair(root: root, now: now)
        #expect(a.plumb(["set", "login", "b1", "text=kept"], now: now + 1) == 0)
        #expect(a.plumb(["rm", "login", "body"], now: now + 2) == 0)
        #expect(a.plumb(["restore", "login", "b"], now: now + 3) == 0, "\(a.lastOutput)")
        var spec = try StoreReading.spec(try a.open(), "login")
        #expect(spec.views.contains { $0.id == "b1" && $0.text == "kept" })
        #expect(spec.views.contains { $0.id == "body" }, "the view above comes back so b hangs from the root")
        #expect(!spec.views.contains { $0.id == "c" }, "only b's subtree and its path")
        #expect(a.plumb(["restore", "login", "b1", "--from", "1"], now: now + 4) == 0)
        spec = try StoreReading.spec(try a.open(), "login")
        #expect(spec.views.contains { $0.id == "b1" && $0.text == "B1" })
        #expect(a.plumb(["restore", "login", "b1", "--from", "1"], now: now + 5) == 0)
        #expect(a.lastOutput.contains("nothing changed"))
        #expect(a.plumb(["restore", "login", "nobody"], now: now + 6) == 1)
        #expect(a.lastOutput.contains("no version has a view \"nobody\""), "\(a.lastOutput)")
        #expect(a.plumb(["restore", "login@2", "b"], now: now + 7) == 64)
    }

    func expectShowApplyIsANoOp(_ replica: Replica) throws {
        #expect(replica.plumb(["show", "login"], now: now + 60) == 0)
        let shown = replica.lastOutput.split(separator: "\n").filter { !$0.hasPrefix("warning:") }.joined(separator: "\n")
        let file = root.appendingPathComponent("\(replica.name)-shown.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(shown.utf8))
        #expect(replica.plumb(["apply", file], now: now + 61) == 0)
        #expect(replica.lastOutput.contains("nothing changed; no new version"), "\(replica.name): \(replica.lastOutput)")
    }
}

extension JSONValue {
    /// The elements of an array.
    var elements: [JSONValue]? {
        if case .array(let values) = self { values } else { nil }
    }
}
