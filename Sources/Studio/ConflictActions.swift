import LayoutSpec
import SpecStore
import SpecSync

/// What the conflicts page's buttons do. Each makes a version through the same code as the CLI:
/// the store's one commit path (`Store.commit`, as `plumb set` does) and `Store.restore` (as
/// `plumb restore` does).
enum ConflictActions {
    /// A document's open conflicts, property and structural: the count the documents page and
    /// the tabs show. Of those `plumb conflicts DOC` lists, the ones someone settled (kept,
    /// restored or dismissed, in this store or one it synced with) are not open; they stay
    /// listed, with what was done, until dismissed all at once. One query.
    static func count(_ store: Store, document: String) throws -> Int {
        try store.openConflictCount(of: document)
    }

    /// How a page and a button name a head value, unset included: `v:160` or `unset`.
    static func token(_ value: String?) -> String {
        value.map { "v:\($0)" } ?? "unset"
    }

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
    /// has that value. When the head's value is no longer the one that won (someone set it
    /// since the merge), it is replaced only if `replacing` names it (`token`), as the page's
    /// confirming button does: otherwise a 409 says what the head has now.
    static func keepOtherValue(_ conflict: Conflict, document: String, store: Store, author: String, replacing: String?) throws -> VersionRecord? {
        guard let property = Property(rawValue: conflict.property) else {
            throw StoreError.invalidEdit("\(document): \(conflict.view).\(conflict.property) is not a property this Plumb knows")
        }
        let shown = conflict.loser.value ?? "unset"
        // Settled whether or not a version is needed (the head may have the value already), in
        // the same transaction as the version.
        let result = try store.commit(document: document, message: "Keep the other value of \(conflict.view).\(conflict.property): \(shown)",
                                      author: author, settling: ([ConflictResolution.Key(conflict)], .kept)) { head -> [Edit] in
            guard try head.isAlive(conflict.view) else {
                throw StoreError.invalidEdit("\(document): \"\(conflict.view)\" is deleted; bring it back before keeping its value")
            }
            let now = try head.value(conflict.view, property)
            if now == conflict.loser.value { return [] }
            if now != conflict.winner.value && replacing != token(now) {
                throw StudioError.changed("""
                    \(document): \(conflict.view).\(conflict.property) changed since the merge (it chose \(conflict.winner.value ?? "unset"); \
                    the head has \(now ?? "unset") now); keeping \(shown) would replace \(now ?? "unset"): confirm on the conflicts page
                    """)
            }
            let stale = try DesignedSizeRelease.unsets(changed: [property], named: [property]) { try head.value(conflict.view, $0) != nil }
            return [Edit(view: conflict.view, property: property, value: conflict.loser.value)]
                + stale.map { Edit(view: conflict.view, property: $0, value: nil) }
        }
        return result?.version
    }

    /// The structural conflict of `document` a restore button names: its view and the losing
    /// change's site and clock (as `plumb conflicts --json` prints them).
    static func findStructural(_ store: Store, document: String, form: [String: String]) throws -> StructuralConflict {
        guard let view = form["view"], let site = form["site"], let hlc = form["hlc"] else {
            throw StudioError.badRequest("expected the fields view, site and hlc")
        }
        guard let conflict = try store.structuralConflicts(of: document).first(where: {
            $0.view == view && $0.loser.site.hex == site && String($0.loser.hlc.rawValue) == hlc
        }) else {
            throw StudioError.notFound("\(document): no structural conflict on \(view) with that losing change (it may have been cleared)")
        }
        return conflict
    }

    /// Brings the lost view back as `plumb restore` does, with the arguments `plumb conflicts`
    /// names for it: the view, `--from` the version that made the losing change (or, when this
    /// store lacks it, the latest version that has the view). No new version when the head has
    /// the view as it was there.
    static func restore(_ conflict: StructuralConflict, document: String, store: Store, author: String) throws -> RestoreResult {
        guard conflict.isRestorable else {
            throw StudioError.badRequest("\(document): the move of \(conflict.view) was skipped, but nothing left the document; there is nothing to restore")
        }
        let version = try store.losingVersion(of: conflict, in: document)
        // Store.restore settles the conflicts that lost the view, as `plumb restore` does.
        return try store.restore(document: document, view: conflict.view, from: version?.id.hex, author: author)
    }

    /// Dismisses one conflict (`kind` property or structure, as the row's button names it): it
    /// stays listed, marked dismissed, and leaves the open count here and wherever this store
    /// syncs.
    static func dismiss(_ store: Store, document: String, form: [String: String]) throws {
        let key = form["kind"] == "structure"
            ? ConflictResolution.Key(try findStructural(store, document: document, form: form))
            : ConflictResolution.Key(try find(store, document: document, form: form))
        try store.settle([key], as: .dismissed)
    }
}
