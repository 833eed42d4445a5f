import Foundation
import LayoutSpec
@testable import SpecStore
import SpecSync

/// Small specs and helpers shared by the store tests.
enum StoreFixtures {
    static func spec(_ json: String) -> Spec {
        try! SpecCodec.decode(Array(json.utf8), file: "test.json")
    }

    static let login = spec("""
        {"plumb": 1, "name": "login", "root": {"id": "root", "kind": "view", "children": [
          {"id": "title", "kind": "label", "text": "Sign in", "margin": {"top": 20}},
          {"id": "form", "kind": "stack", "spacing": 8, "children": [
            {"id": "email", "kind": "label", "text": "Email", "height": 44},
            {"id": "ok", "kind": "button", "text": "OK", "width": 100}
          ]}
        ]}}
        """)

    /// A store of document "d": a root stack of 300 labels, `m0`, `m10` … `m2990` (a head of
    /// several chunks, with room for new ids between them), and the document's row.
    static func labels(in folder: TemporaryFolder) throws -> (store: Store, documentID: Int64) {
        let store = try Store.create(at: folder.path("s.sqlite"))
        let labels = (0..<300).map { #"{"id": "m\#($0 * 10)", "kind": "label", "text": "L"}"# }.joined(separator: ",")
        try apply(spec(#"{"plumb": 1, "name": "d", "root": {"id": "root", "kind": "stack", "children": [\#(labels)]}}"#), to: store)
        return (store, try store.documentID("d")!)
    }

    /// Numbers below a bound from a seed (a linear congruential generator), for seeded tests.
    struct SeededNumbers {
        private var state: UInt64
        init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Applies `spec` as one version (like `plumb apply`).
    @discardableResult
    static func apply(_ spec: Spec, to store: Store, message: String = "apply") throws -> CommitResult? {
        let suffix = FractionalIndex.suffix(for: store.site)
        return try store.commit(document: spec.name, message: message, author: "test", createIfMissing: true) { head in
            EditPlanner.edits(toMatch: spec, from: try head.resolved().state, orderSuffix: suffix)
        }
    }

    /// Sets one property (like `plumb set`).
    @discardableResult
    static func set(_ document: String, _ view: String, _ property: Property, _ value: JSONValue?, in store: Store) throws -> CommitResult? {
        try store.commit(document: document, message: "set", author: "test") { _ in
            [Edit(view: view, property: property, value: value.map(ValueText.encode))]
        }
    }

    /// The spec of a version, as `plumb show` builds it.
    static func spec(of document: String, _ revision: String, in store: Store) throws -> Spec {
        let version = try store.version(of: document, revision: revision)
        return try Materializer.spec(named: document, from: try store.state(of: version)).spec
    }
}
