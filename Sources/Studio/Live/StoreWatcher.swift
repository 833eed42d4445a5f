import FoundationEssentials
import Glibc
import Threading

/// Notices when another process (or this one) writes the store: inotify on the store's folder,
/// filtered to the store file and its write-ahead log, so an idle store costs no CPU at all
/// (no polling). A burst of writes is reported once, after it has been quiet for `settle`
/// seconds (bounded by `maxDelay`, so a long burst still reports).
final class StoreWatcher: @unchecked Sendable {
    private let inotify: Int32
    /// A pipe: writing to its end wakes the watcher to stop.
    private let stopSignal: Int32
    private let stopWriter: Int32
    private let names: Set<String>
    private let onChange: @Sendable () -> Void
    private var thread: WorkerThread?
    let settle: TimeInterval = 0.02
    let maxDelay: TimeInterval = 0.2

    /// Watches the store file at `path`; `onChange` runs on the watcher's thread.
    init(storePath path: String, onChange: @escaping @Sendable () -> Void) throws(StudioError) {
        let url = URL(fileURLWithPath: path)
        let file = url.lastPathComponent
        names = [file, file + "-wal", file + "-journal"]
        self.onChange = onChange
        inotify = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard inotify >= 0 else { throw StudioError.cannotWatch(path: path, reason: String(cString: strerror(errno))) }
        var ends: [Int32] = [-1, -1]
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        guard pipe(&ends) == 0, inotify_add_watch(inotify, url.deletingLastPathComponent().path, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(inotify)
            for end in ends where end >= 0 { close(end) }
            throw StudioError.cannotWatch(path: path, reason: reason)
        }
        stopSignal = ends[0]
        stopWriter = ends[1]
        guard let thread = WorkerThread({ [self] in run() }) else {
            close(inotify)
            close(stopSignal)
            close(stopWriter)
            throw StudioError.cannotWatch(path: path, reason: "no thread could be started")
        }
        self.thread = thread
    }

    /// Stops watching and waits for the thread to end.
    func stop() {
        guard let thread else { return }
        self.thread = nil
        var one: UInt8 = 1
        _ = write(stopWriter, &one, 1)
        thread.join()
        close(inotify)
        close(stopSignal)
        close(stopWriter)
    }

    private func run() {
        while true {
            guard waitForEvents(timeout: -1) else { return }
            guard drainMatchingEvents() else { continue }
            // Let the burst settle: a commit writes the log more than once.
            let start = Monotonic.seconds()
            while Monotonic.seconds() - start < maxDelay {
                guard waitForEvents(timeout: Int32(settle * 1000)) else {
                    if stopped { return }
                    break
                }
                _ = drainMatchingEvents()
            }
            if stopped { return }
            onChange()
        }
    }

    private var stopped: Bool {
        var descriptor = pollfd(fd: stopSignal, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Waits until inotify has events (true) or the timeout passes or a stop is asked (false).
    private func waitForEvents(timeout: Int32) -> Bool {
        var descriptors = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: stopSignal, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 || descriptors[1].revents != 0 { return false }
            return descriptors[0].revents != 0
        }
    }

    /// Reads every pending event; true when one concerns the store's files.
    private func drainMatchingEvents() -> Bool {
        var matched = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return matched }
            var offset = 0
            buffer.withUnsafeBytes { bytes in
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    if length > 0, nameStart + length <= count {
                        let name = bytes[nameStart..<(nameStart + length)].prefix { $0 != 0 }
                        if names.contains(String(decoding: name, as: UTF8.self)) { matched = true }
                    }
                    offset = nameStart + length
                }
            }
        }
    }
}
