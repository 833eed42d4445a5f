import LayoutEngine
import LayoutSpec

/// Figma as the oracle: an imported frame resolved at the frame's own size, compared with the
/// box Figma computed for every node.
///
/// Every view that is not text and takes space is compared (collapsed views, hidden layers in
/// auto layout, have no box in Figma worth the name; views the importer added around a child
/// outside its parent have none at all); it agrees when x, y, width and height
/// are each within `tolerance` points. Labels are counted on their own: their size is the
/// text measured with the fonts installed here, not Figma's. Those whose font family is
/// installed are counted apart from those measured in a substitute, and each of their misses
/// gets a cause (`labelMisses`).
///
/// Each miss gets a reason. Resolving again with every label pinned to Figma's size tells
/// the misses caused by text measured differently (a label's size moved or grew its
/// neighbours) from the others; of those, views inside a rotated layer are named as such.
public struct FigmaAgreement: Sendable {
    /// A view whose frame is not Figma's.
    public struct Miss: Sendable {
        public var id: String
        public var type: FigmaNodeType
        public var figma: FigmaRect
        public var plumb: Rect
        public var reason: String
    }

    /// Non-text views compared, and how many agree.
    public var compared = 0
    public var agreed = 0
    /// Labels compared (at 1 pt), and how many agree.
    public var labelsCompared = 0
    public var labelsAgreed = 0
    /// Of those, labels whose font family is installed, and how many agree.
    public var installedLabelsCompared = 0
    public var installedLabelsAgreed = 0
    /// Labels that missed, by cause: for an installed family what differs and what of the
    /// label's text may explain it (`height (line height, paragraphs)`), else
    /// `familyMissingCause`.
    public var labelMisses: [String: Int] = [:]
    /// Labels whose family is installed and whose text style Plumb can express (no mixed
    /// styles, small caps or italic), and how many agree.
    public var expressibleLabelsCompared = 0
    public var expressibleLabelsAgreed = 0
    /// Views not compared because they are collapsed.
    public var collapsed = 0
    public var misses: [Miss] = []

    /// Reasons for the misses, with their counts.
    public var reasons: [String: Int] {
        misses.reduce(into: [:]) { $0[$1.reason, default: 0] += 1 }
    }

    public static let textReason = "text measured with other fonts than Figma's moves or sizes it"
    public static let rotationReason = "inside a rotated layer (Figma's box is the turned shape's bounds)"
    public static let otherReason = "not explained"
    public static let familyMissingCause = "font family not installed"

    public init() {}

    /// Compares `frame` resolved by `engine` at the frame's size with Figma's boxes;
    /// `isFamilyInstalled` tells labels measured in their own family from the others.
    public static func measure(
        _ frame: ImportedFrame, engine: LayoutEngine, tolerance: Double = 0.5, isFamilyInstalled: (Font) -> Bool = { _ in true }
    ) -> FigmaAgreement {
        let spec = frame.spec
        let viewport = Size(width: frame.size.width, height: frame.size.height)
        let layout = engine.resolve(spec, viewport: viewport)
        var result = FigmaAgreement()
        var missed: [Int] = []
        for index in 0..<spec.count where !frame.isAdded[index] {
            if frame.isCollapsed[index] {
                result.collapsed += 1
                continue
            }
            let isLabel = spec.views[index].kind.hasText
            let agrees = Self.agrees(layout.frames[index], frame.figmaBoxes[index], tolerance: isLabel ? max(tolerance, 1) : tolerance)
            if isLabel {
                let view = spec.views[index]
                let installed = isFamilyInstalled(view.resolvedFont)
                let expressible = installed && frame.textLosses[index] == nil
                result.labelsCompared += 1
                if installed { result.installedLabelsCompared += 1 }
                if expressible { result.expressibleLabelsCompared += 1 }
                if agrees {
                    result.labelsAgreed += 1
                    if installed { result.installedLabelsAgreed += 1 }
                    if expressible { result.expressibleLabelsAgreed += 1 }
                } else {
                    let cause = installed
                        ? labelMissCause(view, plumb: layout.frames[index], figma: frame.figmaBoxes[index], textLoss: frame.textLosses[index])
                        : familyMissingCause
                    result.labelMisses[cause, default: 0] += 1
                }
            } else {
                result.compared += 1
                if agrees { result.agreed += 1 } else { missed.append(index) }
            }
        }
        guard !missed.isEmpty else { return result }
        let pinned = engine.resolve(pinningLabels(of: frame), viewport: viewport)
        for index in missed {
            let reason: String
            if Self.agrees(pinned.frames[index], frame.figmaBoxes[index], tolerance: tolerance) {
                reason = textReason
            } else if frame.isRotated[index] {
                reason = rotationReason
            } else {
                reason = otherReason
            }
            result.misses.append(Miss(
                id: spec.views[index].id, type: frame.nodeTypes[index], figma: frame.figmaBoxes[index],
                plumb: layout.frames[index], reason: reason))
        }
        return result
    }

