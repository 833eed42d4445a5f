import FoundationEssentials
import Glibc
import Threading

/// One updating line on stderr for a command that runs long: what it is doing, how far
/// (`copying versions 12/200`) and for how long, as `apply: writing 400,003 changes (3 s)`.
///
/// Drawn only when stderr is a terminal (`start` gives `nil` otherwise), only once the command
/// has run `delay` seconds (1 s; `PLUMB_PROGRESS_AFTER` sets it, for tests), redrawn at most
/// every `interval` and when the phase changes, and erased by `finish`: pipes, files, tests and
/// quick commands never see it. A thread ticks it, so a phase spent inside SQLite still shows
/// its time. Every draw happens under one lock, and none after `finish` returns.
final class ProgressLine: @unchecked Sendable {
    private struct State {
        var label = ""
        var done = 0
        var total: Int?
        /// The text on the terminal now; "" when nothing is drawn.
        var shown = ""
        var lastDraw = -Double.infinity
        var finished = false
    }

    /// Guards `current`. `Threading.Lock` (a pthread mutex, which ThreadSanitizer follows)
    /// rather than Synchronization's `Mutex`, whose futex the sanitizer cannot see.
    private let lock = Lock()
    private var current = State()
    private let command: String
    private let started: Double
    private let delay: Double
    private let interval: Double
    private let clock: () -> Double
    private let write: (String) -> Void

    /// A line for `command`, timed by `clock` (seconds), drawn through `write`. Not ticking:
    /// call `tick` (tests do, with their own clock), or use `start`.
    init(command: String, delay: Double = 1, interval: Double = 0.25, clock: @escaping () -> Double, write: @escaping (String) -> Void) {
        self.command = command
        self.delay = delay
        self.interval = interval
        self.clock = clock
        self.write = write
        started = clock()
    }

    /// The line for `command` on the console's stderr, ticking on its own thread, or `nil`
    /// when stderr is not a terminal.
    static func start(_ command: String, context: Context) -> ProgressLine? {
        guard context.console.errorIsTerminal else { return nil }
        let delay = context.environment["PLUMB_PROGRESS_AFTER"].flatMap(Double.init).map { max(0, $0) } ?? 1
        let console = context.console
        let line = ProgressLine(command: command, delay: delay, clock: monotonicSeconds, write: { console.writeError($0) })
        console.progressLine = line
        WorkerThread.detach {
            while line.tick() { usleep(100_000) }
        }
        return line
    }

    /// Seconds since an arbitrary start, never going back.
    static func monotonicSeconds() -> Double { Monotonic.seconds() }

    /// A new phase: `reading random.json`, `writing 400,003 changes`, or with `total`
    /// a count to `advance` through (`copying versions 0/200`).
    func phase(_ label: String, total: Int? = nil) {
        withState { state in
            state.label = label
            state.done = 0
            state.total = total
            draw(&state, force: true)
        }
    }

    /// How far the phase's count has got.
    func advance(to done: Int) {
        withState { state in
            state.done = done
            draw(&state, force: false)
        }
    }

    /// Redraws when due (the elapsed seconds changed, or the count); `false` once finished.
    @discardableResult
    func tick() -> Bool {
        withState { state in
            guard !state.finished else { return false }
            draw(&state, force: false)
            return true
        }
    }

    /// Counts `done` of `total` under `label` (`receiving versions`), a new phase whenever the
    /// label or the total changes: what transfers report through their callbacks.
    func count(_ label: String, _ done: Int, _ total: Int) {
        withState { state in
            let changed = state.label != label || state.total != total
            state.label = label
            state.total = total
            state.done = done
            draw(&state, force: changed)
        }
    }

    /// Runs `body` (a write to stdout or stderr) with the line erased; it comes back on the
    /// next tick.
    func interrupt(_ body: () -> Void) {
        withState { state in
            if !state.shown.isEmpty {
                write("\r\u{1B}[K")
                state.shown = ""
                state.lastDraw = clock()
            }
            body()
        }
    }

    /// Erases the line; nothing is drawn after this returns.
    func finish() {
        withState { state in
            if !state.shown.isEmpty { write("\r\u{1B}[K") }
            state.shown = ""
            state.finished = true
        }
    }

    /// `apply: writing 400,003 changes (3 s)`, `clone: copying versions 12/200 (2 s)`; control
    /// characters of the label (a file name) escaped, as in every message.
    static func text(command: String, label: String, done: Int, total: Int?, elapsed: Double) -> String {
        let count = total.map { " \(grouped(done))/\(grouped($0))" } ?? ""
        return "\(command): \(TerminalText.field(label))\(count) (\(Int(elapsed)) s)"
    }

    /// `400,003`: thousands grouped, whatever the locale.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    private func withState<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&current)
    }

    private func draw(_ state: inout State, force: Bool) {
        guard !state.finished, !state.label.isEmpty else { return }
        let now = clock()
        guard now - started >= delay, force || now - state.lastDraw >= interval else { return }
        let text = ProgressLine.text(command: command, label: state.label, done: state.done, total: state.total, elapsed: now - started)
        guard text != state.shown else { return }
        write("\r\u{1B}[K" + text)
        state.shown = text
        state.lastDraw = now
    }
}
