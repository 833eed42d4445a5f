import Foundation
import LayoutEngine
import LayoutSpec
import TextMetrics

/// `plumb-bench layout FILE.json [--size WxH] [--runs N] [--metrics fixed|fonts] [--json]`:
/// the median in-process time of a full resolve (measure + arrange; parsing excluded) over N
/// runs, and the process's peak resident memory.
///
/// One measurer serves every run, as in a long-lived process: with `--metrics fonts` the first
/// run fills its caches (font resolution, shaped widths, line breaks) and later runs hit
/// them, so the first run is reported on its own as the cold figure. Fixed metrics cache
/// nothing.
enum LayoutBenchmark {
    static let usage = "layout FILE.json [--size WxH] [--runs N] [--metrics fixed|fonts] [--json]"

    struct Options {
        var file = ""
        var viewport = Size(width: 1920, height: 1080)
        var runs = 21
        var metrics = "fixed"
        var json = false
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            fail("\(error.message)\nusage: plumb-bench \(usage)")
            return 64
        }
        let measurer: any TextMeasuring
        switch options.metrics {
        case "fixed":
            measurer = FixedTextMeasurer()
        default:
            do {
                measurer = try FontTextMeasurer()
            } catch {
                fail("plumb-bench layout: cannot load fonts: \(error)")
                return 1
            }
        }
        guard let data = FileManager.default.contents(atPath: options.file) else {
            fail("plumb-bench layout: cannot read \(options.file)")
            return 1
        }
        let spec: Spec
        do {
            spec = try SpecCodec.decode([UInt8](data), file: options.file)
        } catch {
            fail(error.description)
            return 1
        }
        let peakBeforeResolve = Timing.peakMemoryMB()
        let engine = LayoutEngine(measurer: measurer)
        var times: [Double] = []
        var checksum = 0.0
        for _ in 0..<options.runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let layout = engine.resolve(spec, viewport: options.viewport)
            let end = DispatchTime.now().uptimeNanoseconds
            times.append(Double(end - start) / 1e6)
            checksum += layout.frames[layout.count - 1].maxY
        }
        let first = times[0]
        times.sort()
        let median = times[times.count / 2]
        let peak = Timing.peakMemoryMB()
        if options.json {
            print("{\"views\": \(spec.count), \"metrics\": \"\(options.metrics)\", \"median_ms\": \(rounded(median, 4)), \"min_ms\": \(rounded(times[0], 4)), \"first_ms\": \(rounded(first, 4)), \"runs\": \(options.runs), \"peak_rss_mb\": \(rounded(peak, 1)), \"peak_rss_before_resolve_mb\": \(rounded(peakBeforeResolve, 1))}")
        } else {
            let perView = median * 1e6 / Double(spec.count)
            print("\(options.file): \(spec.count) views at \(format(options.viewport.width))x\(format(options.viewport.height)), \(options.metrics) metrics, \(options.runs) runs")
            print("  median \(rounded(median, 3)) ms (\(rounded(perView, 1)) ns/view), min \(rounded(times[0], 3)) ms, max \(rounded(times[times.count - 1], 3)) ms, first run \(rounded(first, 3)) ms")
            print("  peak memory \(rounded(peak, 1)) MB (\(rounded(peakBeforeResolve, 1)) MB after parsing, before resolving)")
        }
        if checksum.isNaN { print("") }  // keeps the layouts alive for the optimiser
        if let fonts = measurer as? FontTextMeasurer {
            for warning in fonts.warnings { fail("warning: \(warning)") }
        }
        return 0
    }

    struct UsageError: Error {
        var message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        func value(after flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--size":
                let text = try value(after: argument)
                let parts = text.split(separator: "x")
                guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width >= 0, height >= 0 else {
                    throw UsageError(message: "--size expects WIDTHxHEIGHT, got \(text)")
                }
                options.viewport = Size(width: width, height: height)
            case "--runs":
                let text = try value(after: argument)
                guard let runs = Int(text), runs > 0 else { throw UsageError(message: "--runs expects a positive number, got \(text)") }
                options.runs = runs
            case "--metrics":
                let text = try value(after: argument)
                guard text == "fixed" || text == "fonts" else { throw UsageError(message: "--metrics expects fixed or fonts, got \(text)") }
                options.metrics = text
            case "--json":
                options.json = true
            default:
                guard !argument.hasPrefix("-"), options.file.isEmpty else { throw UsageError(message: "unexpected argument \(argument)") }
                options.file = argument
            }
            index += 1
        }
        guard !options.file.isEmpty else { throw UsageError(message: "missing FILE.json") }
        return options
    }

    static func rounded(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func fail(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
