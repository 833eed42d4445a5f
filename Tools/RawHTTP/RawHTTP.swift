import Foundation

/// A tiny HTTP/1.1 client on a plain socket, for the studio's tests and benchmark: the path
/// exactly as written (no `..` clean-up), the Host header, the body, all under the caller's
/// control. Not for production use.
public struct RawHTTP: Sendable {
    public let port: UInt16
    /// Seconds a read may wait for the server.
    public let timeout: Int
    /// Connects to ::1 instead of 127.0.0.1.
    public let ipv6: Bool

    public init(port: UInt16, timeout: Int = 30, ipv6: Bool = false) {
        self.port = port
        self.timeout = timeout
        self.ipv6 = ipv6
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: String
    }

    /// Opens a studio session as a browser opens the URL `plumb serve` prints: the cookie the
    /// answer sets (`name=value`) and the write key its page hands to the studio's script.
    public func studioSession(token: String) throws -> (cookie: String, writeKey: String) {
        let answer = try request("/?token=\(token)")
        guard answer.status == 200, let setCookie = answer.headers["set-cookie"],
              let cookie = setCookie.split(separator: ";").first,
              let start = answer.body.range(of: "name=\"plumb-write-key\" content=\""),
              let end = answer.body[start.upperBound...].firstIndex(of: "\"") else {
            throw HTTPTestError("the studio opened no session (\(answer.status) \(answer.body))")
        }
        return (String(cookie), String(answer.body[start.upperBound..<end]))
    }

    /// One request on a new connection (`Connection: close`); the response read to the end.
    public func request(_ path: String, method: String = "GET", headers: [String: String] = [:], body: [UInt8] = [],
                 host: String? = nil) throws -> Response {
        let socket = try connect()
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(socket, Array(head.utf8) + body)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        // To the end of the connection, or of the Content-Length (servers may keep it open).
        while !Self.isComplete(received) {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return try Self.parse(received)
    }

    /// Opens a stream of server-sent events; `lines` reads it.
    public func events(cookie: String) throws -> EventStream {
        let socket = try connect()
        let head = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\nAccept: text/event-stream\r\n\r\n"
        try send(socket, Array(head.utf8))
        return EventStream(socket: socket)
    }

    func connect() throws -> Int32 {
        let socket = Glibc.socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HTTPTestError("socket: \(String(cString: strerror(errno)))") }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, "::1", &address.sin6_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw HTTPTestError("connect to port \(port): \(reason)")
        }
        return socket
    }

    private func send(_ socket: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw HTTPTestError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Whether `bytes` hold the headers and as many body bytes as Content-Length says.
    private static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return false }
        return bytes.count - end.upperBound >= length
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw HTTPTestError("no complete response: \(text.prefix(200))") }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw HTTPTestError("bad status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}

/// An open event stream: reads until a line matches, with a deadline.
public final class EventStream {
    private let socket: Int32
    private var pending = ""
    /// True once the server has closed the stream (or the connection failed).
    public private(set) var ended = false

    init(socket: Int32) {
        self.socket = socket
    }

    deinit { close(socket) }

    /// Reads until `condition` holds for the text read so far, the stream ends (`ended`), or
    /// `timeout` seconds pass; returns the text read so far either way.
    public func read(until condition: (String) -> Bool, timeout: TimeInterval) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !condition(pending) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { break }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                ended = true
                break
            }
            pending += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return pending
    }
}

public struct HTTPTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Connections that start a request and never finish its headers (a slow-header attack):
/// held open until `close`.
public final class SlowClients {
    private var sockets: [Int32] = []

    deinit { close() }

    public init(port: UInt16, count: Int) throws {
        let http = RawHTTP(port: port)
        for _ in 0..<count {
            let socket = try http.connect()
            sockets.append(socket)
            let start = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ".utf8)
            _ = start.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    public func close() {
        for socket in sockets { Glibc.close(socket) }
        sockets = []
    }
}
