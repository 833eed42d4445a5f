import Foundation
import LayoutSpec
import SpecStore
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
