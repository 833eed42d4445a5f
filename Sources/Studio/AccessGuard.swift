import FoundationEssentials
import Glibc
import SpecSync
import Threading

/// Who may use the studio, checked before any handler runs.
///
/// - The `Host` header must name this server (`127.0.0.1:PORT`, `localhost:PORT`, the
///   `--host` address): a page on another site that points its own name at 127.0.0.1 (DNS
///   rebinding) gets nothing. Listening on every address (`0.0.0.0`, `::`) accepts any name
///   with the port, since the machine's names are not known; the token still guards it.
/// - This run's token is shown once, in the URL `plumb serve` prints (`/?token=…`). Opening it
///   starts a session: a random session id in an HttpOnly, SameSite=Strict cookie, and a random
///   write key that the answer hands to the studio's script, which keeps it in the page
///   origin's own storage (another port is another origin and cannot read it). Neither is the
///   token, and no page shows either.
/// - Every request carries a session's cookie. Browsers send a host's cookies to every port of
///   that host, so a server on another local port may see the cookie: with it alone it can read
///   pages while the studio runs, but never write, and never learn the token.
/// - Every request that writes also carries the session's write key in an `X-Plumb-Write`
///   header, which only the studio's own script can send (a page elsewhere would need a CORS
///   preflight, which is never granted), and an `Origin`, when sent, must be the studio's own
///   (the address the request was sent to).
struct AccessGuard: Sendable {
    let token: String
    let port: UInt16
    let hosts: Set<String>
    /// True when listening on every address: any host name with the right port is accepted.
    let anyHost: Bool
    let sessions: Sessions

    init(token: String, host: String, port: UInt16, sessions: Sessions = Sessions()) {
        self.token = token
        self.port = port
        self.sessions = sessions
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        let listening = ListeningAddress(host)
        names.insert(listening.hostHeaderName)
        hosts = Set(names.map { "\($0):\(port)".lowercased() })
        anyHost = listening.isEveryAddress
    }

    /// Whether a `Host` header names this server.
    func accepts(host: String) -> Bool {
        let host = host.lowercased()
        if hosts.contains(host) { return true }
        if anyHost { return host.hasSuffix(":\(port)") }
        // An IPv6 address may be written in several ways: `[::]` and `[0:0:0:0:0:0:0:0]` alike.
        guard host.hasPrefix("["), let close = host.firstIndex(of: "]"), host[close...] == "]:\(port)" else { return false }
        let address = ListeningAddress(String(host[host.index(after: host.startIndex)..<close]))
        return hosts.contains("\(address.hostHeaderName):\(port)")
    }

    /// A fresh random value: 128 bits in hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    var cookieName: String { "plumb-studio-\(port)" }

    /// What to do with a request: nil to let it through, else the response that refuses it or
    /// opens a session.
    func check(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.headers["host"], accepts(host: host) else {
            return .error(421, "this studio answers only at http://127.0.0.1:\(port)/ (the Host header named \(request.headers["host"].map { "\"\($0)\"" } ?? "nothing"))")
        }
        if let given = request.query["token"] {
            guard Self.same(given, token) else { return .error(403, "that is not this run's token; open the URL plumb serve printed") }
            return opening(request)
        }
        guard let cookie = request.cookies[cookieName], let writeKey = sessions.writeKey(of: cookie) else {
            return .error(401, "open the URL plumb serve printed: it holds this run's token")
        }
        if request.method != "GET" && request.method != "HEAD" {
            guard let header = request.headers["x-plumb-write"], Self.same(header, writeKey) else {
                return .error(403, "a request that writes needs this session's write key in the X-Plumb-Write header; open the URL plumb serve printed again")
            }
            if let origin = request.headers["origin"], origin.lowercased() != "http://\(host.lowercased())" {
                return .error(403, "a request that writes must come from the studio's own pages (Origin \(origin))")
            }
        }
        return nil
    }

    /// The answer to the printed URL: a new session's cookie, and a page that hands its write key
    /// to the studio's script, which keeps it and goes on to the address without the token.
    private func opening(_ request: HTTPRequest) -> HTTPResponse {
        let session = sessions.open()
        var rest = request.query
        rest["token"] = nil
        let query = rest.sorted { $0.key < $1.key }.map { "\(FormDecoding.encode($0.key))=\(FormDecoding.encode($0.value))" }.joined(separator: "&")
        let location = Self.onThisServer(Paths.encode(request.path)) + (query.isEmpty ? "" : "?" + query)
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="plumb-write-key" content="\(escape(session.writeKey))">
            <meta name="plumb-next" content="\(escape(location))">
            <title>Plumb studio</title>
            <script src="/static/studio.js"></script>
            </head>
            <body><p>Opening the studio… <a href="\(escape(location))">continue</a></p></body>
            </html>

            """
        var response = HTTPResponse.html(page)
        response.headers.append(("Set-Cookie", "\(cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Strict"))
        return response
    }

    /// A path that stays on this server: `//evil.example/x` (which a browser reads as another
    /// host) becomes `/evil.example/x`.
    static func onThisServer(_ path: String) -> String {
        "/" + path.drop { $0 == "/" || $0 == "\\" }
    }

    /// Compares in time that does not depend on where the strings differ.
    static func same(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

/// The sessions this run's token has opened: each session id (the cookie's value) with its
/// write key. The oldest are forgotten past `limit`, so opening the URL again and again holds
/// no more than that.
final class Sessions: @unchecked Sendable {
    static let limit = 64
    private let lock = Lock()
    private var writeKeys: [String: String] = [:]
    private var order: [String] = []

    func open() -> (id: String, writeKey: String) {
        let id = AccessGuard.newToken(), writeKey = AccessGuard.newToken()
        lock.lock()
        defer { lock.unlock() }
        writeKeys[id] = writeKey
        order.append(id)
        if order.count > Self.limit { writeKeys[order.removeFirst()] = nil }
        return (id, writeKey)
    }

    /// The write key of a session id, if this run opened it (looked up in time that does not
    /// depend on how much of the id matches).
    func writeKey(of id: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return writeKeys.first { AccessGuard.same($0.key, id) }?.value
    }
}
