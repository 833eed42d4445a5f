/// One HTTP request as the studio's handlers see it: decoded path, query, headers (names in
/// lower case), cookies and body.
struct HTTPRequest: Sendable {
    var method: String
    /// The path, percent-decoded (`/d/login`).
    var path: String
    var query: [String: String]
    var headers: [String: String]
    var cookies: [String: String]
    var body: [UInt8]

    /// The path's segments: `/d/login/diff` → `["d", "login", "diff"]`.
    var segments: [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Fields of an `application/x-www-form-urlencoded` body.
    var form: [String: String] {
        FormDecoding.fields(String(decoding: body, as: UTF8.self))
    }
}
