import FoundationEssentials
import Glibc
import LayoutSpec

/// Reads a Figma REST API response (`GET /v1/files/:key`, or its `/nodes` variant) into
/// `FigmaNode` trees, checking as it goes: anything that is not what Figma sends is an
/// `InteropError` naming the JSON path, never a crash and never a guess.
public struct FigmaReader {
    /// The file name, for messages.
    public let file: String
    /// The response: held until every frame is mapped, each frame's subtree being parsed from
    /// it when the frame is mapped.
    let bytes: [UInt8]

    public init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// The keys the reader reads, at any depth: `JSONParser.parse(_:keeping:)` leaves every
    /// other member out of the tree (a Figma file is mostly keys the mapping never reads).
    static let keys: Set<String> = [
        "status", "err", "error", "message", "name", "document", "nodes", "children", "id", "type",
        "visible", "opacity", "isMask", "blendMode", "absoluteBoundingBox", "x", "y", "width", "height",
        "constraints", "horizontal", "vertical", "layoutMode", "itemSpacing", "horizontalPadding", "verticalPadding",
        "paddingLeft", "paddingRight", "paddingTop", "paddingBottom", "primaryAxisAlignItems", "counterAxisAlignItems",
        "primaryAxisSizingMode", "counterAxisSizingMode", "layoutWrap", "counterAxisSpacing", "counterAxisAlignContent",
        "gridRowCount", "gridColumnCount",
        "gridRowGap", "gridColumnGap", "gridRowSizes", "gridColumnSizes", "value", "layoutAlign", "layoutGrow",
        "layoutSizingHorizontal", "layoutSizingVertical", "layoutPositioning", "gridRowAnchorIndex",
        "gridColumnAnchorIndex", "gridRowSpan", "gridColumnSpan", "gridChildHorizontalAlign", "gridChildVerticalAlign",
        "fills", "strokes", "color", "r", "g", "b", "a", "strokeWeight", "strokeAlign", "individualStrokeWeights",
        "top", "right", "bottom", "left", "cornerRadius", "rectangleCornerRadii", "effects", "rotation",
        "relativeTransform", "characters", "style", "fontFamily", "fontSize", "fontWeight", "italic",
        "textAlignHorizontal", "textAlignVertical", "textAutoResize", "textCase", "textTruncation", "maxLines",
        "letterSpacing", "lineHeightPx", "lineHeightUnit", "lineHeightPercent", "lineHeightPercentFontSize",
        "textDecoration", "characterStyleOverrides", "styleOverrideTable", "strokesIncludedInLayout", "minWidth", "maxWidth",
        "minHeight", "maxHeight", "paragraphSpacing",
    ]

