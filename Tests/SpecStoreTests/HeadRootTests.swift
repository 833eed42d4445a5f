import Foundation
import LayoutSpec
import SpecSync
import Testing
@testable import SpecStore

/// `DocumentHead.contains` decides whether the top of a view's path is the root from the
/// views before it only; with two views without a parent, the lesser id is the root.
@Suite struct HeadRootTests {
    static func addTopView(_ id: String, to store: Store) throws {
        try store.commit(document: "login", message: "top", author: "test") { _ in
            [Edit(view: id, property: .kind, value: ValueText.encode(.string("view"))),
             Edit(view: id, property: .alive, value: ValueText.encode(.bool(true)))]
        }
    }

    /// Placement of each view as a fresh head answers it (root not asked first), and the root.
    static func placements(_ store: Store) throws -> (placed: [String], root: String?) {
        var placed: [String] = [], root: String?
        try store.commit(document: "login", message: "-", author: "test") { head -> [Edit] in
            for view in ["aaa", "root", "title", "form", "ok", "zzz"] where try head.contains(view) { placed.append(view) }
            root = try head.root()
            return []
        }
        return (placed, root)
    }

    @Test func theLeastViewWithoutAParentIsTheRoot() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        try Self.addTopView("zzz", to: store)
        var found = try Self.placements(store)
        #expect(found.placed == ["root", "title", "form", "ok"])
        #expect(found.root == "root")
        try Self.addTopView("aaa", to: store)
        found = try Self.placements(store)
        #expect(found.placed == ["aaa"])
        #expect(found.root == "aaa")
        let resolved = try store.resolved(try store.head(of: "login"))
        #expect(resolved.projection.root == "aaa")
    }
}
