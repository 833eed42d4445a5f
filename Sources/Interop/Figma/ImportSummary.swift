/// What an import did with everything Plumb cannot say as Figma says it: counted by kind, so
/// nothing is dropped silently.
public struct ImportSummary: Sendable, Equatable {
    /// Documents made (one per top-level frame imported).
    public var documents = 0
    /// Views written, over all documents.
    public var views = 0
    /// Figma features Plumb cannot express; the node is kept as a plain view with its frame
    /// (`vector`, `image fill`, `drop shadow`, `rotation`, `mask`, `boolean operation`, …).
    public var unexpressed: [String: Int] = [:]
    /// Figma features imported approximately (`SCALE constraint → fill`, `justified text → left`, …).
    public var approximated: [String: Int] = [:]
    /// Nodes not imported at all, with why (`top-level text (not a frame)`, `slice`, …).
    public var skipped: [String: Int] = [:]

    public init() {}

    mutating func unexpressed(_ what: String, _ count: Int = 1) { unexpressed[what, default: 0] += count }
    mutating func approximated(_ what: String, _ count: Int = 1) { approximated[what, default: 0] += count }
    mutating func skipped(_ what: String, _ count: Int = 1) { skipped[what, default: 0] += count }

    /// Adds another summary's counts to this one.
    public mutating func add(_ other: ImportSummary) {
        documents += other.documents
        views += other.views
        unexpressed.merge(other.unexpressed, uniquingKeysWith: +)
        approximated.merge(other.approximated, uniquingKeysWith: +)
        skipped.merge(other.skipped, uniquingKeysWith: +)
    }

    /// The summary in lines for people: one line per group, kinds by count (largest first).
    public var lines: [String] {
        var lines: [String] = []
        if !unexpressed.isEmpty {
            lines.append("not expressible in Plumb, kept as plain views with their frames: " + Self.listing(unexpressed))
        }
        if !approximated.isEmpty { lines.append("approximated: " + Self.listing(approximated)) }
        if !skipped.isEmpty { lines.append("not imported: " + Self.listing(skipped)) }
        return lines
    }

    /// `vector 6, image fill 2` (largest count first, then by name).
    static func listing(_ counts: [String: Int]) -> String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}
