import FoundationEssentials
import Glibc
import SpecSync

/// Who may use the studio, checked before any handler runs.
///
/// - The `Host` header must name this server (`127.0.0.1:PORT`, `localhost:PORT`, the
///   `--host` address): a page on another site that points its own name at 127.0.0.1 (DNS
///   rebinding) gets nothing. Listening on every address (`0.0.0.0`, `::`) accepts any name
///   with the port, since the machine's names are not known; the token still guards it.
/// - Every request carries this run's token: in the URL once (`/?token=…`, as printed), which
///   sets an HttpOnly, SameSite=Strict cookie and redirects to the same page without it; then
///   in the cookie. Other local users and other browsers' pages cannot read the studio.
/// - Every request that writes also carries the token in an `X-Plumb-Token` header, which
///   only the studio's own script can send (a page elsewhere would need a CORS preflight,
///   which is never granted), and an `Origin`, when sent, must be the studio's own (the
///   address the request was sent to).
struct AccessGuard: Sendable {
    let token: String
    let port: UInt16
    let hosts: Set<String>
    /// True when listening on every address: any host name with the right port is accepted.
    let anyHost: Bool

    init(token: String, host: String, port: UInt16) {
        self.token = token
        self.port = port
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        names.insert(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
        hosts = Set(names.map { "\($0):\(port)".lowercased() })
        anyHost = ["0.0.0.0", "::", "[::]"].contains(host)
    }

    /// Whether a `Host` header names this server.
    func accepts(host: String) -> Bool {
        let host = host.lowercased()
        return hosts.contains(host) || (anyHost && host.hasSuffix(":\(port)"))
    }

    /// A fresh token: 128 random bits in hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    var cookieName: String { "plumb-studio-\(port)" }

    /// What to do with a request: nil to let it through, else the response that refuses or
    /// redirects it.
    func check(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.headers["host"], accepts(host: host) else {
            return .error(421, "this studio answers only at http://127.0.0.1:\(port)/ (the Host header named \(request.headers["host"].map { "\"\($0)\"" } ?? "nothing"))")
        }
        if let given = request.query["token"] {
            guard Self.same(given, token) else { return .error(403, "that is not this run's token; open the URL plumb serve printed") }
            var rest = request.query
            rest["token"] = nil
            let query = rest.sorted { $0.key < $1.key }.map { "\(FormDecoding.encode($0.key))=\(FormDecoding.encode($0.value))" }.joined(separator: "&")
            let location = Paths.encode(request.path) + (query.isEmpty ? "" : "?" + query)
            return .redirect(to: location, headers: [("Set-Cookie", "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")])
        }
        guard let cookie = request.cookies[cookieName], Self.same(cookie, token) else {
            return .error(401, "open the URL plumb serve printed: it holds this run's token")
        }
        if request.method != "GET" && request.method != "HEAD" {
            guard let header = request.headers["x-plumb-token"], Self.same(header, token) else {
                return .error(403, "a request that writes needs this run's token in the X-Plumb-Token header")
            }
            if let origin = request.headers["origin"], origin.lowercased() != "http://\(host.lowercased())" {
                return .error(403, "a request that writes must come from the studio's own pages (Origin \(origin))")
            }
        }
        return nil
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
