import Foundation
import SeededRandom

/// `plumb-bench figma-big [--mb N] [--dense] [--plumb PATH] [--keep FOLDER]`: issue 39's figure
/// for the memory of `plumb import figma`.
///
/// Writes, from a fixed seed, a Figma REST file (`GET /v1/files/:key`, compact as the API sends
/// it) of about N MB (default 188) and one a tenth its size, made the way the files in
/// `Tests/FigmaFiles/` are: pages of phone screens, each a frame holding a header and a column
/// of cards in nested auto layout, with texts and their style objects, instances, shapes,
/// vectors, groups, and every key Figma writes whether or not the import reads it. Then imports
/// each, as a process, into a new store and prints its time and peak memory (`ru_maxrss`):
/// the peak against the file's size (goal ≤ 4×) and the big import's time against ten times
/// the small one's, measured in the same run (goal ≤ 2.5×).
///
/// `--dense` writes files made only of the keys the import reads (frames of small rectangles,
/// each with a fill): the most nodes a megabyte can hold, so the figure shows whether the peak
/// depends on how dense the file is. Its default size is 60 MB.
enum FigmaBigBenchmark {
    static let usage = "figma-big [--mb N] [--dense] [--plumb PATH] [--keep FOLDER]"

    static func run(_ arguments: [String]) throws {
        let dense = arguments.contains("--dense")
        let megabytes = StoreBenchmark.value(of: "--mb", in: arguments).flatMap { Double($0) } ?? (dense ? 60 : 188)
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        let kept = StoreBenchmark.value(of: "--keep", in: arguments)
        let folder = kept.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-figma-big-\(getpid())")
        if kept == nil { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        let big = try write(path("big.json"), bytes: Int(megabytes * 1_000_000), seed: 39, dense: dense)
        let small = try write(path("small.json"), bytes: Int(megabytes * 100_000), seed: 39, dense: dense)
        var results: [(file: FileFacts, run: ChildProcess.Result)] = []
        for (name, facts) in [("small", small), ("big", big)] {
            let store = path("store-\(name)")
            try? FileManager.default.removeItem(atPath: store)
            try ChildProcess.run(plumb, ["init", store])
            let run = try ChildProcess.run(plumb, ["--store", store + "/.plumb/store.sqlite", "import", "figma", path("\(name).json")])
            results.append((facts, run))
        }
        let kind = dense ? "a dense generated Figma file (only keys the import reads)" : "a generated Figma file"
        print("figma-big: plumb import figma of \(kind) (seed 39), each as a process into a new store")
        var table = FigureTable("file", "size", "frames", "nodes", "time", "peak RSS", "peak / size (goal ≤ 4×)")
        for (name, (facts, run)) in zip(["small (a tenth)", "big"], results) {
            let size = Double(facts.bytes) / 1_000_000
            table.add(name, String(format: "%.1f MB", size), "\(facts.frames)", "\(facts.nodes)",
                      String(format: "%.2f s", run.seconds), FigureTable.mb(run.peakMB * 1.048576),
                      String(format: "%.2f×", run.peakMB * 1_048_576 / Double(facts.bytes)))
        }
        table.print()
        let (small0, big0) = (results[0].run.seconds, results[1].run.seconds)
        let scale = Double(results[1].file.bytes) / Double(results[0].file.bytes)
        print(String(format: "  big time / (small time × %.2f): %.2f×   (goal ≤ 2.5×)", scale, big0 / (small0 * scale)))
    }

    /// What a generated file holds.
    struct FileFacts {
        var bytes = 0
        var frames = 0
        var nodes = 0
    }

    /// Writes a file of about `bytes` bytes: frames are added until it reaches that size.
    static func write(_ path: String, bytes target: Int, seed: UInt64, dense: Bool = false) throws -> FileFacts {
        FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw BenchmarkError("cannot write \(path)") }
        defer { try? handle.close() }
        var writer = FigmaFileWriter(seed: seed)
        var facts = FileFacts()
        func flush() {
            handle.write(Data(writer.text.utf8))
            facts.bytes += writer.text.utf8.count
            writer.text = ""
        }
        writer.text = #"{"document":{"id":"0:0","name":"Document","type":"DOCUMENT","scrollBehavior":"SCROLLS","children":["#
        let pages = 4
        var page = 0
        var frameInPage = 0
        writer.openPage(page)
        while facts.bytes + writer.text.utf8.count < target {
            // A new page every quarter of the target.
            if facts.bytes + writer.text.utf8.count > (page + 1) * target / pages, page + 1 < pages {
                writer.closePage()
                writer.text += ","
                page += 1
                frameInPage = 0
                writer.openPage(page)
            }
            if frameInPage > 0 { writer.text += "," }
            if dense {
                writer.denseScreen(index: facts.frames, column: frameInPage)
            } else {
                writer.screen(index: facts.frames, column: frameInPage)
            }
            facts.frames += 1
            frameInPage += 1
            if writer.text.utf8.count > 1 << 20 { flush() }
        }
        writer.closePage()
        writer.text += #"]},"components":{"#
        writer.text += (0..<writer.components).map { #""C:\#($0)":{"key":"k\#($0)","name":"Button \#($0)","description":"","remote":false,"documentationLinks":[]}"# }
            .joined(separator: ",")
        writer.text += #"},"componentSets":{},"schemaVersion":0,"styles":{"S:1":{"key":"s1","name":"Body","styleType":"TEXT","remote":false,"description":""}},"name":"Generated","lastModified":"2026-12-06T00:00:00Z","thumbnailUrl":"https://example.invalid/t.png","version":"1","role":"owner","editorType":"figma","linkAccess":"view"}"#
        flush()
        facts.nodes = writer.nodes
        return facts
    }
}

/// Writes Figma JSON text node by node, with random names, sizes, colours and texts.
struct FigmaFileWriter {
    var text = ""
    private(set) var nodes = 0
    private(set) var components = 8
    private var random: SeededGenerator
    private var nextID = 1

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    private static let words = ["account", "balance", "review", "settings", "profile", "order", "delivery", "message",
                                "photo", "share", "payment", "history", "search", "favourite", "notification", "help",
                                "café", "naïve", "Straße", "日本語", "résumé", "total", "coupon", "schedule"]
    private static let fonts = ["Inter", "Roboto", "SF Pro Text", "Gothic A1", "Montserrat"]

