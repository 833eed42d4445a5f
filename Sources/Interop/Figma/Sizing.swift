/// How a node is sized on one axis.
enum Sizing {
    /// Its own size, written as `width`/`height`.
    case fixed
    /// Its content's size: nothing written, Plumb measures.
    case hug
    /// Its parent's size along this axis: alignment `fill`.
    case fill

    /// The node's sizing on one axis: `layoutSizingHorizontal`/`Vertical` where the file has
    /// them, else (older files) `layoutGrow` along its auto layout parent's axis and
    /// `layoutAlign: STRETCH` across it, else whether it hugs its content.
    static func of(_ node: FigmaNode, horizontal: Bool, parent: FigmaAutoLayout?) -> Sizing {
        let inFlow = parent != nil && node.child.positioning != "ABSOLUTE"
        switch horizontal ? node.child.sizingHorizontal : node.child.sizingVertical {
        case "FILL"?: return inFlow ? .fill : .fixed
        case "HUG"?: return hugs(node, horizontal: horizontal) ? .hug : .fixed
        case "FIXED"?: return .fixed
        default: break
        }
        if inFlow, let parent, parent.mode != .grid {
            let along = (parent.mode == .horizontal) == horizontal
            if along && node.child.layoutGrow > 0 { return .fill }
            if !along && node.child.layoutAlign == "STRETCH" { return .fill }
        }
        return hugs(node, horizontal: horizontal) ? .hug : .fixed
    }

    /// True when the node takes its content's size on this axis: an auto layout frame whose
    /// sizing mode is `AUTO` there, or text that grows (`textAutoResize`).
    static func hugs(_ node: FigmaNode, horizontal: Bool) -> Bool {
        if let layout = node.autoLayout, layout.mode != .grid {
            let primary = (layout.mode == .horizontal) == horizontal
            return (primary ? layout.primaryAxisSizingMode : layout.counterAxisSizingMode) == "AUTO"
        }
        if node.type == .text {
            switch node.text?.autoResize {
            case "WIDTH_AND_HEIGHT"?: return true
            case "HEIGHT"?: return !horizontal
            default: return false
            }
        }
        return false
    }
}
