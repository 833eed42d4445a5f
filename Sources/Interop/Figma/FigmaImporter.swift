import LayoutSpec

/// `plumb import figma`: a Figma REST API response in, one spec per top-level frame out.
///
/// ```swift
/// let result = try FigmaImporter.read(bytes, file: "design.json", frame: nil)
/// for frame in result.frames { print(frame.document, frame.spec.count) }
/// ```
/// Pure: bytes in, specs out. `read` reads and checks everything before it returns, so a
/// caller that stores the result stores all of it or (on a thrown error) nothing; `open` maps
/// frame by frame, for a caller that stores them in one transaction it abandons on an error.
public enum FigmaImporter {
    /// The result: the frames made into specs (ids already readable and unique), and what
    /// could not be expressed exactly.
    public struct Result: Sendable {
        public var frames: [ImportedFrame]
        public var summary: ImportSummary
        /// The Figma file's name.
        public var fileName: String
    }

    /// Reads `bytes` (a response of `GET /v1/files/:key` or `GET /v1/files/:key/nodes`) and
    /// maps every top-level frame of every page, or only `frame` (a node id such as `1:23`, or
    /// a frame's name).
    public static func read(_ bytes: consuming [UInt8], file: String, frame selector: String? = nil) throws(InteropError) -> Result {
        var frames = try open(bytes, file: file, frame: selector)
        var imported: [ImportedFrame] = []
        for index in frames.documents.indices { imported.append(try frames.map(index)) }
        return Result(frames: imported, summary: frames.summary, fileName: frames.fileName)
    }

    /// Reads `bytes` down to the top-level frames to import (every one, or only `frame`), each
    /// mapped by `Frames.map`: `plumb import figma` maps each inside the transaction that
    /// stores it, so that it never holds every frame's spec at once.
    ///
    /// Memory: the bytes, the pages and the frames' own fields; each frame's subtree (only the
    /// keys the reader reads) is parsed from the bytes when the frame is mapped and let go
    /// with its nodes once it is mapped.
    public static func open(_ bytes: consuming [UInt8], file: String, frame selector: String? = nil) throws(InteropError) -> Frames {
        let reader = FigmaReader(file: file, bytes: bytes)
        let figma = try reader.read()
        let fileName = figma.name
        var summary = ImportSummary()
        var frames = topLevelFrames(of: figma, summary: &summary)
        _ = consume figma
        if let selector { frames = [try select(selector, from: frames, file: file)] }
        guard !frames.isEmpty else {
            throw InteropError(file: file, message: "has no top-level frames to import (pages hold \(ImportSummary.listing(summary.skipped).isEmpty ? "nothing" : ImportSummary.listing(summary.skipped)))")
        }
        var names = ViewIdentifiers.Allocator()
        let documents = frames.map { names.unique(ViewIdentifiers.slug($0.node.name, type: $0.node.type)) }
        return Frames(file: file, fileName: fileName, documents: documents, summary: summary, reader: reader, pending: frames)
    }

    /// The top-level frames of a file, read but not yet mapped.
    public struct Frames {
        let file: String
        /// The Figma file's name.
        public let fileName: String
        /// Each frame's document name (from the frame's name, unique in the import), in order.
        public private(set) var documents: [String]
        /// What could not be expressed exactly, over the frames mapped so far (and the nodes
        /// on pages that are not frames).
        public private(set) var summary: ImportSummary
        let reader: FigmaReader
        var pending: [FigmaTopLevel]

        /// Stores the one frame under another document name.
        public mutating func rename(_ index: Int, to name: String) {
            documents[index] = name
        }

