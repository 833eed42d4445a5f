/// How a structural conflict reads in words: one wording for `plumb conflicts` (a line of
/// text) and the studio's conflicts page (a table row in HTML).
extension StructuralConflict {
    /// What happened, in a sentence: the view, who deleted or moved what, what the losing side
    /// did, and whether the view is out of the document. The caller says how the pieces are
    /// shown: `view` a view id, `side` a change's site and time, `text` what the losing side
    /// wrote (the studio escapes and marks them up; the CLI prints them as they are).
    public func sentence(view: (String) -> String = { $0 }, side: (Stamp) -> String, text: (String) -> String = { $0 }) -> String {
        "\(view(self.view)): " + account(view: view, side: side, text: text)
    }

    /// The sentence without the view it is about (for a table with a column of views);
    /// `stillOut: false` leaves out "not in the document" (the view is back).
    public func account(view: (String) -> String = { $0 }, side: (Stamp) -> String, text: (String) -> String = { $0 },
                        stillOut: Bool = true) -> String {
        let out = stillOut ? "; not in the document" : ""
        let loser = side(self.loser), winner = side(self.winner)
        let did = text(lostText)
        let name = view(self.view), cause = view(self.cause)
        let deleted = self.cause == winnerView ? cause : "\(cause) (with \(view(winnerView)))"
        switch kind {
        case .deleted:
            let with = self.cause == self.view ? "" : " with \(cause)"
            return "deleted\(with) by \(winner) while \(loser) changed it (\(did))\(out)"
        case .addedUnderDeleted:
            return "added by \(loser) under \(deleted), which \(winner) deleted\(out)"
        case .movedUnderDeleted:
            return "moved by \(loser) under \(deleted), which \(winner) deleted\(out)"
        case .editedUnderDeleted:
            return "changed by \(loser) (\(did)) under \(deleted), which \(winner) deleted\(out)"
        case .moveSkipped:
            return "the move under \(cause) by \(loser) was skipped: \(view(winnerView)) had been moved under \(name) by \(winner), and together they would make a loop; \(name) stayed where it was"
        }
    }

    /// What the losing side wrote on the view that is lost: `text="Edited" width=unset`.
    public var lostText: String {
        lost.map { "\($0.property.rawValue)=\($0.value ?? "unset")" }.joined(separator: " ")
    }

    /// Whether `plumb restore` can undo it: everything but a skipped move, which took nothing
    /// out of the document.
    public var isRestorable: Bool { kind != .moveSkipped }
}

extension StructuralConflict.Kind {
    /// The kind in a few words, for a heading or a table cell.
    public var summary: String {
        switch self {
        case .deleted: "changed, but deleted elsewhere"
        case .addedUnderDeleted: "added under a deleted view"
        case .movedUnderDeleted: "moved under a deleted view"
        case .editedUnderDeleted: "changed under a deleted view"
        case .moveSkipped: "move skipped (a loop)"
        }
    }
}
