/// The walk `TextShaper` and `ShapedWindow` share: a text's scalars collected for shaping
/// (controls left out, marks past the limits dropped, `TextShaper.append`) and split into runs
/// by the face that draws each cluster, a scalar and the marks (and joined emoji) after it: the
/// primary, or the fallback for the cluster's first shaped scalar the primary lacks. Marks
/// past the limits do not choose the face: they are not drawn, and a piece cut after a
/// cluster's shaped marks must get the face the whole cluster got. Clusters are
/// found scalar by scalar: Swift's grapheme walk cost more than shaping for text full of marks.
struct FaceRuns {
    /// The runs closed so far: shaped scalars `range`, drawn by `face`.
    private(set) var runs: [(range: Range<Int>, face: Typeface)] = []
    private let font: ResolvedFont
    private let primary: Typeface
    private let fonts: FontLibrary
    private var marksInARow = 0
    private var runStart = 0
    private var runFace: Typeface?
    private var clusterStart = 0
    private var clusterMissing: Unicode.Scalar?
    private var previous: UInt32 = 0

    init(font: ResolvedFont, fonts: FontLibrary) {
        self.font = font
        primary = font.primary
        self.fonts = fonts
    }

    /// Takes the text's next scalar, appending it to `scalars` unless it is left out; returns
    /// whether it starts a cluster.
    @inline(__always)
    mutating func add(_ scalar: Unicode.Scalar, to scalars: inout [UInt32]) -> Bool {
        let mark = TextShaper.mark(scalar)
        let startsCluster = mark == .none && !TextShaper.joins(scalar, after: previous)
        if startsCluster {
            closeCluster(at: scalars.count)
            clusterStart = scalars.count
            clusterMissing = nil
        }
        previous = scalar.value
        if FontLibrary.isControl(scalar) { return startsCluster }
        let count = scalars.count
        TextShaper.append(scalar, mark: mark, to: &scalars, marksInARow: &marksInARow)
        if scalars.count > count, clusterMissing == nil, !primary.hasGlyph(for: scalar), !TextShaper.isDefaultIgnorable(scalar) {
            clusterMissing = scalar
        }
        return startsCluster
    }

    /// Closes the last cluster and run once the text's `count` scalars are all added.
    mutating func finish(count: Int) {
        closeCluster(at: count)
        if let runFace, count > runStart { runs.append((runStart..<count, runFace)) }
    }

    /// Ends the cluster open before shaped scalar `end`, starting a run when its face differs.
    @inline(__always)
    private mutating func closeCluster(at end: Int) {
        guard end > clusterStart else { return }
        let face = clusterMissing.map { fonts.typeface(for: $0, in: font) } ?? primary
        if face !== runFace {
            if let runFace, clusterStart > runStart { runs.append((runStart..<clusterStart, runFace)) }
            runStart = clusterStart
            runFace = face
        }
    }
}
