import Foundation
import LayoutSpec
import Testing

/// The CLI papercuts of issue 37, each as a reviewer met it.
@Suite struct ReviewPapercutsTests {
    func ready() -> PlumbRunner {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec), "-m", "First").status == 0)
        return plumb
    }

    @Test func exportPicksHTMLFromTheExtension() throws {
        let plumb = ready()
        let written = plumb.run("export", "login", "-o", "page.html", "--metrics", "fixed")
        #expect(written.status == 0, "\(written.stderr)")
        let page = try String(contentsOfFile: plumb.folder.appendingPathComponent("page.html").path, encoding: .utf8)
        #expect(page.contains("data-id=\"ok\""))
        #expect(plumb.run("export", "login", "--metrics", "fixed").stdout.contains("data-id=\"ok\""))
        let pdf = plumb.run("export", "login", "-o", "page.pdf")
        #expect(pdf.status == 64 && pdf.stderr.contains("export writes .html (got .pdf)"), "\(pdf.stderr)")
    }

    @Test func diffOfADocumentAloneShowsTheLastChange() throws {
        let plumb = ready()
        let first = plumb.run("diff", "login")
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("+ root  (view)\n+ title  (label in root)\n+ form  (stack in root)\n"), "\(first.stdout)")
        #expect(plumb.run("set", "login", "ok", "text=Go").status == 0)
        #expect(plumb.run("diff", "login").stdout == "~ ok.text: \"OK\" → \"Go\"\n")
        // With a revision it is still that version against the head.
        #expect(plumb.run("diff", "login@1").stdout == "~ ok.text: \"OK\" → \"Go\"\n")
        #expect(plumb.run("diff", "login@2").stderr == "no differences\n")
    }

    @Test func addedViewsComeInTreeOrderWithParentAndKind() throws {
        let plumb = ready()
        #expect(plumb.run("add", "login", "zeta", "--parent", "root", "--kind", "stack").status == 0)
        #expect(plumb.run("add", "login", "alpha", "--parent", "zeta", "--kind", "label", "text=Hi").status == 0)
        let diff = plumb.run("diff", "login@1")
        #expect(diff.stdout == "+ zeta  (stack in root)\n+ alpha  (label in zeta)\n", "\(diff.stdout)")
        let file = plumb.run("show", "login")
        let path = plumb.write("new.json", file.stdout)
        #expect(plumb.run("diff", "login@1", path).stdout == "+ zeta  (stack in root)\n+ alpha  (label in zeta)\n")
        // --json lists them in the same order, parent first.
        for arguments in [["diff", "login@1", "--json"], ["diff", "login@1", path, "--json"]] {
            let json = try JSONParser.parse(plumb.run(arguments).stdout)
            #expect(json["added"] == .array([.string("zeta"), .string("alpha")]), "\(arguments)")
        }
    }

    @Test func aTagNamedLikeTheNumberIsNotRepeated() throws {
        let plumb = ready()
        #expect(plumb.run("tag", "login@1", "v1").status == 0)
        #expect(plumb.run("set", "login", "ok", "text=Go").status == 0)
        #expect(plumb.run("tag", "login@2", "release").status == 0)
        let json = plumb.run("diff", "login@v1", "login@2", "--picture", "--json", "--metrics", "fixed")
        #expect(json.stdout.contains("\"from\": \"v1\""), "\(json.stdout)")
        #expect(json.stdout.contains("\"to\": \"v2 (release)\""), "\(json.stdout)")
        let html = plumb.run("diff", "login@1", "login@2", "--picture", "-o", "d.svg", "--metrics", "fixed")
        #expect(html.stderr.contains("between v1 and v2 (release)"), "\(html.stderr)")
    }
}

extension ReviewPapercutsTests {
    @Test func setSuggestsTheViewMeant() throws {
        let plumb = ready()
        let result = plumb.run("set", "login", "okk", "text=Go")
        #expect(result.status == 1)
        #expect(result.stderr == "plumb set: login: no view \"okk\" (did you mean \"ok\"?)\n", "\(result.stderr)")
        #expect(plumb.run("log", "login").stdout.split(separator: "\n").count == 1)
    }
}

