import Foundation
import LayoutSpec
import SpecSync
import Testing
@testable import SpecStore

/// `Store.difference(from:to:)` reads the change log between two versions when it can; it must
/// find exactly what comparing the two whole states finds.
@Suite struct DifferenceTests {
    /// The difference as comparing whole states finds it.
    static func whole(_ store: Store, _ old: VersionRecord, _ new: VersionRecord) throws -> StateDifference {
        StateDifference(from: try store.state(of: old), to: try store.state(of: new))
    }

    @Test func plainEditsAcrossSnapshotsMatchTheWholeStates() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        let views = ["title", "form", "email", "ok"]
        for round in 0..<2_200 {
            let view = views[round % 4]
            try StoreFixtures.set("login", view, .minWidth, .number(Double(round % 7)), in: store)
            if round % 97 == 0 { try StoreFixtures.set("login", "title", .text, .string("Round \(round)"), in: store) }
            // Properties the view's kind does not show, and unsets.
            if round % 131 == 0 { try StoreFixtures.set("login", "title", .spacing, .number(Double(round)), in: store) }
            if round % 211 == 0 { try StoreFixtures.set("login", "email", .height, nil, in: store) }
        }
        #expect(try store.database.scalar("SELECT count(*) FROM snapshots")?.integer ?? 0 >= 2)
        let head = try store.head(of: "login")
        for number in [1, 2, 500, 1_000, 1_200, 2_100, head.number - 1, head.number] {
            let old = try store.version(of: "login", revision: String(number))
            let found = try store.difference(from: old, to: head)
            #expect(found == (try Self.whole(store, old, head)), "from \(number)")
            #expect(try store.plainDifference(from: old, to: head) != nil, "read from the change log")
            #expect(try store.difference(from: head, to: old) == (try Self.whole(store, head, old)), "to \(number)")
        }
        let adjacent = try store.difference(from: try store.version(of: "login", revision: "head~1"), to: head)
        #expect(adjacent.changed.count == 1)
    }

    /// An import big enough to be snapshotted at once: the values before an edit come from
    /// the views of that snapshot.
    @Test func valuesBeforeComeFromTheImportsSnapshot() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let labels = (0..<400).map { #"{"id": "m\#($0)", "kind": "label", "text": "L\#($0)", "width": \#($0 + 1)}"# }.joined(separator: ",")
        try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "big", "root": {"id": "root", "kind": "stack", "children": [\#(labels)]}}"#), to: store)
        let documentID = try store.requireDocument("big")
        let imported = try store.version(of: "big", revision: "1")
        _ = try #require(try store.snapshotTable.nearest(document: documentID, number: imported.number, includedIn: imported.vector), "the import is snapshotted")
        try StoreFixtures.set("big", "m7", .width, .number(70), in: store)
        try StoreFixtures.set("big", "m7", .text, .string("Seven"), in: store)
        try StoreFixtures.set("big", "m8", .width, nil, in: store)
        try StoreFixtures.set("big", "m7", .width, .number(71), in: store)
        // Not shown on a label: no difference.
        try StoreFixtures.set("big", "m9", .spacing, .number(4), in: store)
        let head = try store.head(of: "big")
        for number in 1..<head.number {
            let old = try store.version(of: "big", revision: String(number))
            #expect(try store.plainDifference(from: old, to: head) != nil, "read from the change log")
            #expect(try store.difference(from: old, to: head) == (try Self.whole(store, old, head)), "from \(number)")
        }
        let before = try store.version(of: "big", revision: "head~1")
        #expect(try store.difference(from: before, to: head).isEmpty)
        let edit = try store.difference(from: try store.version(of: "big", revision: "head~2"), to: head)
        #expect(edit.changed.map { "\($0.view).\($0.property.rawValue): \($0.from ?? "unset") → \($0.to ?? "unset")" } == ["m7.width: 70 → 71"])
        #expect(try store.difference(from: head, to: head).isEmpty)
    }

    @Test func structuralEditsFallBackToTheWholeStates() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        try StoreFixtures.set("login", "ok", .width, .number(120), in: store)
        var spec = StoreFixtures.login
        spec.update(2) { $0.width = 50 }
        try StoreFixtures.apply(spec, to: store)
        // A view taken out of the document, then edited where nobody sees it.
        try StoreFixtures.set("login", "email", .alive, .bool(false), in: store)
        try StoreFixtures.set("login", "email", .text, .string("gone"), in: store)
        try StoreFixtures.set("login", "title", .text, .string("Welcome"), in: store)
        let head = try store.head(of: "login")
        for number in 1..<head.number {
            let old = try store.version(of: "login", revision: String(number))
            #expect(try store.difference(from: old, to: head) == (try Self.whole(store, old, head)), "from \(number)")
        }
        // Across the delete, both states are read whole; after it, the change log serves.
        #expect(try store.plainDifference(from: try store.version(of: "login", revision: "head~3"), to: head) == nil)
        #expect(try store.plainDifference(from: try store.version(of: "login", revision: "head~2"), to: head) != nil)
        let last = try store.difference(from: try store.version(of: "login", revision: "head~1"), to: head)
        #expect(last.changed.map(\.view) == ["title"])
        let hidden = try store.difference(from: try store.version(of: "login", revision: "head~2"), to: try store.version(of: "login", revision: "head~1"))
        #expect(hidden.isEmpty)
    }
}
