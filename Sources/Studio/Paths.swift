/// Paths and links: segments percent-encoded.
enum Paths {
    /// `/d/a b` → `/d/a%20b`; keeps the slashes.
    static func encode(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { FormDecoding.encode(String($0)) }.joined(separator: "/")
    }

    /// A link: `path?key=value&…`, keys in the order given, nil values left out.
    static func link(_ path: String, _ query: [(String, String?)] = []) -> String {
        let pairs = query.compactMap { key, value in value.map { "\(FormDecoding.encode(key))=\(FormDecoding.encode($0))" } }
        return encode(path) + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
    }
}
