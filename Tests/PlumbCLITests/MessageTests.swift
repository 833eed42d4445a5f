import Foundation
import Testing

/// Messages a user can meet: each names the file, says what is wrong in words and what to do.
@Suite struct MessageTests {
    @Test func deepNestingNamesTheDocumentedLimitAndTheFlatShape() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        var view = #"{"id": "v261", "kind": "view"}"#
        for level in stride(from: 260, through: 1, by: -1) { view = #"{"id": "v\#(level)", "kind": "view", "children": [\#(view)]}"# }
        let result = plumb.run("apply", plumb.write("deep.json", #"{"plumb": 1, "name": "deep", "root": \#(view)}"#))
        #expect(result.status == 1)
        #expect(result.stderr.contains("deep.json"))
        #expect(result.stderr.contains("nested deeper than 256 levels"), "\(result.stderr)")
        #expect(result.stderr.contains("flat shape"))
        #expect(!result.stderr.contains("520"))
    }

    @Test func byteOrderMarkIsSkipped() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let path = plumb.folder.appendingPathComponent("bom.json").path
        _ = FileManager.default.createFile(atPath: path, contents: Data([0xEF, 0xBB, 0xBF] + Array(loginSpec.utf8)))
        let result = plumb.run("apply", path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(plumb.run("show", "login").status == 0)
    }

    @Test(arguments: [
        ("kind", "kind cannot be unset"), ("parent", "plumb mv"), ("alive", "plumb rm"), ("widht", "did you mean \"width\""),
    ])
    func unsettingStructureSaysWhatToDoInstead(key: String, message: String) {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        let result = plumb.run("set", "login", "ok", "--unset", key)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("unknown property") || key == "widht")
    }

    @Test func writingOutputToAFolderOrAMissingFolderSaysSo() {
        let plumb = PlumbRunner()
        let spec = plumb.write("login.json", loginSpec)
        let folder = plumb.run("resolve", spec, "--size", "320x480", "-o", plumb.folder.path)
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("is a folder. Give a file name"), "\(folder.stderr)")
        #expect(!folder.stderr.contains("NSCocoaErrorDomain"))
        let missing = plumb.run("resolve", spec, "--size", "320x480", "-o", "nowhere/out.json")
        #expect(missing.stderr.contains("nowhere/out.json: the folder"), "\(missing.stderr)")
        #expect(missing.stderr.contains("does not exist"))
    }

    @Test func nulBytesAreNeverEchoedRaw() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let result = plumb.run("apply", plumb.write("nul.json", "{\"plumb\": 1, \"name\": \"a\u{0}b\", \"root\": {\"id\": \"r\"}}"))
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{0}"), "\(result.stderr.debugDescription)")
    }
}
