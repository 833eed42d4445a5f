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

    /// Every item is done once: the caller's in order from the first, the worker's handed back
    /// in order after them; without a worker, the caller does them all. With one, the first
    /// item waits until the worker has done two (ten seconds at most), so both ends are seen
    /// at work.
    @Test(arguments: [true, false]) func twoEndsDoEveryItemOnceMeetingInTheMiddle(_ worker: Bool) {
        let backDone = Counter()
        var front: [Int] = []
        let back = TwoEnds.run(count: 40, worker: worker, front: { item in
            front.append(item)
            let deadline = Monotonic.seconds() + 10
            while worker, item == 0, backDone.lock.withLock({ backDone.value }) < 2, Monotonic.seconds() < deadline { usleep(1_000) }
            usleep(200)
        }, makeBack: {
            { item in
                usleep(200)
                backDone.lock.withLock { backDone.value += 1 }
                return item * 10
            }
        })
        #expect(front == Array(0..<front.count))
        #expect(back.map(\.item) == Array(front.count..<40))
        #expect(back.allSatisfy { $0.result == $0.item * 10 })
        #expect(worker ? back.count >= 2 : back.isEmpty)
    }

    struct Stop: Error {}

    /// A throw on the caller's side ends the run: nothing is taken after it, and the worker's
    /// item in hand is done before the error comes out.
    @Test func twoEndsStopWhenTheCallerThrows() {
        let done = Counter()
        #expect(throws: Stop.self) {
            _ = try TwoEnds.run(count: 1_000, front: { item in
                if item == 3 { throw Stop() }
                usleep(200)
            }, makeBack: {
                { _ in
                    usleep(200)
                    done.lock.withLock { done.value += 1 }
                }
            })
        }
        let afterThrow = done.lock.withLock { done.value }
        usleep(20_000)
        #expect(done.lock.withLock { done.value } == afterThrow)
        #expect(afterThrow < 1_000 - 3)
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
