import LayoutSpec
import Threading

/// Writes a large spec's text with two cores: the views are cut into parts, this thread writes
/// them out from the first while another makes them into memory from the last, and the two
/// meet where the work divides (`TwoEnds`); that thread's parts follow. The parts
/// (`SpecCodec.textParts`) put end to end are the text `SpecCodec.writeText` writes.
enum SpecTextWriter {
    /// Fewer views than this are written on one thread: starting another costs more than
    /// it saves.
    static let twoPartsFrom = 2_000

    /// The fewest views a part holds (there are at most 16 parts): few enough that the threads
    /// finish together, enough that a part's ancestors, opened again, cost nothing.
    static let partViews = 1_000

    /// Writes the text to stdout: in parts on two threads when there are `twoPartsFrom` views
    /// or more and `cores` (those the process may use) is more than one, else in one.
    static func write(_ spec: some TreeOrderedViews & Sendable, shape: SpecCodec.Shape, to console: Console,
                      cores: Int = Cores.allowed) {
        guard spec.count >= twoPartsFrom, cores > 1 else {
            SpecCodec.writeText(spec, shape: shape) { console.write(bytes: $0) }
            return
        }
        let parts = SpecCodec.textParts(of: spec, count: min(16, spec.count / partViews))
        let made = TwoEnds.run(count: parts.count, front: { part in
            SpecCodec.writeText(spec, shape: shape, views: parts[part]) { console.write(bytes: $0) }
        }, makeBack: {
            { part in
                var pieces: [[UInt8]] = []
                SpecCodec.writeText(spec, shape: shape, views: parts[part]) { pieces.append($0) }
                return pieces
            }
        })
        for (_, pieces) in made {
            for piece in pieces { console.write(bytes: piece) }
        }
    }
}
