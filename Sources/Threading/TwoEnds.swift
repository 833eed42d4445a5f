/// Items of work shared by the caller and one worker thread that meet in the middle: the caller
/// takes them from the front, in order, the worker from the back, one at a time. Neither waits
/// for the other beyond the item in the worker's hands, however late the worker starts or
/// slowly either runs, where halves fixed in advance leave one core idle while the other
/// finishes the larger. The caller's items come first and in order, so it may hand their
/// results on as they are done (text to print, states merged in the order the items lie).
public enum TwoEnds {
    /// Runs `front` on the caller's thread and the function `makeBack` makes on a worker thread
    /// (once there, so it may hold what that thread alone uses) over items `0 ..< count` until
    /// every item is taken; returns the worker's results in ascending item order (all of them
    /// after the caller's items). Without `worker` (by default, when the process may use one
    /// core only), or when no thread can be made, the caller runs every item. When `front`
    /// throws, no item is taken after it, the worker's item in hand is waited for, and the
    /// error is thrown.
    public static func run<Result: Sendable>(count: Int, worker: Bool = Cores.allowed > 1, front: (Int) throws -> Void,
                                             makeBack: @escaping @Sendable () -> (Int) -> Result) rethrows -> [(item: Int, result: Result)] {
        let shared = Shared<Result>(count: count)
        // A worker that starts after the caller has taken every item finds none and ends; the
        // caller does not wait for it.
        if worker && count > 1 {
            WorkerThread.detach {
                guard var item = shared.takeBack() else { return }
                let back = makeBack()
                while true {
                    shared.record(item, back(item))
                    guard let next = shared.takeBack() else { return }
                    item = next
                }
            }
        }
        do {
            while let item = shared.takeFront() { try front(item) }
        } catch {
            shared.close()
            _ = shared.finish()
            throw error
        }
        return shared.finish()
    }

    /// The items not yet taken (`front ..< back`), and the worker's results, under a condition.
    private final class Shared<Result>: @unchecked Sendable {
        private let condition = Condition()
        private var front = 0
        private var back: Int
        private var workerBusy = false
        private var results: [(item: Int, result: Result)] = []

        init(count: Int) { back = count }

        func takeFront() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard front < back else { return nil }
            front += 1
            return front - 1
        }

        func takeBack() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard front < back else { return nil }
            back -= 1
            workerBusy = true
            return back
        }

        func record(_ item: Int, _ result: Result) {
            condition.lock()
            results.append((item, result))
            workerBusy = false
            condition.signal()
            condition.unlock()
        }

        /// Leaves no item to take.
        func close() {
            condition.lock()
            back = front
            condition.unlock()
        }

        /// The worker's results, ascending, once it holds no item.
        func finish() -> [(item: Int, result: Result)] {
            condition.lock()
            defer { condition.unlock() }
            while workerBusy { condition.wait() }
            return results.reversed()
        }
    }
}
