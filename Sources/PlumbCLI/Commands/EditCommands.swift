import LayoutSpec
import SpecStore
import SpecSync

/// `plumb set DOC VIEW KEY=VALUE… [--unset KEY]`: edit properties, one new version.
enum SetCommand: Command {
    static let spec = CommandSpec(
        name: "set", usage: "DOC VIEW KEY=VALUE… [--unset KEY]… [-m MSG] [--json]",
        summary: "edit properties of a view (one new version)",
        details: """
            Values are read by the property's type: width=100 is a number, text=100 stays text,
            rows=auto,*,44 is a track list, margin=8 sets all four edges, margin.top=8 one.
            """,
        flags: ["--json"], options: ["--unset", "-m"], aliases: ["--message": "-m"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        guard arguments.positionals.count >= 3 || (arguments.positionals.count == 2 && !arguments.values("--unset").isEmpty) else {
            throw CLIError.usage("expected DOC VIEW KEY=VALUE…", command: spec)
        }
        let document = try DocumentReference.document(arguments.positionals[0], spec: spec)
        let view = arguments.positionals[1]
        let assignments = Array(arguments.positionals.dropFirst(2))
        let store = try context.store()
        try requireView(view, in: document, store: store)
        let result = try store.commit(document: document, message: arguments.value("-m") ?? "Set \(view): \(assignments.joined(separator: " "))", author: context.author) { head in
            try PropertyAssignment.checkFrameParent(assignments, parent: try head.parent(of: view), in: head)
            return try ViewEdits.set(view, in: head) { kind in
                var wanted: [(Property, String?)] = []
                for assignment in assignments { wanted += try PropertyAssignment.parse(assignment, kind: kind, spec: spec).map { ($0.0, $0.1) } }
                for key in arguments.values("--unset") { wanted += try PropertyAssignment.parseUnset(key, kind: kind, spec: spec).map { ($0, nil) } }
                return wanted
            }
        }
        VersionFormatting.committed(result, document: document, context: context, json: arguments.has("--json"))
    }

    /// A view the document never had is an error with the nearest id (`did you mean "ok"?`);
    /// a deleted one is left to the edit, which says it is deleted.
    static func requireView(_ view: String, in document: String, store: Store) throws {
        guard try !store.hasView(view, in: document) else { return }
        throw CLIError.failure("\(document): no view \"\(view)\"" + Suggestion.hint(for: view, in: try store.viewIDs(of: document)))
    }
}

/// `plumb add DOC VIEW --parent P --kind K [--index N] [KEY=VALUE…]`.
enum AddCommand: Command {
    static let spec = CommandSpec(
        name: "add", usage: "DOC VIEW --parent P [--kind K] [--index N] [KEY=VALUE…] [-m MSG] [--json]",
        summary: "add a view under a parent (one new version)",
        details: "--kind is view (default), label, button, stack or grid; --index places it among its siblings (default: last).",
        flags: ["--json"], options: ["--parent", "--kind", "--index", "-m"], aliases: ["--message": "-m"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        guard arguments.positionals.count >= 2 else { throw CLIError.usage("expected DOC VIEW", command: spec) }
        let document = try DocumentReference.document(arguments.positionals[0], spec: spec)
        let view = arguments.positionals[1]
        guard Identifier.isValid(view) else { throw CLIError.usage("\"\(view)\" is not a view id (\(Identifier.rule))", command: spec) }
        guard let parent = arguments.value("--parent") else { throw CLIError.usage("--parent is required", command: spec) }
        let kindName = arguments.value("--kind") ?? "view"
        guard let kind = ViewKind(rawValue: kindName) else {
            throw CLIError.usage("--kind: \(Property.kind.type.expectation)" + Suggestion.hint(for: kindName, in: ViewKind.allCases.map(\.rawValue)), command: spec)
        }
        let index = try TreePlacement.index(arguments.value("--index"), spec: spec)
        var assigned: [(Property, String)] = []
        for assignment in arguments.positionals.dropFirst(2) { assigned += try PropertyAssignment.parse(assignment, kind: kind, spec: spec) }
        let store = try context.store()
        let suffix = FractionalIndex.suffix(for: store.site)
        let result = try store.commit(document: document, message: arguments.value("-m") ?? "Add \(view) to \(parent)", author: context.author) { head in
            try PropertyAssignment.checkFrameParent(arguments.positionals.dropFirst(2), parent: parent, in: head)
            return try ViewEdits.add(view, kind: kind, parent: parent, index: index, values: assigned, in: head, suffix: suffix)
        }
        VersionFormatting.committed(result, document: document, context: context, json: arguments.has("--json"))
    }
}

/// `plumb rm DOC VIEW…`: delete views with their subtrees.
enum RemoveCommand: Command {
    static let spec = CommandSpec(
        name: "rm", usage: "DOC VIEW… [-m MSG] [--json]", summary: "delete views and everything under them (one new version)",
        details: "Deleted views stay in history; `plumb restore DOC VIEW` brings one back with its subtree.",
        flags: ["--json"], options: ["-m"], aliases: ["--message": "-m"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        guard arguments.positionals.count >= 2 else { throw CLIError.usage("expected DOC VIEW…", command: spec) }
        let document = try DocumentReference.document(arguments.positionals[0], spec: spec)
        let views = Array(arguments.positionals.dropFirst())
        let store = try context.store()
        let result = try store.commit(document: document, message: arguments.value("-m") ?? "Remove \(views.joined(separator: ", "))", author: context.author) { head in
            try ViewEdits.remove(views, in: head)
        }
        VersionFormatting.committed(result, document: document, context: context, json: arguments.has("--json"))
    }
}

/// `plumb mv DOC VIEW --parent P [--index N]`.
enum MoveCommand: Command {
    static let spec = CommandSpec(
        name: "mv", usage: "DOC VIEW --parent P [--index N] [-m MSG] [--json]",
        summary: "move a view to another parent or place (one new version)",
        flags: ["--json"], options: ["--parent", "--index", "-m"], aliases: ["--message": "-m"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(2...2, spec)
        let document = try DocumentReference.document(arguments.positionals[0], spec: spec)
        let view = arguments.positionals[1]
        guard let parent = arguments.value("--parent") else { throw CLIError.usage("--parent is required", command: spec) }
        let index = try TreePlacement.index(arguments.value("--index"), spec: spec)
        let store = try context.store()
        let suffix = FractionalIndex.suffix(for: store.site)
        let result = try store.commit(document: document, message: arguments.value("-m") ?? "Move \(view) to \(parent)", author: context.author) { head in
            try ViewEdits.move(view, to: parent, index: index, in: head, suffix: suffix)
        }
        VersionFormatting.committed(result, document: document, context: context, json: arguments.has("--json"))
    }
}
