import CThreadStart
import Glibc
import Testing
import Threading

/// The POSIX lock, condition and thread that replace Foundation's in `plumb`.
@Suite struct ThreadingTests {
    final class Counter: @unchecked Sendable {
        let lock = Lock()
        var value = 0
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

    final class Handover: @unchecked Sendable {
        let condition = Condition()
        var text: String?
    }

    /// A thread starts on another CPU than its creator's, then may run on all of them again.
    @Test func aWorkerThreadMayRunOnEveryCPUItsCreatorMay() {
        let allowed = Counter()
        let thread = WorkerThread { allowed.lock.withLock { allowed.value = Int(plumb_allowed_cpus()) } }
        thread?.join()
        #expect(plumb_allowed_cpus() >= 1)
        #expect(allowed.value == Int(plumb_allowed_cpus()))
    }

    @Test func aConditionHandsOverAcrossThreads() {
        let handover = Handover()
        let started = WorkerThread.detach {
            handover.condition.lock()
            handover.text = "done"
            handover.condition.signal()
            handover.condition.unlock()
        }
        #expect(started)
        handover.condition.lock()
        while handover.text == nil { handover.condition.wait() }
        handover.condition.unlock()
        #expect(handover.text == "done")
    }

    @Test func aWaitWithADeadlineReturnsFalseOnceItPasses() {
        let condition = Condition()
        let start = Monotonic.seconds()
        condition.lock()
        var signalled = true
        while signalled { signalled = condition.wait(until: start + 0.05) }
        condition.unlock()
        #expect(Monotonic.seconds() - start >= 0.05)
    }

    @Test func joinWaitsForTheClosure() {
        let counter = Counter()
        let thread = WorkerThread {
            usleep(20_000)
            counter.lock.withLock { counter.value = 7 }
        }
        thread?.join()
        thread?.join()
        #expect(counter.lock.withLock { counter.value } == 7)
    }
}
