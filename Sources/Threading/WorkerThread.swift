import Glibc

/// A thread of its own (POSIX) running one closure, for work beside the caller's: `join`
/// waits for it to end. One that nobody joins is detached (`detach`).
public final class WorkerThread: @unchecked Sendable {
    private var handle: pthread_t
    private var joined = false

    /// Starts `body` on a new thread; nil when the system cannot make one (out of threads or
    /// memory), so the caller decides what to do without it.
    public init?(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body))
        var handle = pthread_t()
        let started = pthread_create(&handle, nil, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque())
        guard started == 0 else {
            box.release()
            return nil
        }
        self.handle = handle
    }

    /// Starts `body` on a thread nobody waits for; false when none could be made.
    @discardableResult
    public static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = WorkerThread(body) else { return false }
        thread.joined = true
        pthread_detach(thread.handle)
        return true
    }

    /// Waits until the closure has returned.
    public func join() {
        guard !joined else { return }
        joined = true
        pthread_join(handle, nil)
    }

    deinit {
        if !joined { pthread_detach(handle) }
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
