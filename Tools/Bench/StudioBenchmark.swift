import Foundation
import LayoutSpec
import RawHTTP

/// `plumb-bench studio [--plumb PATH] [--baseline PATH] [--runs N]`: the figures of issue 9
/// on a stored 2,000-view document (the mixed tree, seed 42), against a real `plumb serve`.
///
/// Every timing sits beside a reference from the same run: the baseline binary (the code as
/// the round started) doing the nearest thing it can (`resolve --format svg`, `diff --frames`)
/// as a process, on a store of its own holding the same document.
enum StudioBenchmark {
    static let usage = "studio [--plumb PATH] [--baseline PATH] [--runs N]"

    static func run(_ arguments: [String]) throws {
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        let baseline = StoreBenchmark.value(of: "--baseline", in: arguments) ?? ProcessInfo.processInfo.environment["PLUMB_BASELINE"]
        let runs = StoreBenchmark.value(of: "--runs", in: arguments).flatMap(Int.init) ?? 15
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-studio-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        print("studio benchmark: mixed tree of 2,000 views, seed 42, median of \(runs)")
        let specPath = folder.appendingPathComponent("mixed.json").path
        var tree = MixedTree(count: 2_000, seed: 42)
        try Data(JSONWriter.compact(tree.build()).utf8).write(to: URL(fileURLWithPath: specPath))
        let edits = editsForVersionTwo(tree)
        let current = try makeStore(plumb, in: folder.appendingPathComponent("current"), spec: specPath, edits: edits)
        let reference = try baseline.map { try makeStore($0, in: folder.appendingPathComponent("baseline"), spec: specPath, edits: edits) }

        let conflicts = try addConflicts(plumb, store: current, in: folder.appendingPathComponent("clone"))

        let server = try ServeProcess(plumb, in: current)
        defer { server.stop() }
        let http = RawHTTP(port: server.port)
        let cookie = ["Cookie": server.cookie]
        func get(_ path: String) throws -> RawHTTP.Response {
            let response = try http.request(path, headers: cookie)
            guard response.status == 200 else { throw BenchmarkError("GET \(path): \(response.status) \(response.body.prefix(200))") }
            return response
        }

        // The first page of the run: fonts loaded, caches cold.
        let first = try Timing.seconds { _ = try get("/d/mixed2k?device=iphone-15") }
        // Each run at another width, as when the screen is dragged: the server lays out again.
        var width = 380
        let serverPID = server.serverPID
        var serverCPU = try cpuSeconds(serverPID)
        let page = try Timing.median(runs: runs) {
            width += 1
            let body = try get("/d/mixed2k?size=\(width)x852").body
            guard body.contains("<svg") else { throw BenchmarkError("the page has no picture") }
        }
        let pageCPU = (try cpuSeconds(serverPID) - serverCPU) / Double(runs)
        let pageBytes = try get("/d/mixed2k?size=393x852").body.utf8.count
        var childCPU = childrenCPUSeconds()
        let resolveSVG = try reference.map { store in
            try Timing.median(runs: runs) { try StoreBenchmark.runProcess(baseline!, ["--store", store, "resolve", "mixed2k", "--device", "iphone-15", "--format", "svg", "-o", folder.appendingPathComponent("ref.svg").path]) }
        }
        let resolveCPU = (childrenCPUSeconds() - childCPU) / Double(runs)
        report("document page at 393×852 (HTML + inline SVG, \(pageBytes / 1024) KiB)", page, goal: 0.150, reference: resolveSVG, referenceName: "baseline resolve --format svg, a process")
        cpu(pageCPU, reference: reference == nil ? nil : resolveCPU)
        print("    first page of the run (fonts cold): \(Timing.ms(first))")
        // The picture leaves out what is off screen; on a screen as long as the page every
        // view is drawn.
        let whole = try Timing.median(runs: max(3, runs / 3)) { _ = try get("/d/mixed2k?size=393x81000") }
        let wholeBytes = try get("/d/mixed2k?size=393x81000").body.utf8.count
        let resolveWhole = try reference.map { store in
            try Timing.median(runs: max(3, runs / 3)) { try StoreBenchmark.runProcess(baseline!, ["--store", store, "resolve", "mixed2k", "--size", "393x81000", "--format", "svg", "-o", folder.appendingPathComponent("ref.svg").path]) }
        }
        report("    the page at 393×81000, every view drawn (\(wholeBytes / 1024) KiB)", whole, goal: 0.150, reference: resolveWhole, referenceName: "baseline resolve --format svg at that size")

        // The documents page: each document's count of open conflicts asks the head about the
        // conflicts' views only.
        serverCPU = try cpuSeconds(serverPID)
        let documents = try Timing.median(runs: runs) {
            let body = try get("/").body
            guard body.contains("data-document=\"mixed2k\""), body.contains(">\(conflicts)</a>") else {
                throw BenchmarkError("the documents page does not list mixed2k with \(conflicts) open conflicts")
            }
        }
        let documentsCPU = (try cpuSeconds(serverPID) - serverCPU) / Double(runs)
        childCPU = childrenCPUSeconds()
        let docsCommand = try reference.map { store in
            try Timing.median(runs: runs) { try StoreBenchmark.runProcess(baseline!, ["--store", store, "docs"]) }
        }
        let docsCPU = (childrenCPUSeconds() - childCPU) / Double(runs)
        report("documents page (mixed2k with \(conflicts) open conflicts)", documents, goal: 0.200, reference: docsCommand, referenceName: "baseline plumb docs, a process")
        cpu(documentsCPU, reference: reference == nil ? nil : docsCPU)

        serverCPU = try cpuSeconds(serverPID)
        let diff = try Timing.median(runs: runs) {
            width += 1
            let body = try get("/d/mixed2k/diff?from=1&to=2&size=\(width)x852").body
            guard body.contains("data-change=\"moved\"") else { throw BenchmarkError("the diff shows no moved view") }
        }
        let diffCPU = (try cpuSeconds(serverPID) - serverCPU) / Double(runs)
        childCPU = childrenCPUSeconds()
        let framesDiff = try reference.map { store in
            try Timing.median(runs: runs) { try StoreBenchmark.runProcess(baseline!, ["--store", store, "diff", "mixed2k@1", "2", "--frames", "--device", "iphone-15"]) }
        }
        let framesCPU = (childrenCPUSeconds() - childCPU) / Double(runs)
        report("picture diff page of v1 → v2 (overlay, side by side, list)", diff, goal: 0.200, reference: framesDiff, referenceName: "baseline diff --frames, a process")
        cpu(diffCPU, reference: reference == nil ? nil : framesCPU)

        childCPU = childrenCPUSeconds()
        let png = try Timing.median(runs: runs) {
            try StoreBenchmark.runProcess(plumb, ["--store", current, "resolve", "mixed2k", "--device", "iphone-15", "--scale", "3", "-o", folder.appendingPathComponent("out.png").path])
        }
        let pngCPU = (childrenCPUSeconds() - childCPU) / Double(runs)
        childCPU = childrenCPUSeconds()
        let svg = try Timing.median(runs: runs) {
            try StoreBenchmark.runProcess(plumb, ["--store", current, "resolve", "mixed2k", "--device", "iphone-15", "--scale", "3", "-o", folder.appendingPathComponent("out.svg").path])
        }
        let svgCPU = (childrenCPUSeconds() - childCPU) / Double(runs)
        report("plumb resolve -o out.png at 3× (1179×2556 px), a process", png, goal: 0.400, reference: svg, referenceName: "the same as .svg")
        cpu(pngCPU, reference: svgCPU)

        try liveFigures(plumb, store: current, http: http, cookie: server.cookie, runs: max(3, runs / 3))
        try idleFigures(server)
        try slowFigures(server, runs: runs, reference: page) { width += 1; return try get("/d/mixed2k?size=\(width)x852") }
    }

