/// The pieces every Plumb SVG shares: the document's start, numbers, labels.
public enum SVGDocument {
    /// The XML declaration and an `<svg>` start tag `width` × `height` units (one unit per
    /// point) with a `<title>`; the caller appends the content and `</svg>`.
    public static func header(width: Double, height: Double, title: String) -> String {
        let width = number(width), height = number(height)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <title>\(XMLText.escaped(title))</title>

            """
    }

    /// SVG numbers: at most 3 decimals (a thousandth of a point is below any screen's pixel).
    public static func number(_ value: Double) -> String {
        NumberText.decimal(value, places: 3)
    }

    /// A caption in the picture's own type (sans-serif, dark grey), baseline at `y`.
    static func label(_ text: String, x: Double, y: Double, size: Double, weight: Int = 600) -> String {
        "<text x=\"\(number(x))\" y=\"\(number(y))\" font-family=\"sans-serif\" font-size=\"\(number(size))\" font-weight=\"\(weight)\" fill=\"#1F2328\">\(XMLText.escaped(text))</text>\n"
    }
}
