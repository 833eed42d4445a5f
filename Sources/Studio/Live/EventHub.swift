import FoundationEssentials
import Glibc
import Threading

/// Fans server-sent events out to every open stream: `publish` queues an event for each
/// subscription and wakes the threads waiting in `EventSubscription.next`.
///
/// Waiting costs nothing: a stream's thread sleeps on a condition until an event comes, the
/// keep-alive interval passes (a comment line, so dead clients are noticed) or the hub closes.
final class EventHub: @unchecked Sendable {
    /// Seconds between keep-alive comments on a quiet stream.
    let keepAlive: TimeInterval
    /// Streams open at once; more are refused (503) rather than starving the server.
    static let maxSubscriptions = 64

    fileprivate let condition = Condition()
    fileprivate var queues: [ObjectIdentifier: [UInt8]] = [:]
    fileprivate var closed = false

    init(keepAlive: TimeInterval = 15) {
        self.keepAlive = keepAlive
    }

    /// A new stream, starting with `greeting`; nil when the hub is closed or full.
    func subscribe(greeting: String) -> EventSubscription? {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, queues.count < Self.maxSubscriptions else { return nil }
        let subscription = EventSubscription(hub: self)
        queues[ObjectIdentifier(subscription)] = Array(greeting.utf8)
        return subscription
    }

    /// Sends one event to every stream: `event: NAME` and `data: DATA` (one line of JSON).
    func publish(event: String, data: String) {
        let bytes = Array("event: \(event)\ndata: \(data)\n\n".utf8)
        condition.lock()
        for key in queues.keys { queues[key]!.append(contentsOf: bytes) }
        condition.broadcast()
        condition.unlock()
    }

    /// Ends every stream; later subscriptions are refused.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Streams open now.
    var subscriberCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return queues.count
    }
}

/// One client's stream of events.
final class EventSubscription: @unchecked Sendable {
    private let hub: EventHub

    fileprivate init(hub: EventHub) {
        self.hub = hub
    }

    /// The next bytes to send, at most `maxBytes` and never empty: queued events, else a
    /// keep-alive comment after the hub's interval; nil once the hub is closed or the stream
    /// cancelled.
    func next(maxBytes: Int) -> [UInt8]? {
        let key = ObjectIdentifier(self)
        let deadline = Monotonic.seconds() + hub.keepAlive
        hub.condition.lock()
        defer { hub.condition.unlock() }
        while true {
            guard !hub.closed, let queued = hub.queues[key] else { return nil }
            if !queued.isEmpty {
                let chunk = Array(queued.prefix(max(1, maxBytes)))
                hub.queues[key]!.removeFirst(chunk.count)
                return chunk
            }
            if !hub.condition.wait(until: deadline) {
                return Array(": keep-alive\n\n".utf8.prefix(max(1, maxBytes)))
            }
        }
    }

    /// Stops queueing events for this stream (the client went away).
    func cancel() {
        hub.condition.lock()
        hub.queues[ObjectIdentifier(self)] = nil
        hub.condition.unlock()
    }
}
