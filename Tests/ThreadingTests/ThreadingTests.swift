import Glibc
import Testing
import Threading

/// The POSIX lock, condition and thread that replace Foundation's in `plumb`, and `TwoEnds`.
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

    /// Every item is done once: the caller's in order from the first, the worker's handed back
    /// in order after them; without a worker, the caller does them all. With one, the caller's
    /// first item waits until the worker has done two, so both ends are seen at work.
    @Test(arguments: [true, false]) func twoEndsDoEveryItemOnceMeetingInTheMiddle(_ worker: Bool) {
        let backDone = Signal()
        var front: [Int] = []
        let back = TwoEnds.run(count: 40, worker: worker, front: { item in
            front.append(item)
            if worker, item == 0 { #expect(backDone.wait { $0 >= 2 }) }
        }, makeBack: {
            { item in
                backDone.update { $0 += 1 }
                return item * 10
            }
        })
        #expect(front == Array(0..<front.count))
        #expect(back.map(\.item) == Array(front.count..<40))
        #expect(back.allSatisfy { $0.result == $0.item * 10 })
        #expect(worker ? back.count >= 2 : back.isEmpty)
    }

    struct Stop: Error {}

    /// Set when the worker's function is let go, which happens only once its thread has
    /// taken its last item.
    final class WorkerEnd: @unchecked Sendable {
        let ended: Signal
        init(_ ended: Signal) { self.ended = ended }
        deinit { ended.update { $0 = 1 } }
    }

    /// A throw on the caller's side ends the run: the worker's item in hand is done before the
    /// error comes out, and the worker takes nothing after it (checked once its thread has let
    /// its function go, so a late item cannot slip past).
    @Test func twoEndsStopWhenTheCallerThrows() {
        let taken = Signal(), done = Signal(), frontThrew = Signal(), workerEnded = Signal(), workerWaitedInVain = Signal()
        var front: [Int] = []
        #expect(throws: Stop.self) {
            _ = try TwoEnds.run(count: 1_000, worker: true, front: { item in
                front.append(item)
                if item == 0 { #expect(done.wait { $0 >= 1 }) }
                if item == 3 {
                    frontThrew.update { $0 = 1 }
                    throw Stop()
                }
            }, makeBack: {
                let end = WorkerEnd(workerEnded)
                return { _ in
                    taken.update { $0 += 1 }
                    // The worker's second item waits until the caller has thrown, so the caller
                    // takes its four. (Expectations are checked on the test's thread.)
                    if taken.current == 2, !frontThrew.wait(until: { $0 == 1 }) { workerWaitedInVain.update { $0 = 1 } }
                    withExtendedLifetime(end) { done.update { $0 += 1 } }
                }
            })
        }
        let takenAtThrow = taken.current
        #expect(done.current == takenAtThrow)
        #expect(workerEnded.wait { $0 == 1 })
        #expect(taken.current == takenAtThrow && done.current == takenAtThrow)
        #expect(front == [0, 1, 2, 3])
        #expect(workerWaitedInVain.current == 0)
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
