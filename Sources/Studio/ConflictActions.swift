import LayoutSpec
import SpecStore
import SpecSync

/// What the conflicts page's buttons do. Each makes a version through the store's one commit
/// path (`Store.commit`, as `plumb set` does), so the result is the same as from the CLI.
enum ConflictActions {
    /// The conflict of `document` a button names: its view, property and the losing write's
    /// site and clock (as `plumb conflicts --json` prints them).
    static func find(_ store: Store, document: String, form: [String: String]) throws -> Conflict {
        guard let view = form["view"], let property = form["property"], let site = form["site"], let hlc = form["hlc"] else {
            throw StudioError.badRequest("expected the fields view, property, site and hlc")
        }
        let conflicts = try store.conflicts(of: document)
        guard let conflict = conflicts.first(where: {
            $0.view == view && $0.property == property && $0.loser.stamp.site.hex == site && String($0.loser.stamp.hlc.rawValue) == hlc
        }) else {
            throw StudioError.notFound("\(document): no conflict on \(view).\(property) with that losing write (it may have been cleared)")
        }
        return conflict
    }

    /// Makes the value that lost win: one new version setting it. Nil when the head already
    /// has that value.
    static func keepOtherValue(_ conflict: Conflict, document: String, store: Store, author: String) throws -> VersionRecord? {
        guard let property = Property(rawValue: conflict.property) else {
            throw StoreError.invalidEdit("\(document): \(conflict.view).\(conflict.property) is not a property this Plumb knows")
        }
        let shown = conflict.loser.value ?? "unset"
        let result = try store.commit(document: document, message: "Keep the other value of \(conflict.view).\(conflict.property): \(shown)", author: author) { head in
            guard try head.isAlive(conflict.view) else {
                throw StoreError.invalidEdit("\(document): \"\(conflict.view)\" is deleted; bring it back before keeping its value")
            }
            if try head.value(conflict.view, property) == conflict.loser.value { return [] }
            return [Edit(view: conflict.view, property: property, value: conflict.loser.value)]
        }
        return result?.version
    }
}