extension ReviewPapercutsTests {
    @Test(arguments: [("#FFF", "#FFFFFF"), ("#0f08", "#00FF0088"), ("white", "#FFFFFF"), ("RebeccaPurple", "#663399"),
                      ("transparent", "#00000000"), ("#12AB34", "#12AB34")])
    func shortHexAndNamedColoursAreStoredAsHex(_ written: String, _ stored: String) throws {
        let plumb = ready()
        let set = plumb.run("set", "login", "title", "textColor=\(written)", "backgroundColor=\(written)")
        #expect(set.status == 0, "\(set.stderr)")
        let shown = plumb.run("show", "login").stdout
        #expect(shown.contains("\"textColor\": \"\(stored)\"") && shown.contains("\"backgroundColor\": \"\(stored)\""), "\(shown)")
        // The same spellings in a spec file.
        let file = loginSpec.replacingOccurrences(of: "\"margin\": {\"top\": 20}", with: "\"margin\": {\"top\": 20}, \"textColor\": \"\(written)\"")
        #expect(plumb.run("apply", plumb.write("colour.json", file)).status == 0)
        #expect(plumb.run("show", "login").stdout.contains("\"textColor\": \"\(stored)\""))
    }

    @Test func aMisspeltColourIsRefusedInWords() throws {
        let plumb = ready()
        let result = plumb.run("set", "login", "title", "textColor=whitish")
        #expect(result.status != 0 && result.stderr.contains("or a CSS colour name"), "\(result.stderr)")
    }
}

