import BrowserCheck
import Foundation
import Interop
import LayoutEngine
import LayoutSpec
import TextMetrics

/// The figures of issue 10: Figma import and re-import, Figma agreement per file, HTML export
/// size and speed, and the browser as a second layout engine.
enum InteropBenchmark {
    static let figmaUsage = "figma [FOLDER] [--plumb PATH] [--baseline PATH]   (FOLDER: Tests/FigmaFiles; baseline also PLUMB_BASELINE)"
    static let agreementUsage = "figma-agreement [FOLDER]"
    static let htmlUsage = "html [--views N] [--runs N]"
    static let browserUsage = "browser [FOLDER] [--details N]"

    static func sharedFolder(_ arguments: [String]) -> String {
        arguments.first { !$0.hasPrefix("-") && !isOptionValue($0, in: arguments) } ?? "Tests/FigmaFiles"
    }

    static func isOptionValue(_ argument: String, in arguments: [String]) -> Bool {
        guard let index = arguments.firstIndex(of: argument), index > 0 else { return false }
        return arguments[index - 1].hasPrefix("--")
    }

    static func figmaFiles(in folder: String) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        let urls = names.map { URL(fileURLWithPath: folder).appendingPathComponent($0) }
        guard !urls.isEmpty else { throw BenchmarkError("\(folder): no Figma files (*.json)") }
        return urls.sorted { size($0) < size($1) }
    }

    static func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }

    // MARK: figma

    /// `plumb import figma` of the largest file as a process, beside the baseline binary
    /// applying the same documents; then a re-import after one edit in Figma's JSON.
    static func figma(_ arguments: [String]) throws {
        let files = try figmaFiles(in: sharedFolder(arguments))
        let largest = files.last!
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        // The reference applies the same documents as spec files: with the baseline binary
        // when one is given, else with this plumb.
        let baseline = StoreBenchmark.value(of: "--baseline", in: arguments) ?? ProcessInfo.processInfo.environment["PLUMB_BASELINE"] ?? plumb
        let referenceName = baseline == plumb ? "this plumb" : "baseline plumb"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-figma-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let result = try FigmaImporter.read(Array(try Data(contentsOf: largest)), file: largest.lastPathComponent)
        print("figma import: \(largest.lastPathComponent), \(size(largest)) bytes, \(result.frames.count) frames, \(result.summary.views) views")
        var importTimes: [Double] = [], referenceTimes: [Double] = [], importCPU: [Double] = [], referenceCPU: [Double] = []
        var specPaths: [String] = []
        for frame in result.frames {
            let path = folder.appendingPathComponent("\(frame.document).json").path
            try SpecCodec.encodeText(frame.spec, shape: .flat).write(toFile: path, atomically: true, encoding: .utf8)
            specPaths.append(path)
        }
        for round in 0..<3 {
            let store = folder.appendingPathComponent("import-\(round)").path
            try StoreBenchmark.runProcess(plumb, ["init", store])
            var cpu = childCPUSeconds()
            importTimes.append(try Timing.seconds { try StoreBenchmark.runProcess(plumb, ["--store", store, "import", "figma", largest.path]) })
            importCPU.append(childCPUSeconds() - cpu)
            let reference = folder.appendingPathComponent("reference-\(round)").path
            try StoreBenchmark.runProcess(baseline, ["init", reference])
            cpu = childCPUSeconds()
            referenceTimes.append(try Timing.seconds {
                for path in specPaths { try StoreBenchmark.runProcess(baseline, ["--store", reference, "apply", path]) }
            })
            referenceCPU.append(childCPUSeconds() - cpu)
        }
        let importTime = importTimes.sorted()[1], reference = referenceTimes.sorted()[1]
        print("  plumb import figma (parse, map, write \(result.frames.count) documents), median of 3: \(Timing.ms(importTime)) wall, \(Timing.ms(importCPU.sorted()[1])) CPU   target ≤ 1000 ms")
        print("  reference, same run: \(referenceName) apply of the same \(specPaths.count) documents as spec files: \(Timing.ms(reference)) wall, \(Timing.ms(referenceCPU.sorted()[1])) CPU   import/reference \(String(format: "%.2f", importTime / reference))")

        // One edit in Figma: the first text's characters.
        let store = folder.appendingPathComponent("import-0").path
        let edited = folder.appendingPathComponent("edited.json")
        guard let changedText = try editFirstText(of: largest, writingTo: edited) else { throw BenchmarkError("no TEXT node to edit") }
        let output = try capture(plumb, ["--store", store, "import", "figma", edited.path, "--json"])
        guard case .array(let documents)? = try JSONParser.parse(output)["documents"] else { throw BenchmarkError("import --json printed no documents") }
        let versions = documents.compactMap { $0["version"]?["changes"]?.number }
        print("  re-import after one edit (text of a layer → \"\(changedText)\"): \(versions.count) new version(s), \(versions.map { String(Int($0)) }.joined(separator: ", ")) change(s)   target: 1 version, 1–2 changes")
    }

    /// User and system CPU seconds of this process's finished children so far.
    static func childCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Writes `file` with its first `TEXT` node's characters changed; returns the new text.
    static func editFirstText(of file: URL, writingTo output: URL) throws -> String? {
        var json = try JSONParser.parse(Array(try Data(contentsOf: file)))
        var newText: String?
        func edit(_ value: inout JSONValue) {
            guard newText == nil, case .object(var members) = value else { return }
            if value["type"] == .string("TEXT"), let index = members.firstIndex(where: { $0.key == "characters" }) {
                let text = (members[index].value.string ?? "") + " (edited)"
                members[index].value = .string(text)
                newText = text
                value = .object(members)
                return
            }
            if let index = members.firstIndex(where: { $0.key == "children" || $0.key == "document" }) {
                if case .array(var children) = members[index].value {
                    for child in children.indices where newText == nil { edit(&children[child]) }
                    members[index].value = .array(children)
                } else {
                    edit(&members[index].value)
                }
                value = .object(members)
            }
        }
        edit(&json)
        try JSONWriter.compact(json).write(to: output, atomically: true, encoding: .utf8)
        return newText
    }

    static func capture(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("\(path) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: figma-agreement

    /// Per file: non-text views within 0.5 pt of Figma's box at the frame's own size, and the
    /// reasons for the others. A file that cannot be imported is named with the reason and
    /// left out of the total; the others are still measured.
    static func agreement(_ arguments: [String]) throws {
        let measurer = try FontTextMeasurer()
        let engine = LayoutEngine(measurer: measurer)
        print("Figma agreement: each frame resolved at its own size (installed fonts), non-text views within 0.5 pt")
        var total = FigmaAgreement()
        var unreadable = 0
        for file in try figmaFiles(in: sharedFolder(arguments)) {
            let result: FigmaImporter.Result
            do {
                result = try FigmaImporter.read(Array(try Data(contentsOf: file)), file: file.lastPathComponent)
            } catch {
                print("  \(file.lastPathComponent): not measured: \(error)")
                unreadable += 1
                continue
            }
            var agreement = FigmaAgreement()
            for frame in result.frames { agreement.add(FigmaAgreement.measure(frame, engine: engine, isFamilyInstalled: measurer.isFamilyInstalled)) }
            total.add(agreement)
            print(line(file.lastPathComponent, agreement, frames: result.frames.count))
        }
        print(line("all files", total, frames: nil))
        if unreadable > 0 { print("  \(unreadable) file\(unreadable == 1 ? "" : "s") not measured (above)") }
    }

    static func line(_ name: String, _ agreement: FigmaAgreement, frames: Int?) -> String {
        let percent = agreement.compared == 0 ? 100 : 100 * Double(agreement.agreed) / Double(agreement.compared)
        var text = "  \(name): \(agreement.agreed)/\(agreement.compared) (\(String(format: "%.2f", percent))%)"
        if let frames { text += " in \(frames) frame\(frames == 1 ? "" : "s")" }
        text += "; \(agreement.collapsed) collapsed not compared"
        let installed = agreement.installedLabelsCompared, installedAgreed = agreement.installedLabelsAgreed
        let missing = agreement.labelsCompared - installed, missingAgreed = agreement.labelsAgreed - installedAgreed
        text += "\n    labels within 1 pt: \(agreement.labelsAgreed)/\(agreement.labelsCompared); family installed \(installedAgreed)/\(installed)"
        if installed > 0 { text += " (\(String(format: "%.1f", 100 * Double(installedAgreed) / Double(installed)))%)" }
        text += ", family missing \(missingAgreed)/\(missing)"
        if installed > 0 {
            let compared = agreement.expressibleLabelsCompared, agreed = agreement.expressibleLabelsAgreed
            text += "\n    family installed, style expressible: \(agreed)/\(compared)"
            if compared > 0 { text += " (\(String(format: "%.1f", 100 * Double(agreed) / Double(compared)))%)   target ≥ 90%" }
        }
        for (reason, count) in agreement.reasons.sorted(by: { $0.value > $1.value }) { text += "\n      \(count) missed: \(reason)" }
        for (cause, count) in agreement.labelMisses.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            text += "\n      \(count) label\(count == 1 ? "" : "s") missed: \(cause)"
        }
        return text
    }

    // MARK: html

    /// HTML export of a seeded 2,000-view document: median time and size, beside the same
    /// document resolved (the layout the page must reproduce) in the same run.
    static func html(_ arguments: [String]) throws {
        let views = Int(StoreBenchmark.value(of: "--views", in: arguments) ?? "") ?? 2_000
        let runs = Int(StoreBenchmark.value(of: "--runs", in: arguments) ?? "") ?? 21
        let spec = StoreBenchmark.makeSpec(name: "export", views: views, seed: 42)
        let measurer = try FontTextMeasurer()
        let engine = LayoutEngine(measurer: measurer)
        var page = ""
        _ = HTMLExporter(spec: spec, measurer: measurer).render()  // warm the font caches
        let export = Timing.median(runs: runs) { page = HTMLExporter(spec: spec, measurer: measurer).render() }
        let resolve = Timing.median(runs: runs) { _ = engine.resolve(spec, viewport: Size(width: 1280, height: 800)) }
        let bytes = page.utf8.count
        print("html export of a \(spec.count)-view document (seed 42), median of \(runs):")
        print("  export: \(Timing.ms(export))   target ≤ 100 ms")
        print("  size:   \(bytes) bytes (\(String(format: "%.2f", Double(bytes) / 1_048_576)) MiB)   target ≤ 1 MiB")
        print("  reference, same run: resolve of the same document at 1280x800: \(Timing.ms(resolve))   export/resolve \(String(format: "%.2f", export / resolve))")
    }

    // MARK: browser

    /// Chromium against plumb resolve over the layout goldens (the seed examples among them)
    /// and every imported Figma frame, at five window sizes; mismatches per rule.
    static func browser(_ arguments: [String]) throws {
        guard let chromium = Chromium.find() else { throw BenchmarkError("no chromium on the PATH (Tools/install-deps.sh installs it)") }
        let details = Int(StoreBenchmark.value(of: "--details", in: arguments) ?? "") ?? 3
        let engine = LayoutEngine(measurer: try FontTextMeasurer())
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-browser-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var groups: [(String, [BrowserComparison.Case])] = [("layout goldens", try BrowserCases.goldens(in: "Tests/LayoutEngineTests/Goldens"))]
        let examples = BrowserCases.examples(in: "examples")
        if !examples.isEmpty { groups.append(("examples/", examples)) }
        for file in try figmaFiles(in: sharedFolder(arguments)) {
            let frames = try FigmaImporter.read(Array(try Data(contentsOf: file)), file: file.lastPathComponent).frames
            groups.append((file.lastPathComponent, frames.map { BrowserComparison.Case(name: $0.document, spec: $0.spec) }))
        }
        print("Chromium (\(chromium.executable)) against plumb resolve at \(BrowserComparison.viewports.map { "\(Int($0.width))x\(Int($0.height))" }.joined(separator: ", ")); 0.5 px, labels 1 px")
        for (name, cases) in groups {
            let start = Date()
            let result = try BrowserComparison.run(cases, engine: engine, chromium: chromium, scratch: scratch)
            let seconds = Date().timeIntervalSince(start)
            print("  \(name): \(result.agreed)/\(result.compared) boxes agree, \(result.rootCauses.count) mismatches (+\(result.followers) inside them) [\(String(format: "%.1f", seconds)) s]")
            for (rule, count) in result.byRule {
                print("      \(count)  \(rule)")
                for mismatch in result.rootCauses.filter({ $0.rule == rule }).prefix(details) { print("          \(mismatch)") }
            }
        }
    }
}
