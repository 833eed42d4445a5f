import LayoutEngine
import LayoutSpec

/// One version on several screens side by side, each captioned with its device and size: to
/// see at a glance how a layout takes small phones, large phones and tablets.
public struct DeviceSheet {
    /// One screen of the sheet.
    public struct Screen {
        /// The caption above the screen, e.g. "iPhone SE · 375×667".
        public var caption: String
        public var spec: Spec
        public var layout: Layout

        public init(caption: String, spec: Spec, layout: Layout) {
            self.caption = caption
            self.spec = spec
            self.layout = layout
        }
    }

    public var title: String
    public var screens: [Screen]
    public var measurer: any TextMeasuring

    /// Space around and between screens, and the band for captions, in points.
    static let margin = 24.0, gap = 40.0, band = 30.0

    public init(title: String, screens: [Screen], measurer: any TextMeasuring) {
        self.title = title
        self.screens = screens
        self.measurer = measurer
    }

    /// Where each screen's top-left corner sits on the sheet, and the sheet's size: screens in
    /// one row, left to right, tops aligned, captions above them, and above those the
    /// `heading` when there is one (the sheet then wide enough for it, estimated at 0.6 em a
    /// character, as the fixed metrics do).
    public static func placement(of sizes: [Size], heading: String? = nil) -> (origins: [Point], size: Size) {
        let top = margin + band + (heading == nil ? 0 : headingBand)
        var x = margin
        var origins: [Point] = []
        var tallest = 0.0
        for size in sizes {
            origins.append(Point(x: x, y: top))
            x += size.width + gap
            tallest = max(tallest, size.height)
        }
        let width = max(sizes.isEmpty ? 2 * margin : x - gap + margin, heading.map { (Double($0.count) * 16 * 0.6 + 2 * margin).rounded(.up) } ?? 0)
        return (origins, Size(width: width, height: top + margin + tallest))
    }

    /// The sheet as SVG: a light grey page under its title (the document and version), each
    /// screen clipped to its size with a thin border and its caption above it.
    public func render() -> String {
        Self.render(title: title, captions: screens.map(\.caption), sizes: screens.map(\.layout.viewport), heading: true) { index, out in
            SVGRenderer(spec: screens[index].spec, layout: screens[index].layout, measurer: measurer).appendScreen(to: &out)
        }
    }

    /// The title's band above the screens' captions, in points.
    static let headingBand = 32.0

    /// A sheet of screens whose content `drawScreen(index, &out)` appends in screen
    /// coordinates; for the device sheet and the side-by-side picture diff. With `heading`,
    /// the title is written above the screens too (the diff has its own legend band).
    static func render(title: String, captions: [String], sizes: [Size], heading: Bool = false,
                       drawScreen: (Int, inout String) -> Void) -> String {
        let (origins, size) = placement(of: sizes, heading: heading ? title : nil)
        var out = SVGDocument.header(width: size.width, height: size.height, title: title)
        out += PictureDiff.definitions
        out += "<rect width=\"\(SVGDocument.number(size.width))\" height=\"\(SVGDocument.number(size.height))\" fill=\"#F6F8FA\"/>\n"
        if heading { out += SVGDocument.label(title, x: margin, y: margin + 12, size: 16) }
        for index in sizes.indices {
            let origin = origins[index]
            let width = SVGDocument.number(sizes[index].width), height = SVGDocument.number(sizes[index].height)
            let x = SVGDocument.number(origin.x), y = SVGDocument.number(origin.y)
            out += SVGDocument.label(captions[index], x: origin.x, y: origin.y - 10, size: 14)
            out += "<svg data-screen=\"\(index)\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" overflow=\"hidden\">\n"
            drawScreen(index, &out)
            out += "</svg>\n"
            out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" fill=\"none\" stroke=\"#D0D7DE\" stroke-width=\"1\"/>\n"
        }
        out += "</svg>\n"
        return out
    }
}
