import LayoutSpec
import SpecSync
import Testing

/// The words of a structural conflict, which `plumb conflicts` prints and the studio shows.
struct StructuralConflictWordsTests {
    static let winner = Stamp(hlc: Timestamp(milliseconds: 1_000, counter: 0), site: SiteID(high: 1, low: 0), seq: 4)
    static let loser = Stamp(hlc: Timestamp(milliseconds: 2_000, counter: 0), site: SiteID(high: 2, low: 0), seq: 7)

    static func conflict(_ kind: StructuralConflict.Kind, view: String = "name", cause: String = "form", winnerView: String = "form") -> StructuralConflict {
        StructuralConflict(kind: kind, view: view, cause: cause, winnerView: winnerView, winner: winner, loser: loser,
                           lost: [.init(property: .text, value: "\"Edited\""), .init(property: .width, value: nil)])
    }

    static func side(_ stamp: Stamp) -> String { stamp == winner ? "W" : "L" }

    @Test(arguments: [
        (StructuralConflict.Kind.deleted, "form", "name", "name: deleted with form by W while L changed it (text=\"Edited\" width=unset); not in the document"),
        (.deleted, "name", "name", "name: deleted by W while L changed it (text=\"Edited\" width=unset); not in the document"),
        (.addedUnderDeleted, "form", "form", "name: added by L under form, which W deleted; not in the document"),
        (.movedUnderDeleted, "form", "box", "name: moved by L under form (with box), which W deleted; not in the document"),
        (.editedUnderDeleted, "form", "form", "name: changed by L (text=\"Edited\" width=unset) under form, which W deleted; not in the document"),
        (.moveSkipped, "form", "box", "name: the move under form by L was skipped: box had been moved under name by W, and together they would make a loop; name stayed where it was"),
    ])
    func sentences(_ kind: StructuralConflict.Kind, _ cause: String, _ winnerView: String, _ expected: String) {
        let conflict = Self.conflict(kind, cause: cause, winnerView: winnerView)
        #expect(conflict.sentence(side: Self.side) == expected)
    }

    /// Each piece goes through the caller's function (the studio escapes and marks them up),
    /// and a view that is back is not said to be out of the document.
    @Test func piecesAreShownByTheCaller() {
        let conflict = Self.conflict(.editedUnderDeleted, winnerView: "box")
        let text = conflict.account(view: { "[\($0)]" }, side: Self.side, text: { "<\($0)>" }, stillOut: false)
        #expect(text == "changed by L (<text=\"Edited\" width=unset>) under [form] (with [box]), which W deleted")
        #expect(!Self.conflict(.moveSkipped).isRestorable)
        #expect(Self.conflict(.addedUnderDeleted).isRestorable)
        #expect(Set(StructuralConflict.Kind.allCases.map(\.summary)).count == StructuralConflict.Kind.allCases.count, "a different phrase per kind")
    }
}
