import Foundation
import LayoutSpec
import SpecStore

/// How versions look in text and JSON output.
enum VersionFormatting {
    static func json(_ version: VersionRecord) -> JSONValue {
        .object([
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

    /// `3  3f9c2a1b2c3d  2026-11-30 06:40  alice  Move the button  (tag: v1)`
    static func line(_ version: VersionRecord, console: Console) -> String {
        let tags = version.tags.isEmpty ? "" : "  " + console.colored("(" + version.tags.map { "tag: \($0)" }.joined(separator: ", ") + ")", "33")
        let number = String(version.number).leftPadded(to: 4)
        return "\(number)  \(console.colored(version.id.short, "33"))  \(shortTime(version.time))  \(TerminalText.field(version.author))  \(TerminalText.field(version.message))\(tags)"
    }

    /// ISO 8601 in UTC with milliseconds.
    static func isoTime(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    static func shortTime(_ milliseconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// What a write command prints: `login: version 3 (3f9c2a1b2c3d), 5 changes`.
    static func committed(_ result: CommitResult?, document: String, context: Context, json: Bool) {
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
            context.console.print("\(document): version \(version.number) (\(version.id.short)), \(version.changeCount) change\(version.changeCount == 1 ? "" : "s")\(created)")
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
