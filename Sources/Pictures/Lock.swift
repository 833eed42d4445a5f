import Foundation

/// A mutual-exclusion lock around a closure.
final class Lock: @unchecked Sendable {
    private let mutex = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }
}
