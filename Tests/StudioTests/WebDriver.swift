import Foundation
import RawHTTP
import LayoutSpec

/// A headless Chromium driven through chromedriver (W3C WebDriver over plain HTTP): starts
/// both, offers the few commands the studio's tests need, and ends both.
final class WebDriver {
    private var driver = Process()
    private var port: UInt16 = 0
    private var session = ""

    /// Starts chromedriver on a free port and a headless Chromium session.
    init(width: Int = 1280, height: Int = 900) async throws {
        for path in ["/usr/bin/chromedriver", "/usr/bin/chromium"] where !FileManager.default.isExecutableFile(atPath: path) {
            throw HTTPTestError("\(path) is missing: run Tools/install-deps.sh (Debian: chromium, chromium-driver)")
        }
        // A loaded machine can be slow to start it, and a port can be taken between choosing
        // and binding it: a few tries, each waiting for the driver to answer.
        var problems: [String] = []
        for _ in 0..<3 {
            do {
                try await startDriver()
                problems = []
                break
            } catch {
                problems.append("\(error)")
                stopDriver()
            }
        }
        if !problems.isEmpty { throw HTTPTestError("chromedriver did not start: \(problems.joined(separator: "; "))") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-chromium-\(UUID().uuidString)").path
        let capabilities: JSONValue = .object([JSONMember("capabilities", .object([JSONMember("alwaysMatch", .object([
            JSONMember("browserName", .string("chrome")),
            JSONMember("goog:chromeOptions", .object([
                JSONMember("binary", .string("/usr/bin/chromium")),
                JSONMember("args", .array([
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--window-size=\(width),\(height)", "--user-data-dir=\(profile)",
                ].map(JSONValue.string))),
            ])),
        ]))]))])
        let created: JSONValue
        do {
            created = try await call("POST", "/session", capabilities)
        } catch {
            stopDriver()
            throw error
        }
        guard let id = created["value"]?["sessionId"]?.string else {
            stopDriver()
            throw HTTPTestError("no session: \(JSONWriter.pretty(created))")
        }
        session = "/session/\(id)"
        _ = try await call("POST", "\(session)/timeouts", .object([JSONMember("script", .number(10_000)), JSONMember("pageLoad", .number(20_000))]))
    }

    /// Starts chromedriver on a free port and waits (up to a minute) until it answers.
    private func startDriver() async throws {
        port = try Self.freePort()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)"]
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-chromedriver-\(port).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        driver.standardOutput = try FileHandle(forWritingTo: log)
        driver.standardError = driver.standardOutput
        try driver.run()
        let deadline = Date().addingTimeInterval(60)
        var problem = "no answer"
        while true {
            do {
                if try await call("GET", "/status")["value"]?["ready"] == .bool(true) { return }
                problem = "not ready"
            } catch {
                problem = "\(error)"
            }
            if !driver.isRunning || Date() > deadline {
                let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw HTTPTestError("port \(port): \(problem); chromedriver \(driver.isRunning ? "still starting" : "exited"): \(said.suffix(300))")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Ends the session and chromedriver (Chromium goes with them).
    func quit() async {
        if !session.isEmpty { _ = try? await call("DELETE", session) }
        session = ""
        stopDriver()
    }

    /// Asks chromedriver to end (it closes the Chromium it started), then makes sure.
    private func stopDriver() {
        guard driver.isRunning else { return }
        driver.terminate()
        let deadline = Date().addingTimeInterval(5)
        while driver.isRunning && Date() < deadline { usleep(10_000) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        driver.waitUntilExit()
    }

    func navigate(_ url: String) async throws {
        _ = try await call("POST", "\(session)/url", .object([JSONMember("url", .string(url))]))
    }

    /// The first element matching a CSS selector; fails when there is none.
    func element(_ selector: String) async throws -> String {
        let found = try await call("POST", "\(session)/element", .object([
            JSONMember("using", .string("css selector")), JSONMember("value", .string(selector)),
        ]))
        guard case .object(let members)? = found["value"], let id = members.first?.value.string else {
            throw HTTPTestError("no element \(selector): \(JSONWriter.pretty(found))")
        }
        return id
    }

    func click(_ selector: String) async throws {
        try await withElement(selector) { id in
            _ = try await call("POST", "\(session)/element/\(id)/click", .object([]))
        }
    }

    /// Finds the element and acts on it, finding it again when the page replaced it in between
    /// (a live reload swaps `<main>` when the store changes): a stale element is the test's
    /// race with the page, not a failure of the page.
    private func withElement<T>(_ selector: String, _ body: (String) async throws -> T) async throws -> T {
        for _ in 0..<3 {
            do {
                return try await body(try await element(selector))
            } catch let error as HTTPTestError where error.description.contains("stale element") {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        return try await body(try await element(selector))
    }

    /// Drags the element's centre by (`dx`, `dy`) CSS pixels with a mouse, in steps, as a
    /// person would (pointer down, several moves, up): real input events.
    func drag(_ selector: String, dx: Int, dy: Int, steps: Int = 5) async throws {
        let id = try await element(selector)
        let origin: JSONValue = .object([JSONMember("element-6066-11e4-a52e-4f735466cecf", .string(id))])
        var moves: [JSONValue] = [
            .object([JSONMember("type", .string("pointerMove")), JSONMember("origin", origin), JSONMember("x", .number(0)), JSONMember("y", .number(0))]),
            .object([JSONMember("type", .string("pointerDown")), JSONMember("button", .number(0))]),
        ]
        for step in 1...steps {
            moves.append(.object([
                JSONMember("type", .string("pointerMove")), JSONMember("origin", .string("pointer")), JSONMember("duration", .number(50)),
                JSONMember("x", .number(Double(dx / steps + (step == steps ? dx % steps : 0)))),
                JSONMember("y", .number(Double(dy / steps + (step == steps ? dy % steps : 0)))),
            ]))
        }
        moves.append(.object([JSONMember("type", .string("pointerUp")), JSONMember("button", .number(0))]))
        _ = try await call("POST", "\(session)/actions", .object([JSONMember("actions", .array([.object([
            JSONMember("type", .string("pointer")), JSONMember("id", .string("mouse")),
            JSONMember("parameters", .object([JSONMember("pointerType", .string("mouse"))])),
            JSONMember("actions", .array(moves)),
        ])]))]))
        _ = try await call("DELETE", "\(session)/actions")
    }

    func text(_ selector: String) async throws -> String {
        try await withElement(selector) { id in
            try await call("GET", "\(session)/element/\(id)/text")["value"]?.string ?? ""
        }
    }

    /// Runs JavaScript in the page and returns its result.
    @discardableResult
    func script(_ source: String, _ arguments: [JSONValue] = []) async throws -> JSONValue {
        try await call("POST", "\(session)/execute/sync", .object([
            JSONMember("script", .string(source)), JSONMember("args", .array(arguments)),
        ]))["value"] ?? .null
    }

    /// Waits, inside the page, until `condition` (a JavaScript expression) is true: checked
    /// now and again on every change to the page (a MutationObserver), so no polling and no
    /// fixed sleep; fails after `timeout` seconds. Returns the seconds waited.
    @discardableResult
    func wait(until condition: String, timeout: TimeInterval = 10) async throws -> TimeInterval {
        let source = """
            const done = arguments[arguments.length - 1];
            const started = performance.now();
            const check = () => { try { return Boolean(\(condition)); } catch (error) { return false; } };
            if (check()) { done(0); return; }
            const observer = new MutationObserver(() => {
              if (check()) { observer.disconnect(); clearTimeout(timer); done((performance.now() - started) / 1000); }
            });
            observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
            const timer = setTimeout(() => { observer.disconnect(); done(-1); }, \(Int(timeout * 1000)));
            """
        let result = try await call("POST", "\(session)/execute/async", .object([
            JSONMember("script", .string(source)), JSONMember("args", .array([])),
        ]))
        guard let waited = result["value"]?.number, waited >= 0 else {
            let url = try? await script("return location.href;")
            throw HTTPTestError("waited \(timeout) s for \(condition) at \(url?.string ?? "?")")
        }
        return waited
    }

    /// A PNG of the window, for looking at.
    func screenshot(to path: String) async throws {
        let encoded = try await call("GET", "\(session)/screenshot")["value"]?.string ?? ""
        guard let data = Data(base64Encoded: encoded) else { throw HTTPTestError("no screenshot") }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// One WebDriver command over plain HTTP (RawHTTP, on a thread of its own so the wait
    /// commands do not hold a task thread).
    private func call(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        let port = self.port
        let response: RawHTTP.Response = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try RawHTTP(port: port, timeout: 120).request(path, method: method,
                                                    headers: body == nil ? [:] : ["Content-Type": "application/json"],
                                                    body: body.map { Array(JSONWriter.compact($0).utf8) } ?? [])
                })
            }
        }
        let value = try JSONParser.parse(response.body)
        if response.status >= 400 {
            throw HTTPTestError("WebDriver \(method) \(path): \(response.status) \(value["value"]?["message"]?.string ?? JSONWriter.pretty(value))")
        }
        return value
    }

    /// A port nothing listens on now (bound and released).
    static func freePort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw HTTPTestError("no free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }
}
