import LayoutEngine
import LayoutSpec

/// `resolve --format svg`: the screen as it would look, one `<g>` per drawn view in tree order
/// (later views on top, as on a screen).
///
/// Each view's group holds a `<title>` (its id, kind and frame, shown on hover), one `<rect>`
/// at its frame filled with its `backgroundColor` (no fill without one; the root is white
/// unless it has a colour), and for labels and buttons one `<text>` per laid-out line at the
/// line's rect, baseline where CSS half-leading puts it in the line, in the view's font, size,
/// weight, letter spacing and `textColor` (black by default). `textLength` pins each line to its measured
/// width, so the picture matches the numbers even where the viewer's fonts differ.
/// `cornerRadius` rounds the rect, `borderWidth` draws a second rect stroked inside the frame
/// in `borderColor` (black by default), and `opacity` is the group's opacity: the view's own
/// times its ancestors' (groups are flat, so a translucent parent fades each child on its own).
///
/// With `overlay`, the picture is the frames alone: on a white screen, every drawn view's
/// frame as an outline with its id in small type at its top-left corner (no fills, no text).
///
/// Views wholly outside the screen are left out (`isOnScreen`): the picture is the screen.
public struct SVGRenderer {
    public let spec: Spec
    public let layout: Layout
    public let measurer: any TextMeasuring
    public var overlay = false

    public init(spec: Spec, layout: Layout, measurer: any TextMeasuring, overlay: Bool = false) {
        self.spec = spec
        self.layout = layout
        self.measurer = measurer
        self.overlay = overlay
    }

    public static let overlayColor = "#D1242F"

    public func render() -> String {
        var out = SVGDocument.header(width: layout.viewport.width, height: layout.viewport.height, title: spec.name)
        appendScreen(to: &out)
        out += "</svg>\n"
        return out
    }

    /// The screen's elements in screen coordinates (0, 0 at its top-left; one unit per
    /// point), without the `<svg>` around them: for pictures that place several screens.
    public func appendScreen(to out: inout String) {
        let width = number(layout.viewport.width), height = number(layout.viewport.height)
        let rootColor = spec.count > 0 ? spec.views[0].backgroundColor.flatMap(SVGColor.init) : nil
        if overlay || spec.count == 0 || !layout.isDrawn[0] || (rootColor?.opacity ?? 1) < 1 {
            // The screen behind the outlines, or behind a hidden or translucent root.
            out += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#FFFFFF\"/>\n"
        }
        if overlay {
            appendOverlay(to: &out)
        } else {
            let opacities = effectiveOpacities()
            for index in 0..<spec.count where layout.isDrawn[index] && isOnScreen(index) {
                appendView(index, opacity: opacities[index], to: &out)
            }
        }
    }

    /// Whether any of view `index` (its frame or its text, which may overflow the frame) is on
    /// the screen. Views wholly outside cannot be seen, so the picture leaves them out: a long
    /// page on a phone draws the screenful it shows, not the thousands of views below it.
    /// The screen is widened by a few points for strokes drawn around frames.
    func isOnScreen(_ index: Int) -> Bool {
        let margin = 4.0
        func visible(_ rect: Rect) -> Bool {
            rect.x <= layout.viewport.width + margin && rect.maxX >= -margin
                && rect.y <= layout.viewport.height + margin && rect.maxY >= -margin
        }
        if visible(layout.frames[index]) { return true }
        return layout.textBlock(of: index).map { visible($0.rect) } ?? false
    }

    private func appendView(_ index: Int, opacity: Double, to out: inout String) {
        let view = spec.views[index]
        let frame = layout.frames[index]
        let fade = opacity < 1 ? " opacity=\"\(number(opacity))\"" : ""
        out += "<g data-view=\"\(XMLText.escaped(view.id))\"\(fade)><title>\(XMLText.escaped(title(index)))</title>"
        var fill = "fill=\"none\" pointer-events=\"all\""
        if let color = view.backgroundColor.flatMap(SVGColor.init) {
            fill = color.attributes(for: "fill")
        } else if index == 0 {
            fill = "fill=\"#FFFFFF\""
        }
        let radius = min(view.cornerRadius ?? 0, frame.width / 2, frame.height / 2)
        let corners = radius > 0 ? " rx=\"\(number(radius))\"" : ""
        out += "<rect \(rectAttributes(frame))\(corners) \(fill)/>"
        if let width = view.borderWidth, width > 0 {
            appendBorder(width: width, radius: radius, color: view.borderColor, frame: frame, to: &out)
        }
        if let text = layout.textBlock(of: index), !text.lines.isEmpty {
            out += "\n"
            appendText(text, of: view, to: &out)
        }
        out += "</g>\n"
    }

