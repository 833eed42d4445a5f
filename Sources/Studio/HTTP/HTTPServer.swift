import CMicroHTTPD
import FoundationEssentials
import Glibc
import Threading

/// An HTTP/1.1 server on libmicrohttpd: one thread per connection (so a stream of events may
/// wait for the next event without holding up anybody else), bodies up to `maxBody` bytes,
/// every response passed through `handler`. Idle connections close after `idleTimeout`, and
/// slow ones make way for new ones (`WaitingConnections`), so slow clients cannot lock
/// everybody out.
///
/// The server stops (and its threads end) on `stop()` or when it is released.
final class HTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Request bodies larger than this get a 413.
    static let maxBody = 1 << 20
    /// Open connections at once; more wait in the kernel's queue.
    static let connectionLimit: UInt32 = 256
    /// Seconds a connection may stay silent (above the event streams' keep-alive interval).
    static let idleTimeout: UInt32 = 30

    let handler: Handler
    /// The port listened on (the one the system chose when asked for 0).
    private(set) var port: UInt16 = 0
    private var daemon: OpaquePointer?
    private let lock = Lock()
    /// Beyond half the limit, a new connection closes the one that has waited longest for
    /// its headers, so the other half is always there for requests being answered.
    let waiting = WaitingConnections(quota: Int(connectionLimit / 2))

    /// Starts listening on `host` (an IPv4 or IPv6 address) and `port` (0: any free port).
    init(host: String, port: UInt16, handler: @escaping Handler) throws(StudioError) {
        self.handler = handler
        var address = sockaddr_storage()
        var flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL_INTERNAL_THREAD.rawValue
        if let v4 = Self.ipv4(host, port: port) {
            withUnsafeMutableBytes(of: &address) { $0.storeBytes(of: v4, as: sockaddr_in.self) }
        } else if let v6 = Self.ipv6(host, port: port) {
            withUnsafeMutableBytes(of: &address) { $0.storeBytes(of: v6, as: sockaddr_in6.self) }
            flags |= MHD_USE_IPv6.rawValue
        } else {
            throw StudioError.badHost(host)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                plumb_mhd_start(UInt32(flags), socketAddress, accessHandler, context, requestCompleted, context, connectionNotice, context,
                                Self.connectionLimit, Self.idleTimeout)
            }
        }
        guard let daemon else { throw StudioError.cannotListen(host: host, port: port, reason: String(cString: strerror(errno))) }
        self.port = plumb_mhd_bound_port(daemon)
    }

    deinit { stop() }

    /// Stops listening and waits for the connection threads to end.
    func stop() {
        lock.lock()
        let running = daemon
        daemon = nil
        lock.unlock()
        if let running { MHD_stop_daemon(running) }
    }

    private static func ipv4(_ host: String, port: UInt16) -> sockaddr_in? {
        var address = sockaddr_in()
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        return address
    }

    private static func ipv6(_ host: String, port: UInt16) -> sockaddr_in6? {
        var address = sockaddr_in6()
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard inet_pton(AF_INET6, bare, &address.sin6_addr) == 1 else { return nil }
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        return address
    }

    /// One call of the access handler: the first makes the request's context, the next ones
    /// deliver the body, the last (no more body) answers.
    fileprivate func handle(_ connection: OpaquePointer, url: String, method: String,
                            uploadSize: UnsafeMutablePointer<Int>, uploadData: UnsafePointer<CChar>?,
                            context: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = context.pointee else {
            waiting.answering(plumb_mhd_connection_socket(connection))
            context.pointee = Unmanaged.passRetained(PendingRequest()).toOpaque()
            return .YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if let uploadData, pending.body.count + uploadSize.pointee <= Self.maxBody {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                    pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                }
            } else {
                pending.tooLarge = true
            }
            uploadSize.pointee = 0
            return .YES
        }
        let request = HTTPRequest(
            method: method, path: url,
            query: Self.values(connection, .GET_ARGUMENT_KIND),
            headers: Dictionary(Self.values(connection, .HEADER_KIND).map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 }),
            cookies: Self.values(connection, .COOKIE_KIND),
            body: pending.body)
        let response = pending.tooLarge
            ? HTTPResponse.error(413, "the request body is larger than \(Self.maxBody / 1024) KiB")
            : handler(request)
        return Self.queue(response, on: connection)
    }

    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        var values: [String: String] = [:]
        withUnsafeMutablePointer(to: &values) { pointer in
            _ = MHD_get_connection_values(connection, kind, collectValue, pointer)
        }
        return values
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                plumb_mhd_response_copying(buffer.count, buffer.baseAddress)
            }
        case .events(let subscription):
            // Unknown size: streamed until the subscription ends (MHD_SIZE_UNKNOWN is UINT64_MAX).
            made = MHD_create_response_from_callback(UInt64.max, 4096, readEvents, Unmanaged.passRetained(subscription).toOpaque(), releaseEvents)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}

/// A request whose body is still arriving.
private final class PendingRequest {
    var body: [UInt8] = []
    var tooLarge = false
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let context, let connection, let uploadSize, let requestContext else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.handle(connection, url: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "GET",
                         uploadSize: uploadSize, uploadData: uploadData, context: requestContext)
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, connection, requestContext, _ in
    if let context, let connection {
        Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().waiting.answered(plumb_mhd_connection_socket(connection))
    }
    guard let requestContext, let pending = requestContext.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pending).release()
    requestContext.pointee = nil
}

private let connectionNotice: MHD_NotifyConnectionCallback = { context, connection, _, notice in
    guard let context, let connection else { return }
    let waiting = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().waiting
    let socket = plumb_mhd_connection_socket(connection)
    // MHD_CONNECTION_NOTIFY_STARTED (0) and _CLOSED (1).
    switch notice.rawValue {
    case 0: waiting.opened(socket)
    case 1: waiting.closed(socket)
    default: break
    }
}

private let collectValue: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    let values = context.assumingMemoryBound(to: [String: String].self)
    values.pointee[String(cString: key)] = value.map { String(cString: $0) } ?? ""
    return .YES
}

/// Fills MHD's buffer with the next events, waiting for them; -1 ends the stream
/// (MHD_CONTENT_READER_END_OF_STREAM, a cast macro Swift cannot import).
private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -1 }
    let subscription = Unmanaged<EventSubscription>.fromOpaque(context).takeUnretainedValue()
    guard let chunk = subscription.next(maxBytes: capacity) else { return -1 }
    chunk.withUnsafeBytes { buffer.update(from: $0.bindMemory(to: CChar.self).baseAddress!, count: chunk.count) }
    return chunk.count
}

private let releaseEvents: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let subscription = Unmanaged<EventSubscription>.fromOpaque(context).takeRetainedValue()
    subscription.cancel()
}
