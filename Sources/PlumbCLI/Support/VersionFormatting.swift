import LayoutSpec
import SpecStore
import SpecSync

/// How versions look in text and JSON output.
enum VersionFormatting {
    static func json(_ version: VersionRecord) -> JSONValue {
        .object([
            JSONMember("document", .string(version.document)),
            JSONMember("number", .number(Double(version.number))),
            JSONMember("id", .string(version.id.hex)),
            JSONMember("kind", .string(version.kind.rawValue)),
            JSONMember("message", .string(version.message)),
            JSONMember("author", .string(version.author)),
            JSONMember("time", .string(isoTime(version.time))),
            JSONMember("site", .string(version.site.hex)),
            JSONMember("changes", .number(Double(version.changeCount))),
            JSONMember("tags", .array(version.tags.map(JSONValue.string))),
        ])
    }

    /// `3  3f9c2a1b2c3d  2026-11-30 06:40:12  alice  Move the button  (tag: v1)`; the message's
    /// first line only. A version of another document than `document` (`log` following a
    /// rename) is numbered `DOC@N`.
    static func line(_ version: VersionRecord, console: Console, document: String? = nil) -> String {
        // Made as bytes: `log` makes a line a version, and interpolating six pieces into a
        // string cost it more than reading the versions did.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        let name = document == nil || document == version.document ? String(version.number) : "\(version.document)@\(version.number)"
        bytes += name.leftPadded(to: 4).utf8
        bytes += separator
        bytes += console.colored(version.id.short, "33").utf8
        bytes += separator
        bytes += shortTime(version.time).utf8
        bytes += separator
        bytes += TerminalText.field(version.author).utf8
        bytes += separator
        bytes += subject(version.message).utf8
        if !version.tags.isEmpty {
            bytes += separator
            bytes += console.colored("(" + version.tags.map { "tag: \($0)" }.joined(separator: ", ") + ")", "33").utf8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Two spaces: between the fields of a line.
    private static let separator = Array("  ".utf8)

    /// A message's first line (git's subject) as a one-line listing shows it: escaped, since a
    /// message may come from another store.
    static func subject(_ message: String) -> String {
        // Bytes, not characters: "\r\n" is one character, and a message is mostly one line.
        // Searched in place where the string holds its bytes so (`log` asks it of every message).
        func breaksLine(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        let offset: Int? = message.utf8.withContiguousStorageIfAvailable { $0.firstIndex(where: breaksLine) }
            ?? message.utf8.firstIndex(where: breaksLine).map { message.utf8.distance(from: message.utf8.startIndex, to: $0) }
        guard let offset else { return TerminalText.field(message) }
        return TerminalText.field(String(message[..<message.utf8.index(message.utf8.startIndex, offsetBy: offset)]))
    }

    /// ISO 8601 in UTC with milliseconds.
    static func isoTime(_ milliseconds: Int64) -> String {
        UTCTime(milliseconds: milliseconds).iso
    }

    /// `2026-11-30 06:40:12` in UTC: seconds matter when comparing concurrent edits.
    static func shortTime(_ milliseconds: Int64) -> String {
        UTCTime(milliseconds: milliseconds).short
    }

    /// What a write command prints: `login: version 3 (3f9c2a1b2c3d), 5 changes`, then
    /// `: DETAIL` when given (apply's summary by kind).
    static func committed(_ result: CommitResult?, document: String, context: Context, json: Bool, detail: String? = nil) {
        guard let result else {
            context.console.message("\(document): nothing changed; no new version")
            if json { context.console.print("null") }
            return
        }
        let version = result.version
        if json {
            context.console.print(JSONWriter.pretty(VersionFormatting.json(version)))
        } else {
            let created = result.createdDocument ? " (new document)" : ""
            let what = detail.map { ": \($0)" } ?? ""
            context.console.print("\(document): version \(version.number) (\(version.id.short)), \(TransferReporting.plural(Int(version.changeCount), "change"))\(created)\(what)")
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