    /// The border: a rect inset by half the width and stroked with it, so the whole border
    /// lies inside the frame (as Figma's default inside strokes and CSS borders do).
    private func appendBorder(width: Double, radius: Double, color: String?, frame: Rect, to out: inout String) {
        let inset = min(width, frame.width, frame.height) / 2
        let rect = Rect(x: frame.x + inset, y: frame.y + inset, width: frame.width - 2 * inset, height: frame.height - 2 * inset)
        let corners = radius > inset ? " rx=\"\(number(radius - inset))\"" : ""
        let stroke = color.flatMap(SVGColor.init) ?? SVGColor(hex: "#000000", opacity: 1)
        out += "<rect \(rectAttributes(rect))\(corners) fill=\"none\" \(stroke.attributes(for: "stroke")) stroke-width=\"\(number(2 * inset))\"/>"
    }

    /// Each view's opacity times its ancestors': what it is drawn with, groups being flat.
    private func effectiveOpacities() -> [Double] {
        var opacities = [Double](repeating: 1, count: spec.count)
        for index in 0..<spec.count {
            let own = spec.views[index].opacity ?? 1
            let parent = spec.parents[index]
            opacities[index] = parent >= 0 ? opacities[parent] * own : own
        }
        return opacities
    }

    /// One `<text>` per line: `x` at the line's left, `y` on its baseline, which sits as CSS
    /// half-leading puts it: the line's height beyond the font's ascent and descent is split
    /// evenly above and below. Letter spacing is drawn as measured. A line drawn by more
    /// than one face (fallback for CJK or emoji) holds one `<tspan>` per face, each at the
    /// measured position of its first character and naming its face's family; a line of styled
    /// runs holds one `<tspan>` per run (and face), each with the run's own style.
    private func appendText(_ text: TextBlock, of view: View, to out: inout String) {
        let base = view.textStyle
        let style = textAttributes(base)
        for line in text.lines where !line.text.isEmpty {
            let baseline = number(line.rect.y + line.baseline)
            if !line.spans.isEmpty {
                out += "  <text x=\"\(number(line.rect.x))\" y=\"\(baseline)\" \(style) xml:space=\"preserve\">"
                for span in line.spans where !span.text.isEmpty {
                    let own = span.style == base ? "" : " " + textAttributes(span.style, withFamily: false)
                    appendRuns(of: span.text, style: span.style, x: line.rect.x + span.offset, attributes: own, to: &out)
                }
                out += "</text>\n"
                continue
            }
            let runs = measurer.drawingRuns(of: line.text, font: base.font)
            guard runs.count > 1 else {
                let length = line.rect.width > 0 ? " textLength=\"\(number(line.rect.width))\"" : ""
                out += "  <text x=\"\(number(line.rect.x))\" y=\"\(baseline)\" \(style)\(length) xml:space=\"preserve\">\(XMLText.escaped(line.text))</text>\n"
                continue
            }
            out += "  <text x=\"\(number(line.rect.x))\" y=\"\(baseline)\" \(style) xml:space=\"preserve\">"
            appendRuns(of: line.text, style: base, x: line.rect.x, attributes: "", to: &out)
            out += "</text>\n"
        }
    }

