import Glibc
import Threading

/// The server's open connections and since when each has waited for a request's headers, so
/// that slow or idle clients cannot hold every connection: once more than `quota` are open,
/// each new connection closes the one that has waited longest (a client that sends its headers
/// a byte at a time, or an idle keep-alive). A connection answering a request, or streaming
/// events, is never closed.
///
/// The sockets are closed with `shutdown` under the lock that their close notice also takes,
/// so a socket number is never shut after the server has closed it and reused the number.
final class WaitingConnections: @unchecked Sendable {
    private let lock = Lock()
    /// Each open connection's socket → when it began waiting for headers (infinity while it
    /// answers a request).
    private var waitingSince: [Int32: Double] = [:]
    let quota: Int

    init(quota: Int) {
        self.quota = quota
    }

    /// A connection opened: it waits for its first request; beyond the quota, the longest
    /// waiting connection is closed.
    func opened(_ socket: Int32) {
        lock.withLock {
            waitingSince[socket] = Monotonic.seconds()
            guard waitingSince.count > quota,
                  let (oldest, since) = waitingSince.min(by: { $0.value < $1.value }), oldest != socket, since.isFinite else { return }
            shutdown(oldest, Int32(SHUT_RDWR))
            waitingSince[oldest] = .infinity
        }
    }

    /// A request's headers have all arrived.
    func answering(_ socket: Int32) {
        lock.withLock { if waitingSince[socket] != nil { waitingSince[socket] = .infinity } }
    }

    /// A request was answered: the connection waits for the next one.
    func answered(_ socket: Int32) {
        lock.withLock { if waitingSince[socket] != nil { waitingSince[socket] = Monotonic.seconds() } }
    }

    /// The connection is closing (its socket not yet closed).
    func closed(_ socket: Int32) {
        lock.withLock { waitingSince[socket] = nil }
    }
}
