import LayoutSpec

/// Writes a spec's text to stdout on the command's own thread: the spec writer hands it over
/// in pieces of about 64 KB (`SpecCodec.writeText`), each written as it is made, so a large
/// document is never held whole as text and views made one at a time need not all exist at
/// once.
enum SpecTextWriter {
    /// Writes the text `SpecCodec.encodeText` makes, piece by piece.
    static func write(_ spec: some TreeOrderedViews, shape: SpecCodec.Shape, to console: Console) {
        SpecCodec.writeText(spec, shape: shape) { console.write(bytes: $0) }
    }
}