    /// One `<tspan>` per face that measured `text` in `style`, from `x`, each at the measured
    /// position of its first character and as wide as measured; `attributes` style them all.
    private func appendRuns(of text: String, style: TextStyle, x: Double, attributes: String, to out: inout String) {
        for run in measurer.drawingRuns(of: text, font: style.font) {
            let before = text[text.startIndex..<run.range.lowerBound]
            let offset = measurer.width(of: before, font: style.font) + style.letterSpacing * Double(before.count)
            let part = text[run.range]
            let runWidth = measurer.width(of: part, font: style.font) + style.letterSpacing * Double(part.count)
            let runLength = runWidth > 0 ? " textLength=\"\(number(runWidth))\"" : ""
            out += "<tspan x=\"\(number(x + offset))\"\(attributes) font-family=\"\(XMLText.escaped(cssFontFamily(run.family)))\"\(runLength)>\(XMLText.escaped(String(part)))</tspan>"
        }
    }

    /// The SVG attributes that set text in `style`: family, size, weight, italic, letter
    /// spacing, decoration and colour.
    private func textAttributes(_ style: TextStyle, withFamily: Bool = true) -> String {
        let font = style.font
        var extras = style.letterSpacing == 0 ? "" : " letter-spacing=\"\(number(style.letterSpacing))\""
        if font.italic { extras += " font-style=\"italic\"" }
        switch style.decoration {
        case .underline?: extras += " text-decoration=\"underline\""
        case .strikethrough?: extras += " text-decoration=\"line-through\""
        case .none?, nil: break
        }
        let color = style.color.flatMap(SVGColor.init) ?? SVGColor(hex: "#000000", opacity: 1)
        let family = withFamily ? "font-family=\"\(XMLText.escaped(cssFontFamily(measurer.drawingFamily(of: font))))\" " : ""
        return "\(family)font-size=\"\(number(font.size))\" font-weight=\"\(font.weight.numericWeight)\"\(extras) \(color.attributes(for: "fill"))"
    }

    /// Outlines and ids of every drawn view, over everything else. Each id goes at its
    /// frame's top-left corner, or below the ids already there (a container and its first
    /// child share a corner), so no two ids are printed over each other.
    private func appendOverlay(to out: inout String) {
        out += "<g data-overlay=\"frames\" fill=\"none\" stroke=\"\(Self.overlayColor)\" stroke-width=\"0.5\" stroke-opacity=\"0.8\">\n"
        var labels: [Rect] = []
        for index in 0..<spec.count where layout.isDrawn[index] && isOnScreen(index) {
            let frame = layout.frames[index]
            let id = spec.views[index].id
            // Monospace at 6 pt: 0.6 em a character, a line of 7.
            var label = Rect(x: frame.x + 1.5, y: frame.y + 1, width: Double(id.count) * 3.6, height: 7)
            while labels.contains(where: { $0.x < label.maxX && label.x < $0.maxX && $0.y < label.maxY && label.y < $0.maxY }) { label.y += 7 }
            labels.append(label)
            out += "  <rect \(rectAttributes(frame))><title>\(XMLText.escaped(title(index)))</title></rect>"
            out += "<text x=\"\(number(label.x))\" y=\"\(number(label.y + 6))\" font-family=\"monospace\" font-size=\"6\" fill=\"\(Self.overlayColor)\" stroke=\"none\">\(XMLText.escaped(id))</text>\n"
        }
        out += "</g>\n"
    }

    /// `ok (button) 100×100 at 195, 10`
    private func title(_ index: Int) -> String {
        let view = spec.views[index]
        let frame = layout.frames[index]
        return "\(view.id) (\(view.kind.rawValue)) \(NumberText.decimal(frame.width))×\(NumberText.decimal(frame.height)) at \(NumberText.decimal(frame.x)), \(NumberText.decimal(frame.y))"
    }

    private func rectAttributes(_ rect: Rect) -> String {
        "x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(rect.width))\" height=\"\(number(rect.height))\""
    }

    private func number(_ value: Double) -> String {
        SVGDocument.number(value)
    }

    /// The CSS `font-family` list that draws text in `family` (a family a measurer used), then
    /// `sans-serif`.
    private func cssFontFamily(_ family: String) -> String {
        let cleaned = family.filter { $0 != "'" && $0 != "\"" && $0 != ";" && $0 != "\\" }
        if cleaned.isEmpty || cleaned == "system" || cleaned.lowercased() == "sans-serif" { return "sans-serif" }
        return "'\(cleaned)', sans-serif"
    }
}
