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
    /// one row, left to right, tops aligned, captions above them.
    public static func placement(of sizes: [Size]) -> (origins: [Point], size: Size) {
        var x = margin
        var origins: [Point] = []
        var tallest = 0.0
        for size in sizes {
            origins.append(Point(x: x, y: margin + band))
            x += size.width + gap
            tallest = max(tallest, size.height)
        }
        let width = sizes.isEmpty ? 2 * margin : x - gap + margin
        return (origins, Size(width: width, height: margin * 2 + band + tallest))
    }

    /// The sheet as SVG: a light grey page, each screen clipped to its size with a thin border
    /// and its caption above it.
    public func render() -> String {
        Self.render(title: title, captions: screens.map(\.caption), sizes: screens.map(\.layout.viewport)) { index, out in
            SVGRenderer(spec: screens[index].spec, layout: screens[index].layout, measurer: measurer).appendScreen(to: &out)
        }
    }

    /// A sheet of screens whose content `drawScreen(index, &out)` appends in screen
    /// coordinates; for the device sheet and the side-by-side picture diff.
    static func render(title: String, captions: [String], sizes: [Size], drawScreen: (Int, inout String) -> Void) -> String {
        let (origins, size) = placement(of: sizes)
        var out = SVGDocument.header(width: size.width, height: size.height, title: title)
        out += PictureDiff.definitions
        out += "<rect width=\"\(SVGDocument.number(size.width))\" height=\"\(SVGDocument.number(size.height))\" fill=\"#F6F8FA\"/>\n"
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
