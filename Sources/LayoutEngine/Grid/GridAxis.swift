import LayoutSpec

/// One axis of a grid (its rows or its columns): the track definitions and the sizes they
/// resolve to (DESIGN.md §2, `grid`; WPF's Grid).
///
/// Sizing runs in the order the design gives, one named step each:
/// 1. `init`: fixed tracks take their size (which is also their minimum);
/// 2. `sizeToSingleSpanItems`: `auto` tracks grow to their single-span content; star tracks
///    record that content as their minimum, and the least of it they must keep as their floor
///    (star counts as `auto` when the axis is unbounded);
/// 3. `distributeSpanningItems`: items spanning several tracks but no star track, shortest
///    spans first, add what they lack equally to their `auto` tracks that no item has reached
///    yet (as CSS gives it to the tracks below their growth limit), else to all their `auto`
///    tracks; then items spanning a star track add it to their star tracks' minimums and
///    floors by weight;
/// 4. `shareStarSpace`: star tracks share what is left of the available length by weight,
///    pinning any track whose share is below its floor to that floor.
struct GridAxis {
    /// What one track is, once `auto`-for-unbounded has been applied.
    enum Sizing: Equatable {
        case fixed
        case auto
        case star(weight: Double)
    }

    /// A child's extent on this axis: first track, number of tracks, its desired length with
    /// margins, and the least of that it holds a star track to (`floor`: all of it, but across
    /// a column for a plain view stretched over its cell, `Resolver.starColumnFloor`).
    struct Item {
        var start: Int
        var span: Int
        var length: Double
        var floor: Double
    }

    private(set) var sizing: [Sizing]
    /// Resolved track lengths, in points.
    private(set) var sizes: [Double]
    /// Content minimum of each star track (0 for others): what the grid asks for in measure.
    private(set) var minimums: [Double]
    /// The length below which each star track is not shared down (0 for others).
    private(set) var floors: [Double]
    /// True for an `auto` track that an item has reached: one in it alone, or a spanning item of
    /// a shorter span than the one being distributed. What a spanning item lacks goes to the
    /// others first.
    private var sized: [Bool]
    /// Space between two adjacent tracks.
    let spacing: Double

    /// An axis with `tracks` (one `*` track when `nil` or empty) and `spacing` between
    /// tracks. `bounded` is false when the grid's length on this axis is unbounded, which
    /// makes star tracks size as `auto`.
    init(tracks: [Track]?, spacing: Double, bounded: Bool) {
        let definitions = (tracks?.isEmpty ?? true) ? [Track.star(1)] : tracks!
        sizing = definitions.map { track in
            switch track {
            case .fixed: .fixed
            case .auto: .auto
            case .star(let weight): bounded ? .star(weight: weight) : .auto
            }
        }
        sizes = definitions.map { if case .fixed(let points) = $0 { points } else { 0 } }
        minimums = Array(repeating: 0, count: definitions.count)
        floors = minimums
        sized = Array(repeating: false, count: definitions.count)
        self.spacing = spacing
    }

    /// Number of tracks.
    var count: Int { sizes.count }

    /// The first track and span of an item asking for `start` and `span`: clamped to the
    /// tracks (a start past the last track lands on the last track, as in WPF).
    func placement(start: Int?, span: Int?) -> (start: Int, span: Int) {
        let first = min(max(start ?? 0, 0), count - 1)
        return (first, min(max(span ?? 1, 1), count - first))
    }

    /// Runs steps 2–4 for `items`; star space is shared only when `available` is finite.
    mutating func resolve(items: [Item], available: Double) {
        sizeToSingleSpanItems(items)
        distributeSpanningItems(items)
        if available.isFinite { shareStarSpace(available) }
    }

    /// Step 2: `auto` tracks take their largest single-span item; star tracks note it as their
    /// minimum. Fixed tracks ignore content.
    private mutating func sizeToSingleSpanItems(_ items: [Item]) {
        for item in items where item.span == 1 {
            switch sizing[item.start] {
            case .fixed: break
            case .auto:
                sizes[item.start] = max(sizes[item.start], item.length)
                sized[item.start] = true
            case .star:
                minimums[item.start] = max(minimums[item.start], item.length)
                floors[item.start] = max(floors[item.start], item.floor)
            }
        }
    }