    private mutating func id() -> String {
        defer { nextID += 1 }
        return "\(nextID / 1000 + 1):\(nextID % 1000)"
    }

    private mutating func number(_ range: ClosedRange<Int>) -> Int { range.lowerBound + random.below(range.count) }
    private mutating func phrase(_ words: ClosedRange<Int>) -> String {
        (0..<number(words)).map { _ in Self.words[random.below(Self.words.count)] }.joined(separator: " ")
    }
    private mutating func channel() -> String { random.chance(30) ? "1" : String(format: "%.17g", Double(random.below(1 << 24)) / Double(1 << 24)) }
    private mutating func paint() -> String {
        #"{"blendMode":"NORMAL","type":"SOLID","color":{"r":\#(channel()),"g":\#(channel()),"b":\#(channel()),"a":1}}"#
    }
    private mutating func fills() -> String { random.chance(20) ? "[]" : "[\(paint())]" }

    /// The keys every scene node has, before its own.
    private mutating func common(_ id: String, _ name: String, _ type: String, x: Double, y: Double, width: Double, height: Double,
                                 horizontal: String = "LEFT", vertical: String = "TOP") -> String {
        nodes += 1
        let box = #"{"x":\#(x),"y":\#(y),"width":\#(width),"height":\#(height)}"#
        return #"{"id":"\#(id)","name":"\#(name)","type":"\#(type)","scrollBehavior":"SCROLLS","blendMode":"PASS_THROUGH","#
            + #""absoluteBoundingBox":\#(box),"absoluteRenderBounds":\#(box),"constraints":{"vertical":"\#(vertical)","horizontal":"\#(horizontal)"},"#
            + #""relativeTransform":[[1,0,\#(x)],[0,1,\#(y)]],"size":{"x":\#(width),"y":\#(height)},"#
    }

    private func frameKeys(_ fill: String) -> String {
        #""clipsContent":true,"background":\#(fill),"fills":\#(fill),"strokes":[],"strokeWeight":1,"strokeAlign":"INSIDE","backgroundColor":{"r":1,"g":1,"b":1,"a":1},"layoutGrids":[],"effects":[],"exportSettings":[],"interactions":[]"#
    }

    mutating func openPage(_ index: Int) {
        nodes += 1
        text += #"{"id":"\#(id())","name":"Page \#(index + 1)","type":"CANVAS","scrollBehavior":"SCROLLS","backgroundColor":{"r":0.96,"g":0.96,"b":0.96,"a":1},"prototypeStartNodeID":null,"flowStartingPoints":[],"prototypeDevice":{"type":"NONE","rotation":"NONE"},"exportSettings":[],"children":["#
    }