    /// The members a parse for the reader keeps: its `keys`, every member of an object
    /// directly inside the response (the node ids of a `/nodes` response), and members named by
    /// a number (the style runs of a text's `styleOverrideTable`).
    public static func keeps(_ key: String, depth: Int) -> Bool {
        depth == 2 || keys.contains(key) || (!key.isEmpty && key.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
    }

    /// Where the top-level frames' children are in a response: a file's frames on its pages,
    /// and the nodes of a `/nodes` response (a requested page's or document's frames are
    /// found by parsing its children further). The first parse checks them but does not build
    /// them: `subtree` parses a frame's when the frame is mapped, so that however many nodes
    /// the file packs into a megabyte, one frame's tree is held at a time.
    static let deferred: [JSONParser.KeyPath] = [
        ["document", "children", "children", "children"], ["nodes", nil, "document", "children"],
    ]

    /// Reads the response down to its top-level nodes, each read without its children: the
    /// whole response is checked as JSON here (a syntax error anywhere is found before anything
    /// is mapped), and `subtree` reads a node's children when the frame is mapped.
    public func read() throws(InteropError) -> FigmaFile {
        let (json, spans) = try parse(nil, deferring: Self.deferred)
        guard case .object = json else { throw fail("$", "expected a Figma API response (an object), got \(json.typeDescription)") }
        if let status = member(json, "status"), member(json, "err") != nil || member(json, "error") != nil {
            let message = (member(json, "err") ?? member(json, "message"))?.string ?? "no message"
            throw fail("$", "is a Figma error response (status \(status.typeDescription): \(message)), not a file")
        }
        var file = FigmaFile(name: member(json, "name")?.string ?? "", topLevel: [])
        if let document = member(json, "document") {
            let root = try fields(document, path: "$.document")
            guard root.type == .document else {
                throw fail("$.document.type", "expected \"DOCUMENT\", got \"\(root.type.rawValue)\"")
            }
            try addPages(try children(of: document, path: "$.document"), path: "$.document", spans: spans, to: &file)
            return file
        }
        if let nodes = member(json, "nodes") {
            guard case .object(let members) = nodes else { throw fail("$.nodes", "expected an object of node ids, got \(nodes.typeDescription)") }
            for requested in members {
                let path = "$.nodes[\(JSONWriter.quote(requested.key))]"
                guard case .object = requested.value else {
                    throw fail(path, "node \(requested.key) is not in the file (Figma answered \(requested.value.typeDescription))")
                }
                guard let document = member(requested.value, "document") else { throw fail(path, "missing \"document\"") }
                try addNode(document, path: path + ".document", spans: spans, to: &file)
            }
            return file
        }
        // One node alone, as plugins and tools save the `document` of a nodes response.
        if member(json, "type")?.string != nil && member(json, "id") != nil {
            try addNode(json, path: "$", spans: spans, to: &file)
            return file
        }
        throw fail("$", "not a Figma file response: expected \"document\" (GET /v1/files/:key), \"nodes\" (GET /v1/files/:key/nodes) or a node (\"id\", \"type\")")
    }

    /// A node requested or given alone: a document's pages, a page's frames, or a top-level
    /// frame of its own. Its children are in `spans` where the parse deferred them.
    private func addNode(_ json: JSONValue, path: String, spans: [JSONSpan], to file: inout FigmaFile) throws(InteropError) {
        let found = try fields(json, path: path)
        let span = deferredChildren(of: json, spans)
        switch found.type {
        case .document, .canvas:
            let (nodes, nodeSpans) = span == nil
                ? (try children(of: json, path: path), [])
                : try children(span, path: path, deferring: found.type == .document ? [["children", "children"]] : [["children"]])
            if found.type == .document {
                try addPages(nodes, path: path, spans: nodeSpans, to: &file)
            } else {
                try addPage(nodes, path: path, spans: nodeSpans, to: &file)
            }
        default:
            file.topLevel.append(FigmaTopLevel(node: found, json: json, children: span))
        }
    }

    /// Reads a top-level node's subtree, parsing its children from the response.
    public func subtree(_ top: FigmaTopLevel) throws(InteropError) -> FigmaNode {
        guard let span = top.children else { return try node(top.json, path: top.node.path) }
        return try node(Self.replacingChildren(of: top.json, with: try parse(span).value), path: top.node.path)
    }

    /// A document's pages: each page's top-level nodes (a child that is not a page counts as one).
    private func addPages(_ pages: [JSONValue], path: String, spans: [JSONSpan], to file: inout FigmaFile) throws(InteropError) {
        for (position, element) in pages.enumerated() {
            let pagePath = "\(path).children[\(position)]"
            let page = try fields(element, path: pagePath)
            if page.type == .canvas {
                try addPage(try children(of: element, path: pagePath), path: pagePath, spans: spans, to: &file)
            } else {
                // Not a page but a top-level node: the parse deferred its children's children
                // (where a page's frames' children are), read here with the rest of it.
                var json = element
                if case .array(let nodes)? = member(element, "children") {
                    var resolved: [JSONValue] = []
                    for node in nodes {
                        guard let span = deferredChildren(of: node, spans) else { resolved.append(node); continue }
                        resolved.append(Self.replacingChildren(of: node, with: try parse(span).value))
                    }
                    json = Self.replacingChildren(of: element, with: .array(resolved))
                }
                file.topLevel.append(FigmaTopLevel(node: page, json: json, children: nil))
            }
        }
    }

    /// A page's top-level nodes, whose children the parse deferred.
    private func addPage(_ nodes: [JSONValue], path: String, spans: [JSONSpan], to file: inout FigmaFile) throws(InteropError) {
        for (position, element) in nodes.enumerated() {
            let nodePath = "\(path).children[\(position)]"
            let top = try fields(element, path: nodePath)
            file.topLevel.append(FigmaTopLevel(node: top, json: element, children: deferredChildren(of: element, spans)))
        }
    }

    /// The span of a node's `children` where the parse deferred them (it stands as its number);
    /// nil where it did not (a number the file itself holds there is refused as not a list
    /// when the children are read).
    private func deferredChildren(of node: JSONValue, _ spans: [JSONSpan]) -> JSONSpan? {
        guard case .number(let number)? = member(node, "children"), let index = Int(exactly: number),
              spans.indices.contains(index) else { return nil }
        return spans[index]
    }

    private static func replacingChildren(of node: JSONValue, with children: JSONValue) -> JSONValue {
        guard case .object(let members) = node else { return node }
        return .object(members.map { $0.key == "children" ? JSONMember("children", children) : $0 })
    }

    /// Parses the response (`span` nil) or a value in it, keeping only what the reader reads.
    private func parse(_ span: JSONSpan?, deferring: [JSONParser.KeyPath] = []) throws(InteropError) -> (value: JSONValue, spans: [JSONSpan]) {
        do {
            guard let span else { return try JSONParser.parse(bytes, keeping: Self.keeps, deferring: deferring) }
            return try JSONParser.parse(bytes, span: span, keeping: Self.keeps, deferring: deferring)
        } catch {
            throw InteropError(file: file, location: "line \(error.line), column \(error.column)", message: "not valid JSON (\(error.message)); is the file complete?")
        }
    }

    /// A node's deferred children, parsed (none where it has no `children`).
    private func children(
        _ span: JSONSpan?, path: String, deferring: [JSONParser.KeyPath]
    ) throws(InteropError) -> (nodes: [JSONValue], spans: [JSONSpan]) {
        guard let span else { return ([], []) }
        let (children, spans) = try parse(span, deferring: deferring)
        return (try elements(children, path: path), spans)
    }

    private func children(of json: JSONValue, path: String) throws(InteropError) -> [JSONValue] {
        try elements(member(json, "children"), path: path)
    }

    /// The nodes of a `children` value (none where a node has no children).
    private func elements(_ children: JSONValue?, path: String) throws(InteropError) -> [JSONValue] {
        guard let children else { return [] }
        guard case .array(let elements) = children else { throw fail(path + ".children", "expected an array of nodes, got \(children.typeDescription)") }
        return elements
    }

    // MARK: Nodes

    /// Reads a node and its subtree with an explicit work stack (any depth the parser took).
    private func node(_ json: JSONValue, path: String) throws(InteropError) -> FigmaNode {
        var root = try fields(json, path: path)
        var pending: [(json: JSONValue, path: String, indexPath: [Int])] = []
        try pushChildren(of: json, path: path, indexPath: [], onto: &pending)
        while let item = pending.popLast() {
            let child = try fields(item.json, path: item.path)
            insert(child, at: item.indexPath, in: &root)
            try pushChildren(of: item.json, path: item.path, indexPath: item.indexPath, onto: &pending)
        }
        return root
    }

    private func pushChildren(
        of json: JSONValue, path: String, indexPath: [Int], onto pending: inout [(json: JSONValue, path: String, indexPath: [Int])]
    ) throws(InteropError) {
        for (position, element) in try children(of: json, path: path).enumerated().reversed() {
            pending.append((element, "\(path).children[\(position)]", indexPath + [position]))
        }
    }

    /// Children are read parent first, in order, so each lands at the end of its parent's list.
    private func insert(_ child: FigmaNode, at indexPath: [Int], in root: inout FigmaNode) {
        func descend(_ node: inout FigmaNode, _ rest: ArraySlice<Int>) {
            if rest.count == 1 {
                node.children.append(child)
            } else {
                descend(&node.children[rest.first!], rest.dropFirst())
            }
        }
        descend(&root, indexPath[...])
    }
}

/// A Figma response read down to its top-level nodes.
public struct FigmaFile: Sendable {
    /// The file's name in Figma.
    public var name: String
    /// The nodes placed directly on each page, in order (a requested frame of a `/nodes`
    /// response, and a document child that is not a page, count as such nodes too).
    public var topLevel: [FigmaTopLevel]
}

/// A top-level node read without its children, its JSON, and where its children are in the
/// response when the parse deferred them: `FigmaReader.subtree` reads its subtree.
public struct FigmaTopLevel: Sendable {
    public var node: FigmaNode
    public var json: JSONValue
    public var children: JSONSpan?
}
