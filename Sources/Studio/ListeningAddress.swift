import Glibc

/// An address given to `--host`: how a browser names it in a `Host` header, and the address to
/// print, which a browser on this machine can open.
struct ListeningAddress {
    /// The address as a `Host` header names it: an IPv6 address in brackets and in its shortest
    /// form (`[::]` for `0:0:0:0:0:0:0:0`), anything else as given, in lower case.
    let hostHeaderName: String
    /// True for `0.0.0.0` and `::` (however written): the studio listens on every address.
    let isEveryAddress: Bool
    /// The host to print: this machine's loopback address when listening on every address
    /// (nobody can open `http://0.0.0.0:…`), else the host name as a `Host` header names it.
    let shownHost: String

    init(_ host: String) {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 {
            hostHeaderName = bare
            isEveryAddress = v4.s_addr == 0
            shownHost = isEveryAddress ? "127.0.0.1" : bare
        } else if inet_pton(AF_INET6, bare, &v6) == 1 {
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let shortest = inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count)) != nil
                ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : bare
            hostHeaderName = "[\(shortest.lowercased())]"
            isEveryAddress = withUnsafeBytes(of: v6) { $0.allSatisfy { $0 == 0 } }
            shownHost = isEveryAddress ? "[::1]" : hostHeaderName
        } else {
            hostHeaderName = host.lowercased()
            isEveryAddress = false
            shownHost = hostHeaderName
        }
    }
}
