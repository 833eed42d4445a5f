import FoundationEssentials
import Glibc
import Threading

/// A few workbenches shared by the request threads: a request borrows one, waiting up to `wait`
/// seconds when all are busy (then its page says so). Made on first need, so an idle server
/// holds at most what it has used.
final class WorkbenchPool: @unchecked Sendable {
    private let condition = Condition()
    private var idle: [Workbench] = []
    private var made = 0
    private let limit: Int
    private let wait: Double
    private let make: () throws -> Workbench

    init(limit: Int, wait: Double, make: @escaping () throws -> Workbench) {
        self.limit = max(1, limit)
        self.wait = wait
        self.make = make
    }

    /// Runs `body` with a workbench of its own.
    func with<T>(_ body: (Workbench) throws -> T) throws -> T {
        let workbench = try acquire()
        defer { release(workbench) }
        return try body(workbench)
    }

    private func acquire() throws -> Workbench {
        condition.lock()
        let deadline = Monotonic.seconds() + wait
        while idle.isEmpty && made >= limit {
            guard condition.wait(until: deadline) || !idle.isEmpty || made < limit else {
                condition.unlock()
                throw StudioError.busy("every store connection of the studio is busy with a slow request; try again")
            }
        }
        if let workbench = idle.popLast() {
            condition.unlock()
            return workbench
        }
        made += 1
        condition.unlock()
        do {
            return try make()
        } catch {
            condition.lock()
            made -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func release(_ workbench: Workbench) {
        condition.lock()
        idle.append(workbench)
        condition.signal()
        condition.unlock()
    }
}
