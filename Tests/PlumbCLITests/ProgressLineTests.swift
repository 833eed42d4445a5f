import Foundation
import Testing
@testable import PlumbCLI

/// The progress line long commands draw on a terminal: after the delay only, one line redrawn
/// in place, erased at the end; nothing in pipes.
@Suite struct ProgressLineTests {
    /// A line on a clock the test moves, recording what it writes.
    final class Recorder {
        var now = 0.0
        var written: [String] = []
        lazy var line = ProgressLine(command: "apply", delay: 1, interval: 0.25, clock: { self.now }, write: { self.written.append($0) })
    }

    @Test func quietDuringTheFirstSecond() {
        let recorder = Recorder()
        recorder.line.phase("reading big.json")
        recorder.now = 0.5
        recorder.line.phase("planning 100,000 views")
        recorder.line.tick()
        recorder.line.finish()
        #expect(recorder.written.isEmpty)
    }

    @Test func drawsAfterTheDelayInPlaceAndErasesAtTheEnd() {
        let recorder = Recorder()
        recorder.line.phase("planning 100,000 views")
        recorder.now = 1.2
        recorder.line.tick()
        recorder.now = 1.3
        recorder.line.tick()  // same text: nothing redrawn
        recorder.now = 2.1
        recorder.line.phase("writing 400,003 changes")
        recorder.line.finish()
        recorder.now = 3
        #expect(!recorder.line.tick())
        #expect(recorder.written == [
            "\r\u{1B}[Kapply: planning 100,000 views (1 s)",
            "\r\u{1B}[Kapply: writing 400,003 changes (2 s)",
            "\r\u{1B}[K",
        ])
    }

    @Test func countsAreThrottled() {
        let recorder = Recorder()
        _ = recorder.line  // started at 0
        recorder.now = 5
        for done in 1...1_000 {
            recorder.now += 0.001
            recorder.line.count("copying versions", done, 1_000)
        }
        // The first count draws (a new phase), then at most one redraw per 0.25 s.
        #expect(recorder.written.count <= 1 + 4)
        #expect(recorder.written.first == "\r\u{1B}[Kapply: copying versions 1/1,000 (5 s)")
    }

    @Test func outputErasesTheLineFirst() {
        let recorder = Recorder()
        var out = ""
        let console = Console(out: { out += $0; recorder.written.append("out:" + $0) }, err: { _ in },
                              isTerminal: true, errorIsTerminal: true, useColor: false)
        console.progressLine = recorder.line
        recorder.now = 2
        recorder.line.phase("writing")
        console.print("done")
        #expect(out == "done\n")
        #expect(recorder.written == ["\r\u{1B}[Kapply: writing (2 s)", "\r\u{1B}[K", "out:done\n"])
    }

    @Test func fileNamesAreEscaped() {
        let text = ProgressLine.text(command: "apply", label: "reading a\u{1B}[2Jb.json", done: 0, total: nil, elapsed: 1)
        #expect(!text.contains("\u{1B}"))
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (400_003, "400,003"), (12_345_678, "12,345,678")])
    func grouped(_ number: Int, _ text: String) {
        #expect(ProgressLine.grouped(number) == text)
    }

    /// A command whose stderr is a terminal shows its phases (no delay here); the same
    /// command with stderr in a pipe shows nothing.
    @Test func applyOnATerminalOnly() throws {
        let plumb = PlumbRunner()
        plumb.environment["PLUMB_PROGRESS_AFTER"] = "0"
        #expect(plumb.run("init").status == 0)
        let spec = plumb.write("login.json", loginSpec)
        var err = ""
        let terminal = Console(out: { _ in }, err: { err += $0 }, isTerminal: false, errorIsTerminal: true, useColor: false)
        #expect(Plumb.run(["apply", spec], environment: plumb.environment, directory: plumb.folder.path, console: terminal) == 0)
        #expect(err.contains("\r\u{1B}[Kapply: planning 5 views"))
        #expect(err.contains("apply: writing"))
        #expect(err.hasSuffix("\r\u{1B}[K"))

        let piped = plumb.run("apply", plumb.write("other.json", loginSpec.replacingOccurrences(of: "Sign in", with: "Log in")))
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("\r"))
    }

    /// The real binary under a pseudo-terminal (`script`) draws the line; with stderr in a
    /// pipe it does not.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs /usr/bin/script (util-linux)"))
    func processUnderAPseudoTerminal() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let spec = plumb.write("login.json", loginSpec)
        let command = "\(PlumbRunner.executable.path) apply \(spec)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = plumb.folder
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PLUMB_AUTHOR": "tester", "NO_COLOR": "1", "PLUMB_PROGRESS_AFTER": "0"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("apply: planning 5 views"))
        #expect(text.contains("login: version 1"))
    }
}
