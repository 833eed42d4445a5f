import Foundation
import LayoutSpec
import Testing

/// Text that came from elsewhere never reaches the terminal raw: authors, messages and values
/// received from another store cannot inject escape sequences or forge lines of output.
@Suite struct OutputEscapingTests {
    /// Characters a terminal acts on: ESC, BEL, a C1 CSI, a bidirectional override, DEL.
    static let hostile = "x\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m\u{202E}\u{7F}"

    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            scalar.value < 0x20 && scalar != "\n" || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        }
    }

    @Test func receivedAuthorsMessagesAndValuesAreEscaped() throws {
        let sender = PlumbRunner()
        sender.environment["PLUMB_AUTHOR"] = Self.hostile
        #expect(sender.run("init").status == 0)
        #expect(sender.run("apply", sender.write("login.json", loginSpec)).status == 0)
        #expect(sender.run("set", "login", "title", "text=\(Self.hostile)", "-m", "\(Self.hostile)\n   9  000000000000  2020-01-01 00:00  admin  forged").status == 0)
        #expect(sender.run("bundle", "create", "-o", "all.bundle").status == 0)
        let receiver = PlumbRunner()
        #expect(receiver.run("init").status == 0)
        #expect(receiver.run("bundle", "apply", sender.folder.appendingPathComponent("all.bundle").path).status == 0)

        let log = receiver.run("log", "login")
        #expect(log.status == 0)
        #expect(Self.isClean(log.stdout), "\(log.stdout.debugDescription)")
        #expect(log.stdout.split(separator: "\n").count == 2, "a message cannot add lines: \(log.stdout)")
        #expect(log.stdout.contains(#"x\u{1B}]0;owned\u{7}"#))
        let json = receiver.run("log", "login", "--json")
        #expect(Self.isClean(json.stdout))
        // The JSON still carries the exact text.
        let parsed = try JSONParser.parse(Array(json.stdout.utf8))
        guard case .array(let versions) = parsed else { Issue.record("not an array"); return }
        #expect(versions.first?["author"] == .string(Self.hostile))

        // `docs` and `tag --list` show the head's and the tagged version's message.
        #expect(receiver.run("tag", "login", "v1").status == 0)
        for arguments in [["diff", "login@1", "login@2"], ["show", "login"], ["resolve", "login", "--size", "320x480", "--format", "table"],
                          ["resolve", "login", "--size", "320x480", "--format", "json"], ["docs"], ["tag", "--list"]] {
            let output = receiver.run(arguments)
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            #expect(Self.isClean(output.stdout), "\(arguments): \(output.stdout.debugDescription)")
        }
    }

    /// A one-line listing shows a message's first line, whichever line ending follows it:
    /// "\r\n" is one Swift character, and once slipped past a test for "\n" and "\r".
    @Test func listingsShowTheFirstLineOfACRLFMessage() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec), "-m", "Title first\r\nthen the body").status == 0)
        #expect(plumb.run("set", "login", "ok", "width=90", "-m", "Wider\rold Mac ending").status == 0)
        let log = plumb.run("log", "login").stdout
        #expect(log.contains("Title first\n"), "\(log.debugDescription)")
        #expect(log.contains("Wider\n"), "\(log.debugDescription)")
        #expect(!log.contains("body") && !log.contains("ending"), "\(log.debugDescription)")
    }

    @Test func messagesEchoingInputAreEscaped() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let spec = #"{"plumb": 1, "name": "a", "root": {"id": "r", "kind": "view", "widht\u0000\u001b[31m": 1}}"#
        let result = plumb.run("apply", plumb.write("bad.json", spec))
        #expect(result.status == 1)
        #expect(Self.isClean(result.stderr), "\(result.stderr.debugDescription)")
        let unknown = plumb.run("frobnicate\u{1B}[31m")
        #expect(unknown.status == 64)
        #expect(Self.isClean(unknown.stderr))
    }

    @Test func jsonOutputEscapesWhatTerminalsActOn() throws {
        let text = "a\u{7F}b\u{85}c\u{9B}d\u{202E}e\u{2066}f\u{2069}g é 保 \u{200F}"
        let quoted = JSONWriter.quote(text)
        #expect(quoted == #""a\u007fb\u0085c\u009bd\u202ee\u2066f\u2069g é 保 \#u{200F}""#)
        #expect(try JSONParser.parse(Array(quoted.utf8)) == .string(text))
    }
}