    mutating func closePage() { text += "]}" }

    /// A phone screen: a plain frame holding a header row and a column of cards, both auto layout.
    mutating func screen(index: Int, column: Int) {
        let x = Double(column % 40) * 500, y = Double(column / 40) * 1000
        let cards = number(4...10)
        var content = ""
        var top = y + 64
        for card in 0..<cards {
            if card > 0 { content += "," }
            let height = Double(number(120...220))
            content += self.card(x: x + 16, y: top, height: height, index: card)
            top += height + 12
        }
        let body = common(id(), "Screen \(index + 1)", "FRAME", x: x, y: y, width: 375, height: 812) + frameKeys(fills())
        text += body + #","children":[\#(header(x: x, y: y)),"#
        text += common(id(), "Content", "FRAME", x: x, y: y + 64, width: 375, height: top - y - 64, horizontal: "LEFT_RIGHT")
            + frameKeys("[]") + #","layoutMode":"VERTICAL","itemSpacing":12,"paddingLeft":16,"paddingRight":16,"paddingTop":0,"paddingBottom":0,"primaryAxisSizingMode":"AUTO","counterAxisSizingMode":"FIXED","children":[\#(content)]}]}"#
    }

    /// A frame of 100 small rectangles, each with a fill: only keys the import reads.
    mutating func denseScreen(index: Int, column: Int) {
        let x = Double(column % 40) * 500, y = Double(column / 40) * 1000
        nodes += 1
        text += #"{"id":"\#(id())","name":"Grid \#(index + 1)","type":"FRAME","absoluteBoundingBox":{"x":\#(x),"y":\#(y),"width":400,"height":400},"children":["#
        text += (0..<100).map { cell in
            nodes += 1
            let left = x + Double(cell % 10) * 40, top = y + Double(cell / 10) * 40
            return #"{"id":"\#(id())","name":"R\#(cell)","type":"RECTANGLE","absoluteBoundingBox":{"x":\#(left),"y":\#(top),"width":\#(number(8...40)),"height":\#(number(8...40))},"fills":[{"type":"SOLID","color":{"r":\#(channel()),"g":\#(channel()),"b":\#(channel()),"a":1}}]}"#
        }.joined(separator: ",")
        text += "]}"
    }

    private mutating func header(x: Double, y: Double) -> String {
        let title = phrase(1...3)
        var row = common(id(), "Header", "FRAME", x: x, y: y, width: 375, height: 64, horizontal: "LEFT_RIGHT") + frameKeys(fills())
        row += #","layoutMode":"HORIZONTAL","itemSpacing":8,"paddingLeft":16,"paddingRight":16,"paddingTop":12,"paddingBottom":12,"counterAxisAlignItems":"CENTER","primaryAxisAlignItems":"SPACE_BETWEEN","counterAxisSizingMode":"FIXED","primaryAxisSizingMode":"FIXED","children":["#
        row += icon(x: x + 16, y: y + 20) + "," + label(title, x: x + 48, y: y + 20, width: 200, height: 24, size: 20, weight: 700)
        row += "," + icon(x: x + 335, y: y + 20) + "]}"
        return row
    }

    private mutating func card(x: Double, y: Double, height: Double, index: Int) -> String {
        var card = common(id(), "Card \(index + 1)", "FRAME", x: x, y: y, width: 343, height: height) + frameKeys(fills())
        card += #","cornerRadius":12,"rectangleCornerRadii":[12,12,12,12],"layoutMode":"VERTICAL","itemSpacing":8,"paddingLeft":16,"paddingRight":16,"paddingTop":16,"paddingBottom":16,"layoutAlign":"STRETCH","layoutGrow":0,"counterAxisSizingMode":"FIXED","children":["#
        card += avatarRow(x: x + 16, y: y + 16)
        card += "," + label(phrase(4...16), x: x + 16, y: y + 64, width: 311, height: 40, size: 14, weight: 400, resize: "HEIGHT")
        if random.chance(60) {
            card += "," + buttons(x: x + 16, y: y + height - 56)
        }
        if random.chance(30) {
            var group = common(id(), "Decoration", "GROUP", x: x + 280, y: y + 8, width: 40, height: 40) + frameKeys("[]") + #","children":["#
            group += (0..<3).map { part in
                common(id(), "Rectangle \(part + 1)", "RECTANGLE", x: x + 280 + Double(part) * 8, y: y + 8, width: 24, height: 40)
                    + #""fills":\#(fills()),"strokes":[],"strokeWeight":1,"strokeAlign":"INSIDE","effects":[],"cornerRadius":4}"#
            }.joined(separator: ",")
            card += "," + group + "]}"
        }
        return card + "]}"
    }