    /// The user's page while 256 connections hold their headers unfinished (issue 39), beside
    /// the same page without them (the median above).
    static func slowFigures(_ server: ServeProcess, runs: Int, reference: Double, page: () throws -> RawHTTP.Response) throws {
        let slow = try SlowClients(port: server.port, count: 256)
        defer { slow.close() }
        let loaded = try Timing.median(runs: runs) { _ = try page() }
        report("256 slow connections: the user's page loads", loaded, goal: 1, reference: reference, referenceName: "the page without them")
    }

    /// Commits by another process, timed from its start (a commit's own work included) to the
    /// event on an open stream and to the page loaded again (what an open page does on the
    /// event).
    static func liveFigures(_ plumb: String, store: String, http: RawHTTP, cookie: String, runs: Int) throws {
        let stream = try http.events(cookie: cookie)
        guard stream.read(until: { $0.contains("event: hello") }, timeout: 10).contains("event: hello") else { throw BenchmarkError("no event stream") }
        var events: [Double] = [], pages: [Double] = [], commits: [Double] = []
        for round in 0..<runs {
            let committed = DispatchTime.now().uptimeNanoseconds
            let commit = try Timing.seconds { try StoreBenchmark.runProcess(plumb, ["--store", store, "set", "mixed2k", "v3", "text=Live \(round)"]) }
            let marker = "\"generation\": \(round + 1),"
            guard stream.read(until: { $0.contains(marker) }, timeout: 10).contains(marker) else { throw BenchmarkError("no event for commit \(round)") }
            let event = Double(DispatchTime.now().uptimeNanoseconds - committed) / 1e9
            let response = try http.request("/d/mixed2k", headers: ["Cookie": cookie])
            guard response.body.contains("Live \(round)") else { throw BenchmarkError("the page does not show commit \(round)") }
            pages.append(Double(DispatchTime.now().uptimeNanoseconds - committed) / 1e9)
            events.append(event)
            commits.append(commit)
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        report("live: commit by another process → event on the open stream", median(events), goal: 1, reference: median(commits), referenceName: "the commit process itself")
        report("live: … → the page loaded again with the change", median(pages), goal: 1, reference: median(commits), referenceName: "the commit process itself")
    }

    /// CPU and memory of the server sitting idle with one page (event stream) open.
    static func idleFigures(_ server: ServeProcess) throws {
        let stream = try RawHTTP(port: server.port).events(cookie: server.cookie)
        _ = stream.read(until: { $0.contains("event: hello") }, timeout: 10)
        let seconds = 10.0
        let before = try cpuSeconds(server.serverPID)
        let start = DispatchTime.now().uptimeNanoseconds
        _ = stream.read(until: { _ in false }, timeout: seconds)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let used = try cpuSeconds(server.serverPID) - before
        let resident = try residentMB(server.serverPID)
        print(String(format: "  idle server, one page open, %.0f s: %.2f %% of a core   goal ≤ 1 %%", wall, 100 * used / wall))
        print(String(format: "  idle server resident memory: %.1f MB   goal ≤ 60 MB (after the figures above)", resident))
    }

    /// CPU time (user + system) per run beside wall time: less sensitive to other work on
    /// the machine.
    static func cpu(_ seconds: Double, reference: Double?) {
        print("    CPU per run: \(Timing.ms(seconds))" + (reference.map { String(format: " (reference %@, ratio %.2f)", Timing.ms($0), seconds / $0) } ?? ""))
    }

    /// User + system time of the child processes that have ended, in seconds.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func report(_ what: String, _ seconds: Double, goal: Double, reference: Double?, referenceName: String) {
        var line = "  \(what): \(Timing.ms(seconds))   goal ≤ \(Timing.ms(goal))"
        if let reference { line += String(format: "   (%@: %@, ratio %.2f)", referenceName, Timing.ms(reference), seconds / reference) }
        print(line)
    }