        /// Maps frame `index` into a spec (ids readable and unique), parsing its subtree from
        /// the bytes and letting it go: each frame is mapped once.
        public mutating func map(_ index: Int) throws(InteropError) -> ImportedFrame {
            let top = pending[index]
            pending[index].json = .null
            let node = try reader.subtree(top)
            var mapper = FigmaMapper(file: file)
            try mapper.map(frame: node)
            try FigmaImporter.checkValues(mapper.views, frame: node, file: file)
            let document = documents[index]
            var frameSummary = mapper.summary
            frameSummary.documents = 1
            frameSummary.views = mapper.views.count
            var frame = ImportedFrame(
                document: document, spec: Spec(name: document, views: mapper.views, parents: mapper.parents),
                nodeTypes: mapper.types, nodeNames: mapper.names, figmaBoxes: mapper.boxes,
                isCollapsed: mapper.collapsed, isRotated: mapper.rotated, isAdded: mapper.added, textLosses: mapper.textLosses,
                summary: frameSummary)
            frame.assignIDs()
            summary.add(frameSummary)
            return frame
        }
    }

    /// Refuses a value the mapping computed that no spec holds, naming the node's JSON path:
    /// numbers each in range can add up past the largest number (a width of 1e308 plus an
    /// offset), which the store would otherwise refuse without the file or the place.
    static func checkValues(_ views: [View], frame: FigmaNode, file: String) throws(InteropError) {
        var nodes: [String: (path: String, name: String)] = [:]
        var pending = [frame]
        while let node = pending.popLast() {
            if nodes[node.id] == nil { nodes[node.id] = (node.path, node.name) }
            pending += node.children
        }
        for view in views {
            for (property, value) in view.setProperties {
                guard let problem = property.type.check(value) else { continue }
                // An added wrapper's source is its child's id with a `#` suffix.
                let node = nodes[view.sourceId.map { String($0.prefix { $0 != "#" }) } ?? ""] ?? (frame.path, frame.name)
                let layer = "\(property.rawValue) of layer \(JSONWriter.quote(node.name))"
                let message = value.hasNonFiniteNumber
                    ? "\(layer) overflowed: the sizes and offsets it is computed from add up past the largest number"
                    : "\(layer): \(problem)"
                throw InteropError(file: file, location: node.path, message: message)
            }
        }
    }

    /// The frames, components, instances, sections and groups placed directly on each page;
    /// anything else on a page is counted as skipped.
    static func topLevelFrames(of figma: FigmaFile, summary: inout ImportSummary) -> [FigmaTopLevel] {
        var frames: [FigmaTopLevel] = []
        for top in figma.topLevel {
            if top.node.isContainer { frames.append(top) } else { summary.skipped("top-level \(top.node.type.words) (not a frame)") }
        }
        return frames
    }

    /// The one frame `selector` names: by node id, else by name (which must be unambiguous).
    static func select(_ selector: String, from frames: [FigmaTopLevel], file: String) throws(InteropError) -> FigmaTopLevel {
        if let byID = frames.first(where: { $0.node.id == selector }) { return byID }
        let named = frames.filter { $0.node.name == selector }
        if named.count == 1 { return named[0] }
        if named.count > 1 {
            throw InteropError(file: file, message: "\(named.count) top-level frames are called \"\(selector)\" (ids \(named.map(\.node.id).joined(separator: ", "))); give --frame one of the ids")
        }
        let hint = Suggestion.hint(for: selector, in: frames.map(\.node.name))
        let listing = frames.prefix(8).map { "\"\($0.node.name)\" (\($0.node.id))" }.joined(separator: ", ")
        throw InteropError(file: file, message: "no top-level frame \"\(selector)\"\(hint); the file has \(frames.count): \(listing)\(frames.count > 8 ? ", …" : "")")
    }
}

extension JSONValue {
    /// True when this is, or holds, a number that is infinite or not a number.
    var hasNonFiniteNumber: Bool {
        switch self {
        case .number(let value): !value.isFinite
        case .array(let elements): elements.contains { $0.hasNonFiniteNumber }
        case .object(let members): members.contains { $0.value.hasNonFiniteNumber }
        default: false
        }
    }
}
