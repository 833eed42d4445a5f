import FoundationEssentials
import Glibc
import LayoutSpec
import SpecStore
import SpecSync

/// How sync and bundle commands report what moved, and show progress on a terminal.
enum TransferReporting {
    /// `received 12 versions (340 changes) in 2 documents; 1 merge version; 3 conflicts (2
    /// property, 1 deleted) (see …)`.
    static func summary(_ verb: String, _ report: ImportReport) -> String {
        var parts = ["\(verb) \(plural(report.versions, "version")) (\(plural(report.changes, "change"))) in \(plural(report.documents.count, "document"))"]
        if report.alreadyHeld > 0 { parts.append("\(report.alreadyHeld) already here") }
        if report.waiting > 0 { parts.append("\(plural(report.waiting, "version")) waiting for earlier ones") }
        if report.unreadableWaiting > 0 {
            parts.append("\(plural(report.unreadableWaiting, "waiting version")) this Plumb cannot read (written by a newer Plumb?), kept")
        }
        if report.merges > 0 { parts.append(plural(report.merges, "merge version")) }
        if report.conflicts > 0 { parts.append("\(plural(report.conflicts, "conflict")) (\(byKind(report))) (see `plumb conflicts DOC`)") }
        return parts.joined(separator: "; ")
    }

    static func json(_ report: ImportReport) -> JSONValue {
        .object([
            JSONMember("versions", .number(Double(report.versions))),
            JSONMember("changes", .number(Double(report.changes))),
            JSONMember("documents", .array(report.documents.sorted().map(JSONValue.string))),
            JSONMember("alreadyHeld", .number(Double(report.alreadyHeld))),
            JSONMember("waiting", .number(Double(report.waiting))),
            JSONMember("merges", .number(Double(report.merges))),
            JSONMember("conflicts", .number(Double(report.conflicts))),
            JSONMember("conflictsByKind", .object(kinds(report).map { JSONMember($0.0, .number(Double($0.1))) })),
            JSONMember("unreadableWaiting", .number(Double(report.unreadableWaiting))),
        ])
    }

    /// Conflict counts by kind, property first, only kinds with some.
    static func kinds(_ report: ImportReport) -> [(String, Int)] {
        var result: [(String, Int)] = []
        if report.propertyConflicts > 0 { result.append(("property", report.propertyConflicts)) }
        for kind in StructuralConflict.Kind.allCases {
            if let count = report.structuralConflicts[kind], count > 0 { result.append((kind.rawValue, count)) }
        }
        return result
    }

    /// `2 property, 1 deleted`.
    static func byKind(_ report: ImportReport) -> String {
        kinds(report).map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }

    /// The callback transfers report through (`receiving`, 12, 200), counted on the command's
    /// progress line (`ProgressLine`: a terminal only, after a second).
    static func progress(_ line: ProgressLine?) -> ((String, Int, Int) -> Void)? {
        guard let line else { return nil }
        return { label, done, total in line.count("\(label) versions", done, total) }
    }

    /// `1 version`, `2 versions`; `nouns` for plurals not made with an s (`properties`).
    static func plural(_ count: Int, _ noun: String, _ nouns: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : nouns ?? noun + "s")"
    }

    /// `--max-clock-skew SECONDS` (default 60).
    static func maxSkew(_ arguments: ParsedArguments, spec: CommandSpec) throws(CLIError) -> UInt64 {
        guard let text = arguments.value("--max-clock-skew") else { return Store.defaultMaxClockSkew }
        guard let seconds = UInt64(text), seconds <= 100 * 365 * 86_400 else {
            throw CLIError.usage("--max-clock-skew: expected whole seconds (at most 100 years)", command: spec)
        }
        return seconds * 1000
    }
}
