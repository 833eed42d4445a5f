import Foundation
import LayoutEngine

/// Headless Chromium as a second layout engine: loads pages at given window sizes and reads
/// back the `getBoundingClientRect()` of every element carrying `data-id`.
///
/// One browser run lays out many pages: each page goes into an `<iframe srcdoc>` of its window
/// size on one host page, whose load handler writes every frame's rects into the DOM as JSON;
/// `--dump-dom` prints it. No WebDriver needed.
public struct Chromium {
    /// A page and the window to lay it out in.
    public struct Page {
        public var html: String
        public var width: Double
        public var height: Double

        public init(html: String, width: Double, height: Double) {
            self.html = html
            self.width = width
            self.height = height
        }
    }

    public let executable: String

    /// Chromium from `PLUMB_CHROMIUM`, else the first of `chromium`, `chromium-browser`,
    /// `google-chrome` on the `PATH`; nil when there is none.
    public static func find() -> Chromium? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PLUMB_CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) { return Chromium(executable: path) }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return Chromium(executable: folder + "/" + name)
            }
        }
        return nil
    }

    public init(executable: String) {
        self.executable = executable
    }

    /// The rects of every `data-id` element of each page, by id, in CSS pixels relative to the
    /// page's window; a label's or button's text span (whose box is its clip) as "ID text", and
    /// the glyph boxes of its lines (from the top of the tallest glyphs' ascent to the bottom of
    /// the deepest descent) as "ID line 0", "ID line 1", ….
    public func layOut(_ pages: [Page], scratch: URL) throws -> [[String: Rect]] {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let host = scratch.appendingPathComponent("host-\(UUID().uuidString.prefix(8)).html")
        try Data(hostPage(pages).utf8).write(to: host)
        defer { try? FileManager.default.removeItem(at: host) }
        let profile = scratch.appendingPathComponent("profile-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
            "--no-first-run", "--disable-extensions", "--user-data-dir=\(profile.path)",
            "--force-device-scale-factor=2", "--dump-dom", host.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice  // its chatter; only the DOM matters
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dom = String(decoding: data, as: UTF8.self)
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw BrowserCheckError("Chromium (\(executable)) printed no layout: exit \(process.terminationStatus)")
        }
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        guard let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: [Double]]], parsed.count == pages.count else {
            throw BrowserCheckError("Chromium's layout has the wrong shape")
        }
        return parsed.map { rects in
            rects.compactMapValues { $0.count == 4 ? Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil }
        }
    }

    private func hostPage(_ pages: [Page]) -> String {
        var out = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body{margin:0}iframe{display:block;border:0;margin:0 0 4px}</style></head><body>\n"
        for page in pages {
            out += "<iframe width=\"\(page.width)\" height=\"\(page.height)\" style=\"width:\(page.width)px;height:\(page.height)px\" srcdoc=\""
            out += page.html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            out += "\"></iframe>\n"
        }
        out += """
            <script>
            // The glyph boxes of a text span's lines, top to bottom: its text's fragments in
            // order, a line ending where the next fragment starts left of the last one's end or
            // wholly below the line.
            function lines(span) {
              const out = [];
              const walker = span.ownerDocument.createTreeWalker(span, NodeFilter.SHOW_TEXT);
              const range = span.ownerDocument.createRange();
              let line = null, right = 0;
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                range.selectNodeContents(node);
                for (const r of range.getClientRects()) {
                  if (!line || r.left < right - 0.5 || r.top >= line[1] + line[3]) {
                    line = [r.left, r.top, r.width, r.height];
                    out.push(line);
                  } else {
                    const top = Math.min(line[1], r.top), bottom = Math.max(line[1] + line[3], r.bottom);
                    line[2] = Math.max(line[0] + line[2], r.right) - line[0];
                    line[1] = top;
                    line[3] = bottom - top;
                  }
                  right = r.right;
                }
              }
              return out;
            }
            window.addEventListener('load', () => {
              const out = [];
              for (const frame of document.querySelectorAll('iframe')) {
                const rects = {};
                for (const element of frame.contentDocument.querySelectorAll('[data-id]')) {
                  const r = element.getBoundingClientRect();
                  rects[element.dataset.id] = [r.x, r.y, r.width, r.height];
                  const text = element.querySelector(':scope > .t');
                  if (text) {
                    const t = text.getBoundingClientRect();
                    rects[element.dataset.id + ' text'] = [t.x, t.y, t.width, t.height];
                    lines(text).forEach((r, i) => { rects[element.dataset.id + ' line ' + i] = r; });
                  }
                }
                out.push(rects);
              }
              const pre = document.createElement('pre');
              pre.id = 'result';
              pre.textContent = JSON.stringify(out);
              document.body.appendChild(pre);
            });
            </script></body></html>
            """
        return out
    }
}

/// A browser run that went wrong.
public struct BrowserCheckError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
