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
        "primaryAxisSizingMode", "counterAxisSizingMode", "layoutWrap", "gridRowCount", "gridColumnCount",
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
                let found = try fields(document, path: path + ".document")
                let span = deferredChildren(of: document, spans)
                switch found.type {
                case .document:
                    let (pages, pageSpans) = try children(span, path: path + ".document", deferring: [["children", "children"]])
                    try addPages(pages, path: path + ".document", spans: pageSpans, to: &file)
                case .canvas:
                    let (frames, frameSpans) = try children(span, path: path + ".document", deferring: [["children"]])
                    try addPage(frames, path: path + ".document", spans: frameSpans, to: &file)
                // A requested frame: a top-level frame of its own.
                default: file.topLevel.append(FigmaTopLevel(node: found, json: document, children: span))
                }
            }
            return file
        }
        throw fail("$", "not a Figma file response: expected \"document\" (GET /v1/files/:key) or \"nodes\" (GET /v1/files/:key/nodes)")
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

    /// The span of a node's `children` where the parse deferred them (it stands as its number).
    private func deferredChildren(of node: JSONValue, _ spans: [JSONSpan]) -> JSONSpan? {
        guard case .number(let index)? = member(node, "children") else { return nil }
        return spans[Int(index)]
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

    /// The node's own fields (children excluded).
    private func fields(_ json: JSONValue, path: String) throws(InteropError) -> FigmaNode {
        guard case .object = json else { throw fail(path, "expected a node (an object), got \(json.typeDescription)") }
        let typeName = try string(json, "type", path, required: true)!
        guard let type = FigmaNodeType(rawValue: typeName) else {
            let hint = Suggestion.hint(for: typeName, in: FigmaNodeType.allCases.map(\.rawValue))
            throw fail(path + ".type", "unknown node type \"\(typeName)\"\(hint)")
        }
        let id = try string(json, "id", path, required: true)!
        var node = FigmaNode(id: id, name: try string(json, "name", path) ?? "", type: type, path: path)
        node.visible = try bool(json, "visible", path) ?? true
        node.opacity = try number(json, "opacity", path, in: 0...1) ?? 1
        node.isMask = try bool(json, "isMask", path) ?? false
        node.blendMode = try string(json, "blendMode", path)
        if type != .document && type != .canvas { node.box = try rect(json, "absoluteBoundingBox", path) }
        if let constraints = member(json, "constraints") {
            node.constraints = FigmaConstraints(
                horizontal: try string(constraints, "horizontal", path + ".constraints") ?? "LEFT",
                vertical: try string(constraints, "vertical", path + ".constraints") ?? "TOP")
        }
        node.autoLayout = try autoLayout(json, path)
        node.child = try childLayout(json, path)
        node.fills = try paints(json, "fills", path)
        node.strokes = try paints(json, "strokes", path)
        node.strokeWeight = try number(json, "strokeWeight", path, in: 0...Double.greatestFiniteMagnitude)
        node.strokeAlign = try string(json, "strokeAlign", path)
        var strokeWeights = [Double](repeating: node.strokeWeight ?? 1, count: 4)
        if let weights = member(json, "individualStrokeWeights") {
            strokeWeights = try ["top", "right", "bottom", "left"].map { (edge) throws(InteropError) in
                try number(weights, edge, path + ".individualStrokeWeights", in: 0...Double.greatestFiniteMagnitude) ?? 0
            }
            node.hasUnevenStrokes = Set(strokeWeights).count > 1
        }
        // A stroke included in the layout insets the children as padding does (border-box).
        if node.autoLayout?.strokesIncludedInLayout == true, node.strokes.contains(where: { $0.visible && $0.opacity > 0 }) {
            node.autoLayout!.paddingTop += strokeWeights[0]
            node.autoLayout!.paddingRight += strokeWeights[1]
            node.autoLayout!.paddingBottom += strokeWeights[2]
            node.autoLayout!.paddingLeft += strokeWeights[3]
        }
        let lengths = 0...Double.greatestFiniteMagnitude
        node.minWidth = try number(json, "minWidth", path, in: lengths)
        node.maxWidth = try number(json, "maxWidth", path, in: lengths)
        node.minHeight = try number(json, "minHeight", path, in: lengths)
        node.maxHeight = try number(json, "maxHeight", path, in: lengths)
        node.cornerRadius = try number(json, "cornerRadius", path, in: 0...Double.greatestFiniteMagnitude)
        node.cornerRadii = try numbers(json, "rectangleCornerRadii", path)
        node.effects = try effects(json, path)
        node.rotation = try rotation(json, path)
        if type == .text { node.text = try text(json, path) }
        return node
    }

    private func autoLayout(_ json: JSONValue, _ path: String) throws(InteropError) -> FigmaAutoLayout? {
        guard let modeName = try string(json, "layoutMode", path), modeName != "NONE" else { return nil }
        guard let mode = FigmaAutoLayout.Mode(rawValue: modeName) else {
            throw fail(path + ".layoutMode", "expected one of \"NONE\", \"HORIZONTAL\", \"VERTICAL\", \"GRID\", got \"\(modeName)\"")
        }
        var layout = FigmaAutoLayout(mode: mode)
        layout.itemSpacing = try number(json, "itemSpacing", path) ?? 0
        // Files from before 2021 give one padding per axis.
        let horizontal = try number(json, "horizontalPadding", path) ?? 0
        let vertical = try number(json, "verticalPadding", path) ?? 0
        layout.paddingLeft = try number(json, "paddingLeft", path) ?? horizontal
        layout.paddingRight = try number(json, "paddingRight", path) ?? horizontal
        layout.paddingTop = try number(json, "paddingTop", path) ?? vertical
        layout.paddingBottom = try number(json, "paddingBottom", path) ?? vertical
        layout.primaryAxisAlignItems = try string(json, "primaryAxisAlignItems", path) ?? "MIN"
        layout.counterAxisAlignItems = try string(json, "counterAxisAlignItems", path) ?? "MIN"
        layout.primaryAxisSizingMode = try string(json, "primaryAxisSizingMode", path) ?? "AUTO"
        layout.counterAxisSizingMode = try string(json, "counterAxisSizingMode", path) ?? "AUTO"
        layout.wraps = try string(json, "layoutWrap", path) == "WRAP"
        layout.strokesIncludedInLayout = try bool(json, "strokesIncludedInLayout", path) ?? false
        if mode == .grid {
            layout.gridRowCount = try count(json, "gridRowCount", path) ?? 0
            layout.gridColumnCount = try count(json, "gridColumnCount", path) ?? 0
            layout.gridRowGap = try number(json, "gridRowGap", path) ?? 0
            layout.gridColumnGap = try number(json, "gridColumnGap", path) ?? 0
            layout.gridRows = try tracks(json, "gridRowSizes", path)
            layout.gridColumns = try tracks(json, "gridColumnSizes", path)
        }
        return layout
    }

    private func childLayout(_ json: JSONValue, _ path: String) throws(InteropError) -> FigmaChildLayout {
        var child = FigmaChildLayout()
        child.layoutAlign = try string(json, "layoutAlign", path)
        child.layoutGrow = try number(json, "layoutGrow", path) ?? 0
        child.sizingHorizontal = try string(json, "layoutSizingHorizontal", path)
        child.sizingVertical = try string(json, "layoutSizingVertical", path)
        child.positioning = try string(json, "layoutPositioning", path)
        child.gridRow = try count(json, "gridRowAnchorIndex", path)
        child.gridColumn = try count(json, "gridColumnAnchorIndex", path)
        child.gridRowSpan = max(1, try count(json, "gridRowSpan", path) ?? 1)
        child.gridColumnSpan = max(1, try count(json, "gridColumnSpan", path) ?? 1)
        child.gridHorizontalAlign = try string(json, "gridChildHorizontalAlign", path)
        child.gridVerticalAlign = try string(json, "gridChildVerticalAlign", path)
        return child
    }

    private func text(_ json: JSONValue, _ path: String) throws(InteropError) -> FigmaText {
        var text = FigmaText(characters: try string(json, "characters", path) ?? "")
        if let style = member(json, "style") {
            let stylePath = path + ".style"
            text.fontFamily = try string(style, "fontFamily", stylePath)
            text.fontSize = try number(style, "fontSize", stylePath)
            text.fontWeight = try number(style, "fontWeight", stylePath)
            text.italic = try bool(style, "italic", stylePath) ?? false
            text.alignHorizontal = try string(style, "textAlignHorizontal", stylePath)
            text.alignVertical = try string(style, "textAlignVertical", stylePath)
            text.autoResize = try string(style, "textAutoResize", stylePath)
            text.textCase = try string(style, "textCase", stylePath)
            text.truncation = try string(style, "textTruncation", stylePath)
            text.maxLines = try count(style, "maxLines", stylePath)
            text.letterSpacing = try number(style, "letterSpacing", stylePath) ?? 0
            text.lineHeightPx = try number(style, "lineHeightPx", stylePath)
            text.lineHeightUnit = try string(style, "lineHeightUnit", stylePath)
            text.lineHeightPercent = try number(style, "lineHeightPercent", stylePath)
            text.lineHeightPercentFontSize = try number(style, "lineHeightPercentFontSize", stylePath)
            text.textDecoration = try string(style, "textDecoration", stylePath)
            text.paragraphSpacing = try number(style, "paragraphSpacing", stylePath) ?? 0
        }
        // Newer files put these on the node itself.
        text.autoResize = try string(json, "textAutoResize", path) ?? text.autoResize
        text.truncation = try string(json, "textTruncation", path) ?? text.truncation
        text.maxLines = try count(json, "maxLines", path) ?? text.maxLines
        if case .array(let overrides)? = member(json, "characterStyleOverrides") {
            let runs = Set(overrides.compactMap { $0.number.flatMap { $0 != 0 ? $0 : nil } })
            text.hasStyleRuns = !runs.isEmpty
            let table = member(json, "styleOverrideTable")
            text.hasMeasuredStyleRuns = runs.contains { run in
                // A run without its entry may change anything.
                guard run == run.rounded(), abs(run) < 1e9, let style = table.flatMap({ member($0, String(Int(run))) }) else { return true }
                return Self.changesMeasurement(style, of: member(json, "style"))
            }
        }
        return text
    }

    /// Style fields that change a text's size; a run setting only others (fills, decoration,
    /// a hyperlink) is drawn differently but measures as the base style.
    static let measuredStyleKeys = [
        "fontFamily", "fontWeight", "fontSize", "italic", "letterSpacing", "lineHeightPx", "lineHeightUnit",
        "lineHeightPercent", "lineHeightPercentFontSize", "textCase",
    ]

    /// Whether the run's `style` sets a measured field to another value than `base` has.
    private static func changesMeasurement(_ style: JSONValue, of base: JSONValue?) -> Bool {
        guard case .object(let members) = style else { return true }
        return members.contains { member in
            Self.measuredStyleKeys.contains(member.key) && base.flatMap({ $0[member.key] }) != member.value
        }
    }

    private func paints(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> [FigmaPaint] {
        guard let value = member(json, key) else { return [] }
        guard case .array(let elements) = value else { throw fail("\(path).\(key)", "expected an array of paints, got \(value.typeDescription)") }
        var paints: [FigmaPaint] = []
        for (position, element) in elements.enumerated() {
            let paintPath = "\(path).\(key)[\(position)]"
            var paint = FigmaPaint(type: try string(element, "type", paintPath, required: true)!)
            paint.visible = try bool(element, "visible", paintPath) ?? true
            paint.opacity = try number(element, "opacity", paintPath, in: 0...1) ?? 1
            if let color = member(element, "color") {
                let colorPath = paintPath + ".color"
                paint.color = FigmaColor(
                    red: try number(color, "r", colorPath, in: 0...1) ?? 0, green: try number(color, "g", colorPath, in: 0...1) ?? 0,
                    blue: try number(color, "b", colorPath, in: 0...1) ?? 0, alpha: try number(color, "a", colorPath, in: 0...1) ?? 1)
            }
            paints.append(paint)
        }
        return paints
    }

    private func effects(_ json: JSONValue, _ path: String) throws(InteropError) -> [String] {
        guard let value = member(json, "effects") else { return [] }
        guard case .array(let elements) = value else { throw fail(path + ".effects", "expected an array of effects, got \(value.typeDescription)") }
        var types: [String] = []
        for (position, element) in elements.enumerated() {
            let effectPath = "\(path).effects[\(position)]"
            if try bool(element, "visible", effectPath) ?? true {
                types.append(try string(element, "type", effectPath, required: true)!)
            }
        }
        return types
    }

    /// `rotation` (radians) where the file has it, else the angle of `relativeTransform`.
    private func rotation(_ json: JSONValue, _ path: String) throws(InteropError) -> Double {
        if let rotation = try number(json, "rotation", path) { return rotation }
        guard case .array(let rows)? = member(json, "relativeTransform"), rows.count == 2,
              case .array(let first) = rows[0], case .array(let second) = rows[1], first.count == 3, second.count == 3,
              let cosine = first[0].number, let sine = second[0].number else { return 0 }
        return atan2(sine, cosine)
    }

    private func tracks(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> [FigmaGridTrack] {
        guard let value = member(json, key) else { return [] }
        guard case .array(let elements) = value else { throw fail("\(path).\(key)", "expected an array of tracks, got \(value.typeDescription)") }
        var tracks: [FigmaGridTrack] = []
        for (position, element) in elements.enumerated() {
            let trackPath = "\(path).\(key)[\(position)]"
            tracks.append(FigmaGridTrack(
                type: try string(element, "type", trackPath) ?? "FLEX", value: try number(element, "value", trackPath) ?? 1))
        }
        return tracks
    }

    // MARK: Typed fields

    private func string(_ json: JSONValue, _ key: String, _ path: String, required: Bool = false) throws(InteropError) -> String? {
        switch member(json, key) {
        case nil, .null?:
            if required { throw fail(path, "missing \"\(key)\"") }
            return nil
        case .string(let text)?: return text
        case let other?: throw fail("\(path).\(key)", "expected a string, got \(other.typeDescription)")
        }
    }

    private func number(_ json: JSONValue, _ key: String, _ path: String, in range: ClosedRange<Double>? = nil) throws(InteropError) -> Double? {
        switch member(json, key) {
        case nil, .null?: return nil
        case .number(let value)? where value.isFinite:
            if let range, !range.contains(value) {
                throw fail("\(path).\(key)", "expected a number from \(JSONWriter.format(range.lowerBound)) to \(JSONWriter.format(range.upperBound)), got \(JSONWriter.format(value))")
            }
            return value
        case let other?: throw fail("\(path).\(key)", "expected a number, got \(other.typeDescription)")
        }
    }

    private func count(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> Int? {
        guard let value = try number(json, key, path) else { return nil }
        guard value >= 0, value <= 1_000_000, value == value.rounded() else {
            throw fail("\(path).\(key)", "expected a whole number from 0 to 1000000, got \(JSONWriter.format(value))")
        }
        return Int(value)
    }

    private func bool(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> Bool? {
        switch member(json, key) {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw fail("\(path).\(key)", "expected true or false, got \(other.typeDescription)")
        }
    }

    private func numbers(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> [Double] {
        guard let value = member(json, key) else { return [] }
        guard case .array(let elements) = value, elements.allSatisfy({ $0.number?.isFinite ?? false }) else {
            throw fail("\(path).\(key)", "expected an array of numbers, got \(value.typeDescription)")
        }
        return elements.compactMap(\.number)
    }

    private func rect(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> FigmaRect? {
        guard let value = member(json, key), value != .null else { return nil }
        let boxPath = "\(path).\(key)"
        guard case .object = value, let x = try number(value, "x", boxPath), let y = try number(value, "y", boxPath),
              let width = try number(value, "width", boxPath, in: 0...Double.greatestFiniteMagnitude),
              let height = try number(value, "height", boxPath, in: 0...Double.greatestFiniteMagnitude) else {
            throw fail(boxPath, "expected {x, y, width, height} with numbers, got \(value.typeDescription)")
        }
        return FigmaRect(x: x, y: y, width: width, height: height)
    }

    /// A member the reader reads: one of `keys`, or a parse keeping only those would drop it.
    private func member(_ json: JSONValue, _ key: String) -> JSONValue? {
        assert(Self.keeps(key, depth: 0), "FigmaReader reads \"\(key)\": add it to FigmaReader.keys")
        return json[key]
    }

    private func fail(_ path: String, _ message: String) -> InteropError {
        InteropError(file: file, location: path, message: message)
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