    /// v2 of the document: a dozen views resized, moved or recoloured.
    static func editsForVersionTwo(_ tree: MixedTree) -> [[String]] {
        let boxes = tree.views.compactMap { view -> String? in
            guard view["kind"] == .string("view"), let id = view["id"]?.string, id != "v0" else { return nil }
            return id
        }
        return boxes.prefix(12).enumerated().map { index, id in
            switch index % 3 {
            case 0: ["set", "mixed2k", id, "width=\(60 + index)"]
            case 1: ["set", "mixed2k", id, "margin.top=\(4 + index)"]
            default: ["set", "mixed2k", id, "backgroundColor=#FF00\(String(format: "%02X", index))"]
            }
        }
    }

    /// A store in `folder` made by `binary`: the spec applied, then the edits as one version
    /// each; returns the store file. Version 2 is the first edit.
    static func makeStore(_ binary: String, in folder: URL, spec: String, edits: [[String]]) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent(".plumb/store.sqlite").path
        try StoreBenchmark.runProcess(binary, ["init", folder.path])
        try StoreBenchmark.runProcess(binary, ["--store", store, "apply", spec, "--doc", "mixed2k"])
        // Version 2 gathers all the edits: apply an edited copy of the spec.
        var edited = try JSONParser.parse(String(contentsOfFile: spec, encoding: .utf8))
        edited = applying(edits, to: edited)
        let editedPath = folder.appendingPathComponent("mixed-v2.json").path
        try Data(JSONWriter.compact(edited).utf8).write(to: URL(fileURLWithPath: editedPath))
        try StoreBenchmark.runProcess(binary, ["--store", store, "apply", editedPath, "--doc", "mixed2k"])
        return store
    }

    /// Three property conflicts on the document: a clone and the store each set the same
    /// three views' widths, then the store syncs with the clone. Returns how many are open.
    static func addConflicts(_ binary: String, store: String, in folder: URL) throws -> Int {
        let clone = folder.appendingPathComponent(".plumb/store.sqlite").path
        try StoreBenchmark.runProcess(binary, ["clone", store, folder.path])
        let views = ["v1", "v2", "v3"]
        for (index, view) in views.enumerated() {
            try StoreBenchmark.runProcess(binary, ["--store", store, "set", "mixed2k", view, "width=\(200 + index)"])
            try StoreBenchmark.runProcess(binary, ["--store", clone, "set", "mixed2k", view, "width=\(300 + index)"])
        }
        try StoreBenchmark.runProcess(binary, ["--store", store, "sync", clone])
        return views.count
    }

    /// The `set` edits made on the flat spec's JSON.
    static func applying(_ edits: [[String]], to spec: JSONValue) -> JSONValue {
        guard case .object(var members) = spec, let index = members.firstIndex(where: { $0.key == "views" }),
              case .array(var views) = members[index].value else { return spec }
        for edit in edits {
            let (id, assignment) = (edit[2], edit[3].split(separator: "=", maxSplits: 1).map(String.init))
            guard let position = views.firstIndex(where: { $0["id"] == .string(id) }), case .object(var view) = views[position] else { continue }
            let value: JSONValue = Double(assignment[1]).map(JSONValue.number) ?? .string(assignment[1])
            if assignment[0] == "margin.top" {
                view.removeAll { $0.key == "margin" }
                view.append(JSONMember("margin", .object([JSONMember("top", value)])))
            } else {
                view.removeAll { $0.key == assignment[0] }
                view.append(JSONMember(assignment[0], value))
            }
            views[position] = .object(view)
        }
        members[index].value = .array(views)
        return .object(members)
    }

    /// utime + stime of a process, in seconds.
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { throw BenchmarkError("cannot read /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { throw BenchmarkError("cannot read /proc/\(pid)/stat") }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// VmRSS of a process, in megabytes.
    static func residentMB(_ pid: Int32) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { throw BenchmarkError("cannot read VmRSS") }
        return kilobytes / 1024
    }
}

/// `plumb serve --port 0` as a process, its address read from stdout, stopped with SIGTERM.
final class ServeProcess {
    let process = Process()
    let port: UInt16
    let cookie: String

    /// The process that serves: `plumb serve` hands over to `plumb-studio`, its child, whose
    /// CPU and memory are the server's (the launcher only waits).
    var serverPID: Int32 {
        let pid = process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) } ?? pid
    }

    init(_ plumb: String, in store: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: plumb)
        process.arguments = ["--store", store, "serve", "--port", "0"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = [UInt8]()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
            line += byte
        }
        let url = String(decoding: line, as: UTF8.self)
        guard let portText = url.split(separator: ":").last?.split(separator: "/").first, let port = UInt16(portText),
              let token = url.split(separator: "=").last else {
            process.terminate()
            throw BenchmarkError("plumb serve printed no address (\(url))")
        }
        self.port = port
        cookie = try RawHTTP(port: port).studioSession(token: String(token)).cookie
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
