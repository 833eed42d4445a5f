import Glibc
import Testing
import Threading

/// The POSIX lock, condition and thread that replace Foundation's in `plumb`.
///
/// Where one thread must wait for another, it waits on a condition for the event, never for a
/// while: a wait's deadline only keeps a broken build from hanging, and passing it fails.
@Suite struct ThreadingTests {
    final class Counter: @unchecked Sendable {
        let lock = Lock()
        var value = 0
    }

    /// A value threads wait on: `wait` returns once `reached` holds for it, or false at a
    /// deadline far beyond any wait a working build needs.
    final class Signal: @unchecked Sendable {
        private let condition = Condition()
        private var value = 0

        func update(_ body: (inout Int) -> Void) {
            condition.lock()
            body(&value)
            condition.broadcast()
            condition.unlock()
        }

        var current: Int {
            condition.lock()
            defer { condition.unlock() }
            return value
        }

        func wait(until reached: (Int) -> Bool) -> Bool {
            let deadline = Monotonic.seconds() + 30
            condition.lock()
            defer { condition.unlock() }
            while !reached(value) {
                guard condition.wait(until: deadline) else { return reached(value) }
            }
            return true
        }
    }

    @Test func aLockKeepsIncrementsFromFourThreadsWhole() {
        let counter = Counter()
        let threads = (0..<4).compactMap { _ in
            WorkerThread {
                for _ in 0..<20_000 { counter.lock.withLock { counter.value += 1 } }
            }
        }
        #expect(threads.count == 4)
        threads.forEach { $0.join() }
        #expect(counter.value == 80_000)
    }

    @Test func aConditionHandsOverAcrossThreads() {
        let handover = Signal()
        #expect(WorkerThread.detach { handover.update { $0 = 7 } })
        #expect(handover.wait { $0 == 7 })
    }

    /// A deadline in the past ends the wait at once, unsignalled.
    @Test func aWaitWithAPassedDeadlineReturnsFalse() {
        let condition = Condition()
        condition.lock()
        let signalled = condition.wait(until: Monotonic.seconds() - 1)
        condition.unlock()
        #expect(!signalled)
    }

    /// `join` returns only after the closure has.
    @Test func joinWaitsForTheClosure() {
        let released = Signal(), counter = Counter()
        let thread = WorkerThread {
            // Held until the test lets it go, just before joining.
            counter.lock.withLock { counter.value = released.wait { $0 == 1 } ? 7 : -1 }
        }
        #expect(thread != nil)
        released.update { $0 = 1 }
        thread?.join()
        #expect(counter.lock.withLock { counter.value } == 7)
        thread?.join()
    }
}
