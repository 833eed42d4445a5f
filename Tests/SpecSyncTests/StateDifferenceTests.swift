import LayoutSpec
import SpecSync
import Testing

/// `StateDifference`: views added, removed, moved, and properties changed between two states.
struct StateDifferenceTests {
    static let before = """
        {"id": "root", "kind": "view", "children": [
          {"id": "a", "kind": "label", "text": "x", "width": 10},
          {"id": "b", "kind": "label", "text": "b"},
          {"id": "c", "kind": "view", "children": [{"id": "c1", "kind": "view"}]},
          {"id": "d", "kind": "view", "width": 1}
        ]}
        """

    /// `a` moves after `c` (the only view whose order changes), `c1` moves to the root, `d` goes,
    /// `e` comes, `a` changes text and gains a height, `b` becomes a button.
    static let after = """
        {"id": "root", "kind": "view", "children": [
          {"id": "b", "kind": "button", "text": "b"},
          {"id": "c", "kind": "view"},
          {"id": "a", "kind": "label", "text": "y", "width": 10, "height": 5},
          {"id": "e", "kind": "button"},
          {"id": "c1", "kind": "view"}
        ]}
        """

    @Test func difference() throws {
        var author = Author(1)
        var old = DocumentState()
        author.apply(try spec(Self.before), to: &old)
        var new = old
        author.apply(try spec(Self.after), to: &new)
        let difference = StateDifference(from: old, to: new)
        #expect(difference.added == ["e"])
        #expect(difference.removed == ["d"])
        #expect(difference.moved == ["a", "c1"])
        #expect(difference.changed.map(Self.describe) == [
            "a.height: unset → 5",
            #"a.text: "x" → "y""#,
            #"b.kind: "label" → "button""#,
        ])
        #expect(!difference.isEmpty)
        // The other way round.
        let back = StateDifference(from: new, to: old)
        #expect(back.added == ["d"] && back.removed == ["e"] && back.moved == ["a", "c1"])
        #expect(back.changed.map(\.to) == [nil, ValueText.string("x"), ValueText.string("label")])
    }

    static func describe(_ change: StateDifference.PropertyChange) -> String {
        "\(change.view).\(change.property.rawValue): \(change.from ?? "unset") → \(change.to ?? "unset")"
    }

    @Test func sameStateHasNoDifference() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try spec(Self.before), to: &state)
        let difference = StateDifference(from: state, to: state)
        #expect(difference.isEmpty)
        #expect(difference == StateDifference(from: DocumentState(), to: DocumentState()))
        #expect(StateDifference.edits(from: state, to: state) == [])
    }

    @Test func fromEmptyEverythingIsAdded() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try spec(Self.before), to: &state)
        let difference = StateDifference(from: DocumentState(), to: state)
        #expect(difference.added == ["a", "b", "c", "c1", "d", "root"])
        #expect(difference.removed.isEmpty && difference.moved.isEmpty && difference.changed.isEmpty)
    }

    /// `edits(from:to:)` folded onto the old state (as newer changes) gives exactly the new state.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func editsTurnOldIntoNew(seed: UInt64) {
        let old = DocumentState(DocumentStateTests.randomChanges(seed: seed, count: 150))
        let new = DocumentState(DocumentStateTests.randomChanges(seed: seed + 100, count: 150))
        let edits = StateDifference.edits(from: old, to: new)
        var author = Author(99)
        author.now = 1 << 40  // later than any random change
        var result = old
        for change in author.changes(edits) { result.apply(change) }
        let keys = Set(old.allEntries.map(\.key)).union(new.allEntries.map(\.key))
        for key in keys {
            #expect(result.value(key.view, key.property) == new.value(key.view, key.property), "seed \(seed): \(key)")
        }
        #expect(StateDifference.edits(from: result, to: new) == [])
        #expect(edits == edits.sorted { PropertyKey(view: $0.view, property: $0.property) < PropertyKey(view: $1.view, property: $1.property) })
    }
}
