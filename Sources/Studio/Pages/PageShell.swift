import Pictures

/// Text made safe for HTML content and attribute values (the XML escaping serves both).
func escape(_ text: String) -> String {
    XMLText.escaped(text)
}

/// The frame around every page: the head (styles, the script), the top bar and `<main>`,
/// which the script swaps for a fresh copy when the store changes. No page holds the token or
/// a write key (`AccessGuard`).
struct PageShell {
    var title: String
    /// The document the page shows (the script refreshes the page when it changes), or nil
    /// for the documents page, which follows every document.
    var document: String?
    /// Names the page for the script and for tests: documents, document, diff, sheet, conflicts.
    var page: String
    var storeName: String
    /// Extra `data-` attributes of `<main>`, e.g. the selected view.
    var data: [(String, String)] = []

    func render(_ main: String) -> String {
        let attributes = ([("page", page)] + (document.map { [("document", $0)] } ?? []) + data)
            .map { " data-\($0.0)=\"\(escape($0.1))\"" }.joined()
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)) · Plumb studio</title>
            <link rel="stylesheet" href="/static/studio.css">
            <script src="/static/studio.js" defer></script>
            </head>
            <body>
            <header class="top"><a class="brand" href="/">Plumb studio</a><span class="store" title="the store">\(escape(storeName))</span><span id="live" class="live" data-state="connecting" title="follows the store as other commands write it">live</span></header>
            <main id="main"\(attributes)>
            \(main)
            </main>
            <div id="notice" role="status" hidden></div>
            </body>
            </html>

            """
    }

    /// Fit and 100 % buttons with the zoom level, on the Picture and Diff pages (keys Shift+1
    /// and Shift+0, as in Figma); the script sizes the pictures.
    static let zoomControls = """
        <span class="zoom" role="group" aria-label="zoom"><button type="button" data-zoom="fit" title="fit the window (Shift+1)">Fit</button>\
        <button type="button" data-zoom="100" title="one point per CSS pixel (Shift+0)">100 %</button> <output data-zoom-level>100 %</output></span>
        """

    /// The document's heading and tabs.
    static func tabs(_ document: String, active: String, conflicts: Int, screen: ScreenChoice? = nil) -> String {
        let screenQuery = screen?.query ?? []
        let tabs: [(String, String, String)] = [
            ("document", "Picture", Paths.link("/d/\(document)", screenQuery)),
            ("diff", "Diff", Paths.link("/d/\(document)/diff", screenQuery)),
            ("sheet", "Sheet", Paths.link("/d/\(document)/sheet")),
            ("conflicts", "Conflicts", Paths.link("/d/\(document)/conflicts")),
        ]
        var out = "<nav class=\"tabs\"><h1><a href=\"/\" title=\"all documents\">Documents</a> / \(escape(document))</h1>"
        for (page, label, link) in tabs {
            let count = page == "conflicts" && conflicts > 0 ? " <span class=\"count\">\(conflicts)</span>" : ""
            out += "<a\(page == active ? " class=\"active\"" : "") data-tab=\"\(page)\" href=\"\(escape(link))\">\(label)\(count)</a>"
        }
        return out + "</nav>"
    }

    /// A `<select>` of the named devices (and "custom size" when the screen is not one).
    static func deviceSelect(_ screen: ScreenChoice, name: String = "device") -> String {
        var out = "<select name=\"\(name)\" aria-label=\"screen\">"
        if screen.device == nil { out += "<option value=\"\" selected>custom size</option>" }
        for device in Device.catalog {
            let selected = screen.device?.key == device.key ? " selected" : ""
            out += "<option value=\"\(device.key)\"\(selected)>\(escape(device.name)) · \(NumberText.decimal(device.width))×\(NumberText.decimal(device.height))</option>"
        }
        return out + "</select>"
    }
}
