import Foundation
import PlumbCLI
import Testing

/// `plumb export DOC[@REV] --format html`.
@Suite struct ExportHTMLTests {
    @Test func exportsAVersionOrAFileAsAPage() throws {
        let plumb = PlumbRunner()
        plumb.run("init")
        plumb.write("login.json", loginSpec)
        #expect(plumb.run("apply", "login.json").status == 0)
        #expect(plumb.run("set", "login", "title", "text=Welcome").status == 0)
        let written = plumb.run("export", "login@1", "--format", "html", "-o", "page.html", "--metrics", "fixed")
        #expect(written.status == 0, "\(written.stderr)")
        let page = try String(contentsOfFile: plumb.folder.appendingPathComponent("page.html").path, encoding: .utf8)
        #expect(page.contains("data-id=\"title\"") && page.contains(">Sign in</span>") && !page.contains("Welcome"))
        let head = plumb.run("export", "login", "--format", "html", "--metrics", "fixed")
        #expect(head.stdout.contains(">Welcome</span>"))
        let file = plumb.run("export", "./login.json", "--format", "HTML", "--metrics", "fixed")
        #expect(file.status == 0 && file.stdout.contains("data-id=\"ok\""))
    }

    @Test func usageErrors() {
        let plumb = PlumbRunner()
        plumb.run("init")
        #expect(plumb.run("export", "login").stderr.contains("no document \"login\""))
        let pdf = plumb.run("export", "login", "--format", "pdf")
        #expect(pdf.status == 64 && pdf.stderr.contains("--format: expected html, got \"pdf\""))
        #expect(plumb.run("export", "nothing", "--format", "html").status == 1)
    }
}
