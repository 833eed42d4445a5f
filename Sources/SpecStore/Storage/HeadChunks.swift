import LayoutSpec
import SpecSync

/// How a document's head is cut into `HeadChunk`s (`head_chunks`): pure, so the store and the
/// migration cut the same way.
package enum HeadChunks {
    /// Views a chunk is cut to; a chunk grows to twice that before it is cut again.
    static let targetViews = 64
    static let maximumViews = 2 * targetViews

    /// The pieces of `state` (one chunk's views after an edit, or a whole head): one piece when
    /// it holds at most `maximumViews` views, else pieces of `targetViews`; each with its first
    /// view id. Ids are ASCII (`Identifier`), so `<` is SQLite's byte order.
    static func pieces(of state: DocumentState) -> [ArraySlice<(id: String, state: ViewState)>] {
        let sorted = sortedViews(of: state)
        guard sorted.count > maximumViews else { return sorted.isEmpty ? [] : [sorted[...]] }
        return stride(from: 0, to: sorted.count, by: targetViews).map { sorted[$0..<min($0 + targetViews, sorted.count)] }
    }

    /// The views of `state` that hold an entry, by id: the order chunks and snapshots keep.
    /// One array, sorted in place (a whole head's views are held here once more).
    package static func sortedViews(of state: DocumentState) -> [(id: String, state: ViewState)] {
        var sorted: [(id: String, state: ViewState)] = []
        sorted.reserveCapacity(state.views.count)
        for (id, view) in state.views where view.count > 0 { sorted.append((id, view)) }
        sorted.sort { $0.id < $1.id }
        return sorted
    }

    /// Whether a view of a head is among the root candidates (`head_roots`): alive, with a
    /// parent that is not a view id.
    static func isRootCandidate(_ view: ViewState?) -> Bool {
        guard let view, view[.alive]?.value == "true" else { return false }
        guard let parent = view[.parent]?.value else { return true }
        return !parent.hasPrefix("\"")
    }
}
