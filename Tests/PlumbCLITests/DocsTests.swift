import Foundation
import Testing

/// The docs run as written: every ```sh block of README.md and docs/*.md runs, in order, in a
/// fresh folder per page holding a copy of `examples/`, with the built `plumb` first on PATH
/// (bash -e, stdout and stderr together). A block must exit 0 unless the line before it says
/// `<!-- docs-test: exit N -->`; one after `<!-- docs-test: skip (why) -->` is not run. When a
/// ```text block follows a sh block, it is the block's output: compared line by line, with
/// version ids and other hex runs (7+ digits), times, and `...` (any text within a line, or
/// any lines when alone on one) allowed to differ.
@Suite struct DocsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The pages: README.md, then docs/*.md by name.
    static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    @Test func thereArePagesAndExamples() {
        #expect(Self.pages.count >= 5)
        #expect(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent("examples/login.json").path))
    }

    /// The pages with a block to run (or that cannot be read, so the test says why); a page of
    /// prose alone, such as a format's description, has nothing to check.
    static var pagesWithCommands: [String] {
        pages.filter { page in
            guard let text = try? String(contentsOf: repository.appendingPathComponent(page), encoding: .utf8),
                  let blocks = try? DocsPage.blocks(in: text) else { return true }
            return blocks.contains { !$0.skipped }
        }
    }

    @Test(arguments: pagesWithCommands)
    func commandsRunAsWritten(_ page: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(page), encoding: .utf8)
        let blocks = try DocsPage.blocks(in: text)
        let runnable = blocks.filter { !$0.skipped }
        try #require(!runnable.isEmpty, "\(page) has no block to run")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("examples"), to: folder.appendingPathComponent("examples"))
        for block in runnable {
            let result = try DocsPage.run(block.script, in: folder)
            let place = "\(page):\(block.line)"
            #expect(result.status == block.expectedStatus, "\(place): exit \(result.status), expected \(block.expectedStatus)\n\(block.script)\n--- output:\n\(result.output)")
            if let expected = block.expectedOutput {
                #expect(DocsPage.matches(expected: expected, actual: result.output, folder: folder.path),
                        "\(place): the output differs from the text block after it\n--- expected:\n\(expected)\n--- actual:\n\(result.output)")
            }
        }
    }

    @Test func outputMatchingAllowsIdsTimesAndEllipses() {
        #expect(DocsPage.matches(expected: "login: version 1 (054f74947fbc)\n   5  97a8bf085c6f  2026-12-01 03:23:09  alice",
                                 actual: "login: version 1 (aaaa11112222)\n   5  0123456789ab  2025-01-02 00:00:00  alice\n", folder: "/x"))
        #expect(!DocsPage.matches(expected: "login: version 2 (054f74947fbc)", actual: "login: version 1 (054f74947fbc)", folder: "/x"))
        #expect(DocsPage.matches(expected: "Initialized in .../.plumb (site 656b2bdf)\n...\nlast", actual: "Initialized in /tmp/q/.plumb (site 0011aabb)\na\nb\nlast", folder: "/x"))
        #expect(!DocsPage.matches(expected: "a\nb", actual: "a\nb\nc", folder: "/x"))
        #expect(DocsPage.matches(expected: "a\n...", actual: "a\nb\nc", folder: "/x"))
    }

    @Test func markersAreRead() throws {
        let page = """
            <!-- docs-test: skip (needs a hub) -->
            ```sh
            plumb push
            ```

            <!-- docs-test: exit 1 -->
            ```sh
            plumb show nothere
            ```

            ```text
            plumb show: ...
            ```
            """
        let blocks = try DocsPage.blocks(in: page)
        #expect(blocks.count == 2)
        #expect(blocks[0].skipped && !blocks[1].skipped)
        #expect(blocks[1].expectedStatus == 1 && blocks[1].expectedOutput == "plumb show: ...")
        #expect(throws: DocsPage.Failure.self) { try DocsPage.blocks(in: "<!-- docs-test: skp -->\n```sh\nls\n```") }
        #expect(throws: DocsPage.Failure.self) { try DocsPage.blocks(in: "```sh\nls\n") }
    }
}

/// Reading a Markdown page's shell blocks, running them, and comparing their output.
enum DocsPage {
    struct Block {
        var line: Int
        var script: String
        var skipped: Bool
        var expectedStatus: Int32
        var expectedOutput: String?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func blocks(in text: String) throws -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        var marker: String?
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!-- docs-test:") {
                marker = trimmed
                index += 1
                continue
            }
            guard trimmed.hasPrefix("```") else {
                if !trimmed.isEmpty { marker = nil }
                index += 1
                continue
            }
            let language = String(trimmed.dropFirst(3))
            let indent = lines[index].prefix { $0 == " " }.count
            let start = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            guard index < lines.count else { throw Failure(description: "line \(start + 1): a fence that is never closed") }
            index += 1
            if language == "sh" {
                var block = Block(line: start + 1, script: body.joined(separator: "\n"), skipped: false, expectedStatus: 0)
                if let marker {
                    if marker.hasPrefix("<!-- docs-test: skip") {
                        block.skipped = true
                    } else if let status = Int32(marker.dropFirst("<!-- docs-test: exit ".count).prefix { $0.isNumber }),
                              marker.hasPrefix("<!-- docs-test: exit ") {
                        block.expectedStatus = status
                    } else {
                        throw Failure(description: "line \(start): unknown marker \(marker) (expected skip (why) or exit N)")
                    }
                }
                block.expectedOutput = outputBlock(after: index, in: lines)
                blocks.append(block)
            }
            marker = nil
        }
        return blocks
    }

    /// The body of a ```text block following (after blank lines only) line `index`.
    private static func outputBlock(after index: Int, in lines: [String]) -> String? {
        var next = index
        while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
        guard next < lines.count, lines[next].trimmingCharacters(in: .whitespaces) == "```text" else { return nil }
        var body: [String] = []
        next += 1
        while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces) != "```" {
            body.append(lines[next])
            next += 1
        }
        return body.joined(separator: "\n")
    }

    /// Runs a block with bash -e in `folder`, the built plumb first on PATH; a block still
    /// running after two minutes is killed.
    static func run(_ script: String, in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = PlumbRunner.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for key in ["PLUMB_STORE", "PLUMB_NOW_MS", "PGHOST", "PGPORT", "PGUSER", "PGDATABASE"] { environment[key] = nil }
        environment["PLUMB_AUTHOR"] = "alice"
        environment["NO_COLOR"] = "1"
        environment["HOME"] = folder.path
        process.environment = environment
        let output = folder.appendingPathComponent(".docs-test-output")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: output)
        return (process.terminationStatus, text)
    }

    /// True when `actual` is `expected` but for ids, times and `...`.
    static func matches(expected: String, actual: String, folder: String) -> Bool {
        let want = lines(expected).map(normalized)
        let got = lines(actual.replacingOccurrences(of: folder, with: ".")).map(normalized)
        return match(want[...], got[...])
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    private static func match(_ want: ArraySlice<String>, _ got: ArraySlice<String>) -> Bool {
        guard let first = want.first else { return got.isEmpty }
        if first == "..." {
            return (got.startIndex...got.endIndex).contains { match(want.dropFirst(), got[$0...]) }
        }
        guard let line = got.first, lineMatches(first, line) else { return false }
        return match(want.dropFirst(), got.dropFirst())
    }

    /// One line: `...` in `pattern` stands for any text.
    private static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let parts = pattern.components(separatedBy: "...")
        guard parts.count > 1 else { return pattern == line }
        var rest = Substring(line)
        for (index, part) in parts.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return rest.hasSuffix(part)
            } else {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
        }
        return true
    }

    /// Hex runs of 7+ digits (version and site ids) and times, replaced by placeholders.
    static func normalized(_ line: String) -> String {
        var text = line
        for (pattern, placeholder) in [
            (#"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?Z?"#, "<time>"),
            (#"\b[0-9a-f]{7,64}\b"#, "<hex>"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: placeholder, options: .regularExpression)
        }
        return text
    }
}