    private mutating func avatarRow(x: Double, y: Double) -> String {
        var row = common(id(), "Author", "FRAME", x: x, y: y, width: 311, height: 40) + frameKeys("[]")
        row += #","layoutMode":"HORIZONTAL","itemSpacing":12,"counterAxisAlignItems":"CENTER","layoutAlign":"STRETCH","children":["#
        row += common(id(), "Avatar", "ELLIPSE", x: x, y: y, width: 40, height: 40)
            + #""fills":[{"blendMode":"NORMAL","type":"IMAGE","scaleMode":"FILL","imageRef":"\#(String(random.next(), radix: 16))"}],"strokes":[],"strokeWeight":1,"strokeAlign":"INSIDE","effects":[],"arcData":{"startingAngle":0,"endingAngle":6.2831854820251465,"innerRadius":0}}"#
        row += "," + label(phrase(2...3), x: x + 52, y: y + 10, width: 160, height: 20, size: 16, weight: 600)
        row += "," + label(phrase(1...2), x: x + 220, y: y + 12, width: 91, height: 16, size: 12, weight: 400, grow: true)
        return row + "]}"
    }

    private mutating func buttons(x: Double, y: Double) -> String {
        var row = common(id(), "Actions", "FRAME", x: x, y: y, width: 311, height: 40) + frameKeys("[]")
        row += #","layoutMode":"HORIZONTAL","itemSpacing":8,"primaryAxisAlignItems":"MAX","layoutAlign":"STRETCH","children":["#
        row += (0..<number(1...3)).map { button in
            let component = random.below(components)
            var instance = common(id(), "Button", "INSTANCE", x: x + Double(button) * 100, y: y, width: 92, height: 40) + frameKeys(fills())
            instance += #","componentId":"C:\#(component)","componentProperties":{},"overrides":[],"cornerRadius":8,"layoutMode":"HORIZONTAL","paddingLeft":16,"paddingRight":16,"paddingTop":10,"paddingBottom":10,"primaryAxisAlignItems":"CENTER","counterAxisAlignItems":"CENTER","children":["#
            instance += label(phrase(1...1), x: x + Double(button) * 100 + 16, y: y + 10, width: 60, height: 20, size: 14, weight: 600)
            return instance + "]}"
        }.joined(separator: ",")
        return row + "]}"
    }

    private mutating func icon(x: Double, y: Double) -> String {
        var instance = common(id(), "Icon", "INSTANCE", x: x, y: y, width: 24, height: 24) + frameKeys("[]")
        instance += #","componentId":"C:\#(random.below(components))","children":["#
        instance += common(id(), "Vector", "VECTOR", x: x + 2, y: y + 2, width: 20, height: 20)
            + #""fills":[\#(paint())],"strokes":[],"strokeWeight":1.5,"strokeAlign":"CENTER","strokeCap":"ROUND","strokeJoin":"ROUND","effects":[]}"#
        return instance + "]}"
    }

    private mutating func label(_ characters: String, x: Double, y: Double, width: Double, height: Double, size: Int, weight: Int,
                                resize: String = "WIDTH_AND_HEIGHT", grow: Bool = false) -> String {
        let font = Self.fonts[random.below(Self.fonts.count)]
        var node = common(id(), characters, "TEXT", x: x, y: y, width: width, height: height)
        node += #""fills":[\#(paint())],"strokes":[],"strokeWeight":1,"strokeAlign":"OUTSIDE","styles":{"text":"S:1"},"effects":[],"layoutGrow":\#(grow ? 1 : 0),"#
        node += #""characters":"\#(characters)","style":{"fontFamily":"\#(font)","fontPostScriptName":"\#(font.replacingOccurrences(of: " ", with: ""))-Regular","fontWeight":\#(weight),"textAutoResize":"\#(resize)","fontSize":\#(size),"textAlignHorizontal":"LEFT","textAlignVertical":"TOP","letterSpacing":0,"lineHeightPx":\#(Double(size) * 1.25),"lineHeightPercent":100,"lineHeightPercentFontSize":125,"lineHeightUnit":"PIXELS"},"#
        node += #""layoutVersion":3,"characterStyleOverrides":[],"styleOverrideTable":{},"lineTypes":["NONE"],"lineIndentations":[0]}"#
        return node
    }
}
