import FoundationEssentials
import Glibc
import LayoutSpec

/// The fields of one node: box, constraints, auto layout, its place in its parent's, paints,
/// text and the rest the mapping reads.
extension FigmaReader {
    /// The node's own fields (children excluded).
    func fields(_ json: JSONValue, path: String) throws(InteropError) -> FigmaNode {
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
        if let box = node.box { node.autoLayout?.fitPadding(to: box) }
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

    func autoLayout(_ json: JSONValue, _ path: String) throws(InteropError) -> FigmaAutoLayout? {
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
        // Figma wraps horizontal auto layout only.
        layout.wraps = try string(json, "layoutWrap", path) == "WRAP" && mode == .horizontal
        layout.counterAxisSpacing = try number(json, "counterAxisSpacing", path)
        layout.counterAxisAlignContent = try string(json, "counterAxisAlignContent", path) ?? "AUTO"
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

    func childLayout(_ json: JSONValue, _ path: String) throws(InteropError) -> FigmaChildLayout {
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

    func text(_ json: JSONValue, _ path: String) throws(InteropError) -> FigmaText {
        var text = FigmaText(characters: try string(json, "characters", path) ?? "")
        if let style = member(json, "style") { try textStyle(style, path + ".style", into: &text) }
        // Newer files put these on the node itself.
        text.autoResize = try string(json, "textAutoResize", path) ?? text.autoResize
        text.truncation = try string(json, "textTruncation", path) ?? text.truncation
        text.maxLines = try count(json, "maxLines", path) ?? text.maxLines
        if case .array(let overrides)? = member(json, "characterStyleOverrides") {
            text.styleRuns = try styleRuns(overrides, table: member(json, "styleOverrideTable"), base: text, path)
        }
        return text
    }

    /// The text's style fields (a node's `style`, or a run's entry in `styleOverrideTable`)
    /// over `text`'s.
    private func textStyle(_ style: JSONValue, _ stylePath: String, into text: inout FigmaText) throws(InteropError) {
        text.fontFamily = try string(style, "fontFamily", stylePath) ?? text.fontFamily
        text.fontSize = try number(style, "fontSize", stylePath) ?? text.fontSize
        text.fontWeight = try number(style, "fontWeight", stylePath) ?? text.fontWeight
        text.italic = try bool(style, "italic", stylePath) ?? text.italic
        text.alignHorizontal = try string(style, "textAlignHorizontal", stylePath) ?? text.alignHorizontal
        text.alignVertical = try string(style, "textAlignVertical", stylePath) ?? text.alignVertical
        text.autoResize = try string(style, "textAutoResize", stylePath) ?? text.autoResize
        text.textCase = try string(style, "textCase", stylePath) ?? text.textCase
        text.truncation = try string(style, "textTruncation", stylePath) ?? text.truncation
        text.maxLines = try count(style, "maxLines", stylePath) ?? text.maxLines
        text.letterSpacing = try number(style, "letterSpacing", stylePath) ?? text.letterSpacing
        text.lineHeightPx = try number(style, "lineHeightPx", stylePath) ?? text.lineHeightPx
        text.lineHeightUnit = try string(style, "lineHeightUnit", stylePath) ?? text.lineHeightUnit
        text.lineHeightPercent = try number(style, "lineHeightPercent", stylePath) ?? text.lineHeightPercent
        text.lineHeightPercentFontSize = try number(style, "lineHeightPercentFontSize", stylePath) ?? text.lineHeightPercentFontSize
        text.textDecoration = try string(style, "textDecoration", stylePath) ?? text.textDecoration
        text.paragraphSpacing = try number(style, "paragraphSpacing", stylePath) ?? text.paragraphSpacing
    }

    /// `characterStyleOverrides` (a style id per UTF-16 code unit, 0 or past its end for the
    /// base style) as runs of one id each, with the id's `styleOverrideTable` entry over the
    /// base style; an id without an entry styles nothing.
    private func styleRuns(_ overrides: [JSONValue], table: JSONValue?, base: FigmaText, _ path: String) throws(InteropError) -> [FigmaStyleRun] {
        var runs: [FigmaStyleRun] = []
        var start = 0
        while start < overrides.count {
            let id = overrides[start]
            var end = start + 1
            while end < overrides.count, overrides[end] == id { end += 1 }
            defer { start = end }
            guard let number = id.number, number != 0, number == number.rounded(), abs(number) < 1e9,
                  let style = table.flatMap({ member($0, String(Int(number))) }) else { continue }
            let stylePath = "\(path).styleOverrideTable.\(Int(number))"
            var text = base
            text.styleRuns = []
            try textStyle(style, stylePath, into: &text)
            // A line height in percent of the font size is the run's own size's: the entry
            // gives no pixels for it, and the base's are of the base's size.
            if member(style, "lineHeightPx") == nil, text.lineHeightUnit == "FONT_SIZE_%",
               let percent = text.lineHeightPercentFontSize, let size = text.fontSize, size != base.fontSize {
                text.lineHeightPx = percent * size / 100
            }
            let fills = member(style, "fills") == nil ? nil : try paints(style, "fills", stylePath)
            runs.append(FigmaStyleRun(start: start, length: end - start, style: text, fills: fills))
        }
        return runs
    }

    func paints(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> [FigmaPaint] {
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

    func effects(_ json: JSONValue, _ path: String) throws(InteropError) -> [String] {
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
    func rotation(_ json: JSONValue, _ path: String) throws(InteropError) -> Double {
        if let rotation = try number(json, "rotation", path) { return rotation }
        guard case .array(let rows)? = member(json, "relativeTransform"), rows.count == 2,
              case .array(let first) = rows[0], case .array(let second) = rows[1], first.count == 3, second.count == 3,
              let cosine = first[0].number, let sine = second[0].number else { return 0 }
        return atan2(sine, cosine)
    }

    func tracks(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> [FigmaGridTrack] {
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
}