extension ReviewPapercutsTests {
    /// Runs the built `plumb` under a real pseudo-terminal (`script`), stdout and stderr merged.
    func onTerminal(_ plumb: PlumbRunner, _ arguments: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(PlumbRunner.executable.path) \(arguments)", "/dev/null"]
        process.currentDirectoryURL = plumb.folder
        process.environment = plumb.environment.merging(["PATH": "/usr/bin:/bin", "TERM": "dumb"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func picturesAreNotDumpedOnATerminal() throws {
        let plumb = ready()
        let sheet = try onTerminal(plumb, "sheet login --metrics fixed")
        #expect(sheet.status == 64, "\(sheet.output)")
        #expect(sheet.output.contains("the sheet is an SVG picture, not text for a terminal") && !sheet.output.contains("<svg"), "\(sheet.output)")
        let diff = try onTerminal(plumb, "diff login@1 --picture --metrics fixed")
        #expect(diff.status == 64 && !diff.output.contains("<svg"), "\(diff.output)")
        // Redirected, or to a file, it is written as asked.
        #expect(plumb.run("sheet", "login", "--metrics", "fixed").stdout.contains("<svg"))
        let file = try onTerminal(plumb, "sheet login --metrics fixed -o s.svg")
        #expect(file.status == 0, "\(file.output)")
    }
}

extension ReviewPapercutsTests {
    @Test func checkWarnsAboutAMarginOnTheRoot() throws {
        let plumb = ready()
        #expect(plumb.run("set", "login", "root", "margin.top=20", "margin.left=4").status == 0)
        let check = plumb.run("check", "login", "--metrics", "fixed", "--no-overlap")
        #expect(check.stdout.contains("login: root: margin.top 20, margin.left 4 is ignored: the root takes the whole screen (padding insets its children)\n"), "\(check.stdout)")
        #expect(plumb.run("set", "login", "root", "margin=8").status == 0)
        #expect(plumb.run("check", "login", "--metrics", "fixed", "--json").stdout.contains("\"check\": \"margin-on-root\""))
        #expect(plumb.run("check", "login", "--metrics", "fixed").stdout.contains("root: margin 8 is ignored"))
    }
}

extension ReviewPapercutsTests {
    @Test func aMergeIsNotTheLastChange() throws {
        let plumb = ready()
        #expect(plumb.run("clone", ".", "copy").status == 0)
        #expect(plumb.run("set", "login", "ok", "text=Mine", "-m", "Mine").status == 0)
        #expect(plumb.run("--store", "copy", "set", "login", "title", "text=Theirs", "-m", "Theirs").status == 0)
        #expect(plumb.run("sync", "copy").status == 0)
        let log = plumb.run("log", "login").stdout
        #expect(log.split(separator: "\n").first?.hasSuffix("plumb  Merge") == true, "\(log)")
        let docs = plumb.run("docs").stdout
        #expect(docs.hasSuffix("  Theirs\n") && !docs.contains("Merge"), "\(docs)")
    }

    /// The last change is the newest by clock, not the one this store took in last: a sibling's
    /// earlier edit, pulled in after one's own, is not it.
    @Test func theLastChangeIsTheNewestNotTheLastPulled() throws {
        let plumb = ready()
        #expect(plumb.run("clone", ".", "copy").status == 0)
        #expect(plumb.run("--store", "copy", "set", "login", "title", "text=Theirs", "-m", "Theirs").status == 0)
        #expect(plumb.run("set", "login", "ok", "text=Mine", "-m", "Mine").status == 0)
        #expect(plumb.run("sync", "copy").status == 0)
        let docs = plumb.run("docs").stdout
        #expect(docs.hasSuffix("  Mine\n"), "\(docs)")
    }
}

extension ReviewPapercutsTests {
    /// Conflicts name the people who wrote each side and times to the millisecond, so "the
    /// later write wins" can be checked by eye; the same author on two stores is told apart by
    /// site.
    @Test func conflictsInPeoplesWords() throws {
        let plumb = PlumbRunner()
        plumb.environment["PLUMB_NOW_MS"] = "1764489600000"
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        #expect(plumb.run("clone", ".", "other").status == 0)
        plumb.environment["PLUMB_NOW_MS"] = "1764489603250"
        plumb.environment["PLUMB_AUTHOR"] = "alice"
        #expect(plumb.run("set", "login", "ok", "text=Here").status == 0)
        plumb.environment["PLUMB_NOW_MS"] = "1764489603257"
        plumb.environment["PLUMB_AUTHOR"] = "bob"
        #expect(plumb.run("--store", "other", "set", "login", "ok", "text=There").status == 0)
        #expect(plumb.run("sync", "other").status == 0)
        let conflicts = plumb.run("conflicts", "login").stdout
        #expect(conflicts == "ok.text: \"There\" (bob, 2025-11-30 08:00:03.257) won over \"Here\" (alice, 2025-11-30 08:00:03.250)\n", "\(conflicts)")
    }
}

extension ReviewPapercutsTests {
    /// `resolve --overlay` prints each id at its frame's corner, or below the ids already
    /// there: a container and its first child share a corner, and their ids must not overprint.
    @Test func overlayIdsDoNotOverprint() throws {
        let plumb = PlumbRunner()
        plumb.write("nested.json", """
            {"plumb": 1, "name": "nested", "root": {"id": "root", "kind": "view", "children": [
              {"id": "form", "kind": "stack", "children": [
                {"id": "row", "kind": "stack", "orientation": "horizontal", "children": [{"id": "name", "kind": "label", "text": "Name"}]},
                {"id": "ok", "kind": "button", "text": "OK"}]}]}}
            """)
        let svg = plumb.run("resolve", "nested.json", "--size", "200x300", "--metrics", "fixed", "--overlay", "--format", "svg")
        #expect(svg.status == 0, "\(svg.stderr)")
        let pattern = try NSRegularExpression(pattern: #"<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>([^<]*)</text>"#)
        let text = svg.stdout
        let labels = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let field = { (group: Int) in String(text[Range(match.range(at: group), in: text)!]) }
            return (id: field(3), x: Double(field(1))!, y: Double(field(2))! - 6, width: Double(field(3).count) * 3.6)
        }
        #expect(labels.map(\.id) == ["root", "form", "row", "name", "ok"], "every id printed once")
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] {
                let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + 7 <= b.y || b.y + 7 <= a.y
                #expect(apart, "\(a.id) and \(b.id) overprint: \(a) \(b)")
            }
        }
    }
}
