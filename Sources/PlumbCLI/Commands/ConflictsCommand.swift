import LayoutSpec
import SpecStore
import SpecSync

/// `plumb conflicts DOC`: concurrent work that lost at a merge, property writes and structure.
enum ConflictsCommand: Command {
    static let spec = CommandSpec(
        name: "conflicts", usage: "DOC [--json] [--clear] [--dismiss VIEW[.PROPERTY]]…",
        summary: "list concurrent work that lost at a merge: property writes, and views lost to a delete or a skipped move (--dismiss settles one, --clear forgets them)",
        details: """
            Each line says what won, what lost, who wrote each (the author of the version
            holding it; its store when this store lacks the version, or beside the name when
            one person wrote both sides on two stores: a store by the name it was given with
            plumb site name, else its site id) and when, to the millisecond (the later
            write wins), and for work lost to a delete the command that brings it back
            (plumb restore DOC VIEW --from REV). --json prints an array of
            entries, each with a "kind": "property", "deleted", "added-under-deleted",
            "moved-under-deleted", "edited-under-deleted" or "move-skipped" (docs/sync.md has
            every field). hlc is the hybrid clock reading (Unix milliseconds × 65536 + counter)
            as a decimal string, since it does not fit a JSON number exactly. A settled
            conflict (kept, restored or dismissed, here or in a store this one synced with)
            ends in [STATE on STORE, TIME]; in --json, "settled" says so (null while open).
            --dismiss settles the open conflicts of one view, or of one property as the list
            names it (VIEW.PROPERTY), as dismissed (passed on with sync; repeat it for more);
            --clear records every open one as dismissed, then forgets the list.
            """,
        flags: ["--json", "--clear"], options: ["--dismiss"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let document = try DocumentReference.document(arguments.positionals[0], spec: spec)
        if arguments.has("--clear") {
            let count = try context.store().clearConflicts(of: document)
            context.console.message("\(document): cleared \(TransferReporting.plural(count, "conflict"))")
            return
        }
        if !arguments.values("--dismiss").isEmpty {
            let count = try dismiss(arguments.values("--dismiss"), in: document, store: try context.store())
            context.console.message("\(document): dismissed \(TransferReporting.plural(count, "conflict"))")
            return
        }
        let store = try context.readStore()
        let properties = try store.conflicts(of: document)
        let structural = try store.structuralConflicts(of: document).map { conflict in
            (conflict, try store.losingVersion(of: conflict, in: document))
        }
        let settled = try store.resolutions(of: document)
        let people = People(store: store, document: document, names: SiteNames(try store.siteNames()))
        if arguments.has("--json") {
            let head = settled.isEmpty ? nil : try store.resolved(try store.head(of: document))
            let entries = properties.map { conflict in
                let resolution = settled[ConflictResolution.Key(conflict)]
                return withSettled(json(conflict, people: people), resolution,
                                   changedSince: head.map { KeptValueChange(conflict, resolution: resolution, head: $0) != nil })
            }
                + structural.map { withSettled(json($0.0, version: $0.1, document: document, people: people), settled[ConflictResolution.Key($0.0)]) }
            context.console.print(JSONWriter.pretty(.array(entries)))
            return
        }
        if properties.isEmpty && structural.isEmpty { context.console.message("\(document): no conflicts") }
        // A view brought back since (restore, revert, an edit) is no longer "not in the document",
        // and a value kept and changed since (a revert of the keep, an edit) is said to be.
        let head = structural.isEmpty && settled.isEmpty ? nil : try store.resolved(try store.head(of: document))
        context.console.print(lines: properties.map { conflict in
            let winner = people.side(conflict.winner.stamp, other: conflict.loser.stamp)
            let loser = people.side(conflict.loser.stamp, other: conflict.winner.stamp)
            let resolution = settled[ConflictResolution.Key(conflict)]
            let change = head.flatMap { KeptValueChange(conflict, resolution: resolution, head: $0) }
            return "\(conflict.view).\(conflict.property): \(TerminalText.field(conflict.winner.value ?? "unset")) (\(winner)) won over \(TerminalText.field(conflict.loser.value ?? "unset")) (\(loser))"
                + people.mark(resolution, since: change)
        } + structural.map { conflict, version in
            line(conflict, version: version, document: document, people: people, back: head?.contains(conflict.view) ?? false)
                + people.mark(settled[ConflictResolution.Key(conflict)])
        })
    }

    /// Settles the open conflicts each of `names` picks (a view's, or one property's as the list
    /// names it: `VIEW.PROPERTY`) as dismissed; a name that picks none is refused in words,
    /// listing the open ones, and nothing is settled. Returns how many were settled.
    static func dismiss(_ names: [String], in document: String, store: Store) throws -> Int {
        let settled = try store.resolutions(of: document)
        let open = try store.conflicts(of: document).map { ("\($0.view).\($0.property)", $0.view, ConflictResolution.Key($0)) }
            + store.structuralConflicts(of: document).map { ($0.view, $0.view, ConflictResolution.Key($0)) }
        let unsettled = open.filter { settled[$0.2] == nil }
        var keys: [ConflictResolution.Key] = []
        for name in names {
            let picked = unsettled.filter { $0.0 == name || $0.1 == name }
            guard !picked.isEmpty else {
                let listed = Array(Set(unsettled.map(\.0))).sorted()
                throw CLIError.failure("\(document): no open conflict of \(TerminalText.field(name))"
                    + (listed.isEmpty ? " (none is open)" : "; open: \(listed.prefix(10).map(TerminalText.field).joined(separator: ", "))\(listed.count > 10 ? ", …" : "")"))
            }
            keys += picked.map(\.2).filter { !keys.contains($0) }
        }
        try store.settle(keys, as: .dismissed)
        return keys.count
    }

    /// An entry with `"settled"`: what was done about it (`state`, `site`, `time` in Unix
    /// milliseconds; for a property's kept value, `changedSince`: whether the document no longer
    /// has it), or null while it is open.
    static func withSettled(_ entry: JSONValue, _ resolution: ConflictResolution?, changedSince: Bool? = nil) -> JSONValue {
        guard case .object(var members) = entry else { return entry }
        members.append(JSONMember("settled", resolution.map { resolution in
            var settled = [
                JSONMember("state", .string(resolution.state.rawValue)), JSONMember("site", .string(resolution.site.hex)),
                JSONMember("time", .number(Double(resolution.time))),
            ]
            if resolution.state == .kept, let changedSince { settled.append(JSONMember("changedSince", .bool(changedSince))) }
            return .object(settled)
        } ?? .null))
        return .object(members)
    }

    /// Who wrote a change, in people's words: the author of the version that holds it (its
    /// store only when this store lacks that version), stores by the names they were given
    /// (`plumb site name`; their site id when they have none), and when, to the millisecond.
    struct People {
        let store: Store
        let document: String
        let names: SiteNames

        /// `alice`, `alice on Anna's laptop` when `other` is alice's too (two machines), or the
        /// store alone: `Anna's laptop`, `site 973932b8`.
        func name(_ stamp: Stamp, other: Stamp? = nil) -> String {
            guard let author = author(stamp), !author.isEmpty else { return site(stamp.site) }
            if let other, other.site != stamp.site, self.author(other) == author {
                return "\(TerminalText.field(author)) on \(site(stamp.site))"
            }
            return TerminalText.field(author)
        }

        /// A store by its name, or `site 973932b8` when it has none.
        func site(_ site: SiteID) -> String {
            names[site].map(TerminalText.field) ?? "site \(site.short)"
        }

        /// ` [dismissed on Anna's laptop, 2025-11-30 08:00:03.250]` for a settled conflict; for a
        /// kept value changed `since`, `[kept on …; changed since, now Sign in]` or `[kept on …;
        /// the view was deleted since]`.
        func mark(_ resolution: ConflictResolution?, since: KeptValueChange? = nil) -> String {
            guard let resolution else { return "" }
            let after = switch since {
            case .value(let now)?: "; changed since, now \(TerminalText.field(now ?? "unset"))"
            case .viewDeleted?: "; the view was deleted since"
            case nil: ""
            }
            return " [\(resolution.state.rawValue) on \(site(resolution.site)), \(ConflictsCommand.time(milliseconds: resolution.time))\(after)]"
        }

        /// `alice, 2025-11-30 08:00:03.250`.
        func side(_ stamp: Stamp, other: Stamp) -> String {
            "\(name(stamp, other: other)), \(ConflictsCommand.time(stamp))"
        }

        func author(_ stamp: Stamp) -> String? {
            store.author(of: stamp, in: document)
        }

        /// Who and when in JSON: `author` (null when this store lacks the version), `store`
        /// (its name, null when it has none) and `time` (ISO 8601, UTC, milliseconds).
        func members(_ stamp: Stamp) -> [JSONMember] {
            [
                JSONMember("author", author(stamp).map(JSONValue.string) ?? .null),
                JSONMember("store", names[stamp.site].map(JSONValue.string) ?? .null),
                JSONMember("time", .string(UTCTime(milliseconds: Int64(stamp.hlc.milliseconds)).iso)),
            ]
        }
    }

    static func json(_ conflict: Conflict, people: People) -> JSONValue {
        func side(_ side: Conflict.Side) -> JSONValue {
            .object([
                JSONMember("value", side.value.flatMap(ValueText.decode) ?? .null),
                JSONMember("site", .string(side.stamp.site.hex)),
                JSONMember("hlc", .string(String(side.stamp.hlc.rawValue))),
            ] + people.members(side.stamp))
        }
        return .object([
            JSONMember("kind", .string("property")),
            JSONMember("view", .string(conflict.view)),
            JSONMember("property", .string(conflict.property)),
            JSONMember("winner", side(conflict.winner)),
            JSONMember("loser", side(conflict.loser)),
        ])
    }

    static func json(_ conflict: StructuralConflict, version: VersionRecord?, document: String, people: People) -> JSONValue {
        var members = [JSONMember("kind", .string(conflict.kind.rawValue)), JSONMember("view", .string(conflict.view))]
        members.append(conflict.kind == .moveSkipped ? JSONMember("parent", .string(conflict.cause)) : JSONMember("deleted", .string(conflict.cause)))
        members.append(JSONMember("winner", .object([
            JSONMember("view", .string(conflict.winnerView)),
            JSONMember("site", .string(conflict.winner.site.hex)),
            JSONMember("hlc", .string(String(conflict.winner.hlc.rawValue))),
        ] + people.members(conflict.winner))))
        members.append(JSONMember("loser", .object([
            JSONMember("site", .string(conflict.loser.site.hex)),
            JSONMember("hlc", .string(String(conflict.loser.hlc.rawValue))),
            JSONMember("version", version.map { .string($0.id.hex) } ?? .null),
            JSONMember("changes", .object(conflict.lost.map { JSONMember($0.property.rawValue, $0.value.flatMap(ValueText.decode) ?? .null) })),
        ] + people.members(conflict.loser))))
        members.append(JSONMember("restore", restoreCommand(conflict, version: version, document: document).map(JSONValue.string) ?? .null))
        return .object(members)
    }

    /// The command that undoes the loss: restore the view from the losing version.
    static func restoreCommand(_ conflict: StructuralConflict, version: VersionRecord?, document: String) -> String? {
        guard conflict.isRestorable else { return nil }
        return "plumb restore \(document) \(conflict.view)" + (version.map { " --from \($0.id.short)" } ?? "")
    }

    /// The conflict in words; while the view is out of the document (`back` false), with the
    /// command that brings it back.
    static func line(_ conflict: StructuralConflict, version: VersionRecord?, document: String, people: People, back: Bool) -> String {
        let restore = back ? "" : restoreCommand(conflict, version: version, document: document).map { "; restore: \($0)" } ?? ""
        return "\(conflict.view): " + conflict.account(side: { stamp in
            let other = stamp == conflict.winner ? conflict.loser : conflict.winner
            return "\(people.name(stamp, other: other)) (\(time(stamp)))"
        }, text: TerminalText.field, stillOut: !back) + restore
    }

    /// The clock reading's wall-clock part, UTC, to the millisecond: concurrent edits are
    /// often within one second, and the later one wins.
    static func time(_ stamp: Stamp) -> String {
        time(milliseconds: Int64(stamp.hlc.milliseconds))
    }

    /// `2025-11-30 08:00:03.250`.
    static func time(milliseconds: Int64) -> String {
        UTCTime(milliseconds: milliseconds).milliseconds
    }
}