    /// Why a label measured in its own family missed Figma's text box: a text style Plumb
    /// cannot express, else which of its sides differ (width, height, else position) with the
    /// label's properties that decide them.
    static func labelMissCause(_ view: View, plumb: Rect, figma: FigmaRect, textLoss: String?) -> String {
        if let textLoss { return "not expressible: \(textLoss)" }
        let wraps = (view.numberOfLines ?? 1) != 1
        var parts: [String] = []
        if abs(plumb.width - figma.width) > 1 {
            var why: [String] = []
            if view.width != nil { why.append("fixed width") }
            if wraps { why.append("wraps") }
            if view.resolvedLetterSpacing != 0 { why.append("letter spacing") }
            if view.textCase != nil { why.append("text case") }
            parts.append(why.isEmpty ? "width" : "width (\(why.joined(separator: ", ")))")
        }
        if abs(plumb.height - figma.height) > 1 {
            var why: [String] = []
            if view.height != nil { why.append("fixed height") }
            switch view.lineHeight {
            case .points?: why.append("line height in points")
            case .percent?: why.append("line height in % of the size")
            case nil: why.append("the font's line height")
            }
            if (view.text ?? "").contains(where: \.isNewline) { why.append("paragraphs") }
            if wraps { why.append("wraps") }
            parts.append("height (\(why.joined(separator: ", ")))")
        }
        return parts.isEmpty ? "position" : parts.joined(separator: " and ")
    }

    /// The spec with every label given Figma's width and height for its text.
    static func pinningLabels(of frame: ImportedFrame) -> Spec {
        var spec = frame.spec
        for index in 0..<spec.count where spec.views[index].kind.hasText {
            let box = frame.figmaBoxes[index]
            spec.update(index) { view in
                view.width = box.width
                view.height = box.height
                view.minWidth = nil
                view.maxWidth = nil
                view.minHeight = nil
                view.maxHeight = nil
            }
        }
        return spec
    }

    static func agrees(_ rect: Rect, _ box: FigmaRect, tolerance: Double) -> Bool {
        abs(rect.x - box.x) <= tolerance && abs(rect.y - box.y) <= tolerance
            && abs(rect.width - box.width) <= tolerance && abs(rect.height - box.height) <= tolerance
    }

    /// Adds another frame's counts.
    public mutating func add(_ other: FigmaAgreement) {
        compared += other.compared
        agreed += other.agreed
        labelsCompared += other.labelsCompared
        labelsAgreed += other.labelsAgreed
        installedLabelsCompared += other.installedLabelsCompared
        installedLabelsAgreed += other.installedLabelsAgreed
        labelMisses.merge(other.labelMisses, uniquingKeysWith: +)
        expressibleLabelsCompared += other.expressibleLabelsCompared
        expressibleLabelsAgreed += other.expressibleLabelsAgreed
        collapsed += other.collapsed
        misses += other.misses
    }
}
