import Foundation
import LayoutEngine
import LayoutSpec
import SeededRandom
import TextMetrics

/// `plumb-bench text [--baseline PLUMB]`: resolve time of labels full of combining marks, with
/// real fonts (issue 11's figure: a label of 10,000 graphemes of 20 marks each ≤ 50 ms).
///
/// In process: each label is resolved (375×667, wrapping) by a fresh measurer whose font was
/// resolved beforehand on other text, so the time is the text's own (shaping, breaking,
/// truncating), cold caches. The reference, in the same run, is a label of as many plain
/// letters. With `--baseline PLUMB` (the round's starting binary), each label is also
/// resolved by `PLUMB resolve` and by this build's `plumb`, as processes (startup included).
enum TextBenchmark {
    static let usage = "text [--baseline PLUMB]"

    struct Case {
        let name: String
        let text: String
        let lines: Int
    }

    static func cases() -> [Case] {
        var generator = SeededGenerator(seed: 11)
        let marks = (0x300...0x36F).map { Character(Unicode.Scalar($0)!) }
        let letters = Array("abcdefghijklmnopqrstuvwxyz ")
        var zalgo = ""
        for _ in 0..<10_000 {
            zalgo.append(letters[Int(generator.next() % UInt64(letters.count))])
            for _ in 0..<20 { zalgo.append(marks[Int(generator.next() % UInt64(marks.count))]) }
        }
        var plain = ""
        for _ in 0..<10_000 { plain.append(letters[Int(generator.next() % UInt64(letters.count))]) }
        var result = [
            Case(name: "10,000 graphemes × 20 marks, wrapped", text: zalgo, lines: 0),
            Case(name: "10,000 graphemes × 20 marks, one line", text: zalgo, lines: 1),
            Case(name: "reference: 10,000 plain letters, wrapped", text: plain, lines: 0),
        ]
        // Other hostile shapes that must not get slower: ideographs without spaces (every
        // break between two), emoji ZWJ sequences (fallback face), many short lines.
        var ideographs = ""
        for _ in 0..<10_000 { ideographs.unicodeScalars.append(Unicode.Scalar(0x4E00 + UInt32(generator.next() % 0x5000))!) }
        result.append(Case(name: "10,000 ideographs, no spaces, wrapped", text: ideographs, lines: 0))
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        result.append(Case(name: "2,000 emoji ZWJ families, wrapped", text: String(repeating: family + " ", count: 2_000), lines: 0))
        var manyLines = ""
        for line in 0..<2_000 { manyLines += "line \(line) of many\n" }
        result.append(Case(name: "2,000 short lines", text: manyLines, lines: 0))
        for count in [12_500, 25_000, 50_000] {
            result.append(Case(name: "\"a\" + \(count) marks", text: "a" + String(repeating: "\u{301}", count: count), lines: 0))
        }
        return result
    }

    static func spec(_ example: Case) -> Spec {
        var root = View(id: "root", kind: .view)
        root.padding = Edges(all: 8)
        var label = View(id: "label", kind: .label)
        label.text = example.text
        label.numberOfLines = example.lines
        return Spec(name: "text", views: [root, label], parents: [-1, 0])
    }

    static func run(_ arguments: [String]) throws {
        let baseline = StoreBenchmark.value(of: "--baseline", in: arguments)
        let viewport = Size(width: 375, height: 667)
        print("label (375×667, real fonts)                      in process    lines")
        var reference = 0.0
        var times: [(String, Double)] = []
        for example in cases() {
            let spec = spec(example)
            // Median of 5, each with a fresh measurer (cold caches) whose font is resolved.
            var samples: [Double] = []
            var lineCount = 0
            for _ in 0..<5 {
                let measurer = try FontTextMeasurer()
                _ = measurer.width(of: "x", font: Font())
                let engine = LayoutEngine(measurer: measurer)
                var layout: Layout?
                samples.append(Timing.seconds { layout = engine.resolve(spec, viewport: viewport) })
                lineCount = layout?.textBlocks.last?.lines.count ?? 0
            }
            samples.sort()
            let median = samples[samples.count / 2]
            if example.name.hasPrefix("reference") { reference = median }
            times.append((example.name, median))
            print(example.name.padding(toLength: 48, withPad: " ", startingAt: 0), Timing.ms(median).leftPadded(12), String(lineCount).leftPadded(8))
        }
        for (name, time) in times where !name.hasPrefix("reference") {
            print(String(format: "  %@: %.1f× the plain-letter reference", name, time / reference))
        }
        if let baseline { try compareProcesses(baseline: baseline, viewport: viewport) }
    }

    /// `plumb resolve FILE` as processes, this build against the baseline binary.
    static func compareProcesses(baseline: String, viewport: Size) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-text-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let current = StoreBenchmark.defaultPlumbBinary()
        print("\nprocesses: plumb resolve FILE --size 375x667 (startup included)   this build   baseline   ratio")
        for example in cases() {
            let file = folder.appendingPathComponent("label.json").path
            guard FileManager.default.createFile(atPath: file, contents: Data(SpecCodec.encodeText(spec(example)).utf8)) else {
                throw BenchmarkError("cannot write \(file)")
            }
            let arguments = ["resolve", file, "--size", "\(Int(viewport.width))x\(Int(viewport.height))", "--format", "json"]
            let now = try Timing.seconds { try StoreBenchmark.runProcess(current, arguments) }
            let then = try Timing.seconds { try StoreBenchmark.runProcess(baseline, arguments) }
            print("  " + example.name.padding(toLength: 62, withPad: " ", startingAt: 0), Timing.ms(now).leftPadded(10), Timing.ms(then).leftPadded(10), String(format: "%8.2f", now / then))
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