    /// Step 3, as CSS grid sizes tracks for items that span several. First the items that span
    /// no star track, by span (shortest first): each adds the length it lacks equally to its
    /// `auto` tracks that no item had reached when its span's turn came, or if every one had
    /// been, to all of them (CSS gives it first to the tracks below their growth limit, and a
    /// track that an item reaches has a finite one); a track takes the largest of what the items
    /// of one span give it, each measured against the tracks as they were before that span.
    /// Then the items that span a star track, all measured against the tracks as they were
    /// before them: each adds what it lacks to its star tracks' minimums (and what its floor
    /// lacks to their floors) by their weights (equally when those add up to less than 1), and a
    /// track takes the largest it is given, as CSS gives it to the flexible tracks.
    private mutating func distributeSpanningItems(_ items: [Item]) {
        let spanning = items.filter { $0.span > 1 }.sorted { $0.span < $1.span }
        let acrossStars = spanning.filter { spansStar(start: $0.start, span: $0.span) }
        let others = spanning.filter { !spansStar(start: $0.start, span: $0.span) }
        var next = 0
        while next < others.count {
            let span = others[next].span
            var increase = [Double?](repeating: nil, count: count)
            var reached: [Int] = []
            while next < others.count && others[next].span == span {
                let item = others[next]
                next += 1
                let tracks = item.start..<(item.start + item.span)
                let autos = tracks.filter { sizing[$0] == .auto }
                reached += autos
                let missing = item.length - contentLength(of: tracks)
                guard missing > 0, !autos.isEmpty else { continue }
                let unsized = autos.filter { !sized[$0] }
                let growing = unsized.isEmpty ? autos : unsized
                for track in growing { increase[track] = max(increase[track] ?? 0, missing / Double(growing.count)) }
            }
            for track in 0..<count { if let added = increase[track] { sizes[track] += added } }
            for track in reached { sized[track] = true }
        }
        var minimumIncrease = [Double](repeating: 0, count: count), floorIncrease = minimumIncrease
        for item in acrossStars {
            let tracks = item.start..<(item.start + item.span)
            let stars = tracks.filter { isStar($0) }
            // Weights relative to the largest, so that their sum cannot overflow.
            let largest = stars.map(weight(of:)).max() ?? 0
            let total = largest > 0 ? stars.reduce(0) { $0 + weight(of: $1) / largest } : 0
            let byWeight = largest * total >= 1
            func share(_ track: Int) -> Double { byWeight ? weight(of: track) / largest / total : 1 / Double(stars.count) }
            let missing = item.length - contentLength(of: tracks)
            let missingFloor = item.floor - floorLength(of: tracks)
            for track in stars {
                if missing > 0 { minimumIncrease[track] = max(minimumIncrease[track], missing * share(track)) }
                if missingFloor > 0 { floorIncrease[track] = max(floorIncrease[track], missingFloor * share(track)) }
            }
        }
        for track in 0..<count {
            minimums[track] += minimumIncrease[track]
            floors[track] += floorIncrease[track]
        }
    }

    /// Step 4: star tracks share `available` less the other tracks and the spacing, by weight;
    /// a track whose share is below its floor is pinned there and the rest re-shared.
    private mutating func shareStarSpace(_ available: Double) {
        var unpinned = (0..<count).filter { if case .star = sizing[$0] { true } else { false } }
        guard !unpinned.isEmpty else { return }
        var remaining = available - totalSpacing
        for track in 0..<count where !isStar(track) { remaining -= sizes[track] }
        while !unpinned.isEmpty {
            // Weights relative to the largest, so that weights near the largest double cannot
            // overflow their sum (and give inf / inf = NaN).
            let largest = unpinned.map(weight(of:)).max()!
            func share(_ track: Int) -> Double { weight(of: track) / largest }
            let totalWeight = unpinned.reduce(0.0) { $0 + share($1) }
            let space = max(0, remaining)
            let pinned = unpinned.filter { floors[$0] > space * share($0) / totalWeight }
            if pinned.isEmpty {
                for track in unpinned { sizes[track] = space * share(track) / totalWeight }
                return
            }
            for track in pinned {
                sizes[track] = floors[track]
                remaining -= floors[track]
            }
            unpinned.removeAll { pinned.contains($0) }
        }
    }

    /// The axis's desired length: tracks at their content size (star tracks at their minimum
    /// when bounded) plus spacing. This is what a grid asks for in measure.
    var contentLength: Double {
        contentLength(of: 0..<count)
    }

    /// Length of `tracks` and the spacing between them, star tracks at their minimum.
    private func contentLength(of tracks: Range<Int>) -> Double {
        var total = spacing * Double(tracks.count - 1)
        for track in tracks { total += isStar(track) ? minimums[track] : sizes[track] }
        return total
    }

    /// Length of `tracks` and the spacing between them, star tracks at their floor.
    private func floorLength(of tracks: Range<Int>) -> Double {
        var total = spacing * Double(tracks.count - 1)
        for track in tracks { total += isStar(track) ? floors[track] : sizes[track] }
        return total
    }

    /// Offset of each track's start from the axis's start, once resolved.
    var offsets: [Double] {
        var offsets = [Double](repeating: 0, count: count)
        var position = 0.0
        for track in 0..<count {
            offsets[track] = position
            position += sizes[track] + spacing
        }
        return offsets
    }

    /// Length of `span` tracks from `start` with the spacing between them, once resolved.
    func extent(start: Int, span: Int) -> Double {
        var total = spacing * Double(span - 1)
        for track in start..<(start + span) { total += sizes[track] }
        return total
    }

    /// True when every track of `start..<start+span` is fixed.
    func isFixed(start: Int, span: Int) -> Bool {
        (start..<(start + span)).allSatisfy { sizing[$0] == .fixed }
    }

    /// True when a track of `start..<start+span` is a (bounded) star track.
    func spansStar(start: Int, span: Int) -> Bool {
        (start..<(start + span)).contains { isStar($0) }
    }

    private var totalSpacing: Double { spacing * Double(count - 1) }

    private func isStar(_ track: Int) -> Bool {
        if case .star = sizing[track] { true } else { false }
    }

    private func weight(of track: Int) -> Double {
        if case .star(let weight) = sizing[track] { weight } else { 0 }
    }
}
