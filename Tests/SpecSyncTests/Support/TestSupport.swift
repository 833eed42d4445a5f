import LayoutSpec
import SpecSync
import SeededRandom
import Testing


/// Turns edits into changes the way a store does: one site, `seq` counting up, a clock ticking.
struct Author {
    let site: SiteID
    var seq: Int64 = 0
    var clock = HybridLogicalClock()
    var now: UInt64 = 1_700_000_000_000

    init(site: SiteID) { self.site = site }

    init(_ high: UInt64) { site = SiteID(high: high, low: high &* 31) }

    var suffix: String { FractionalIndex.suffix(for: site) }

    mutating func changes(_ edits: some Sequence<Edit>, document: String = "doc") -> [Change] {
        now += 1
        let hlc = clock.tick(now: now)
        return edits.map { edit in
            seq += 1
            return Change(stamp: Stamp(hlc: hlc, site: site, seq: seq), document: document, view: edit.view, property: edit.property, value: edit.value)
        }
    }

    /// Plans the edits that make `state` match `spec` and folds them in; returns the edits.
    @discardableResult
    mutating func apply(_ spec: Spec, to state: inout DocumentState) -> EditList {
        let edits = EditPlanner.edits(toMatch: spec, from: state, orderSuffix: suffix)
        for change in changes(edits) { state.apply(change) }
        return edits
    }
}

extension DocumentState {
    /// The state of exactly these changes.
    init(_ changes: some Sequence<Change>) {
        self.init()
        for change in changes { apply(change) }
    }

    /// Every entry, sorted by key: compares states by content alone.
    var sortedEntries: [String] {
        allEntries.sorted { $0.key < $1.key }.map { "\($0.key.view).\($0.key.property.rawValue)=\($0.entry.value ?? "unset")@\($0.entry.stamp.hlc)/\($0.entry.stamp.site.short)/\($0.entry.stamp.seq)" }
    }
}

/// A spec from nested JSON text.
func spec(_ root: String, name: String = "doc") throws -> Spec {
    try SpecCodec.decode(Array(#"{"plumb": 1, "name": "\#(name)", "root": \#(root)}"#.utf8), file: "test.json")
}

/// A spec from nested JSON text.
func spec(json root: JSONValue, name: String = "doc") throws -> Spec {
    let file = JSONValue.object([JSONMember("plumb", .number(1)), JSONMember("name", .string(name)), JSONMember("root", root)])
    return try SpecCodec.decode(Array(JSONWriter.compact(file).utf8), file: "test.json")
}

/// The state laid out as a tree.
func materialize(_ state: DocumentState, name: String = "doc") throws -> Materializer.Result {
    try Materializer.spec(named: name, from: state)
}

extension String {
    /// The text with `old` replaced by `new`; `old` must occur, so an edit cannot silently miss.
    func edited(_ old: String, _ new: String) -> String {
        precondition(contains(old), "\(old) not found")
        return replacing(old, with: new)
    }
}
