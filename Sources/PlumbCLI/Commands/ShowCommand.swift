import LayoutSpec
import SpecStore
import SpecSync

/// `plumb show DOC[@REV]`: the spec of a version, in the spec format.
enum ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show", usage: "DOC[@REV] [--flat] [--json]",
        summary: "print the spec of a version (apply of it is a no-op)",
        details: """
            Prints only the properties that were set, children in order, nested by default.
              --flat   the flat shape: a "views" list, each naming its parent
              --json   the same JSON (the spec format is JSON already)
            """,
        flags: ["--flat", "--json"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let reference = try DocumentReference(arguments.positionals[0], spec: spec)
        let store = try context.readStore()
        let version = try reference.version(in: store)
        let progress = ProgressLine.start("show", context: context)
        defer { progress?.finish() }
        progress?.phase("reading \(version.document)@\(version.number)")
        let result = try SpecReader.views(of: version, store: store)
        progress?.phase("writing \(ProgressLine.grouped(result.spec.count)) views")
        SpecReader.warnDetached(result, version: version, console: context.console)
        var shape: SpecCodec.Shape = arguments.has("--flat") ? .flat : .nested
        if shape == .nested, result.spec.depth > SpecCodec.maxNestingDepth {
            context.console.warn("\(reference.document) is nested deeper than \(SpecCodec.maxNestingDepth) levels; showing the flat shape")
            shape = .flat
        }
        // The progress line goes on while the views are made and written, unless the text goes
        // to the same terminal.
        if context.console.isTerminal { progress?.finish() }
        SpecTextWriter.write(result.spec, shape: shape, to: context.console)
        progress?.finish()
    }
}

/// Reads a stored version as a spec: the one projection every command sees.
enum SpecReader {
    /// A stored version as a spec (a `Spec`, or views made one at a time), with its detached
    /// views. The document state it was read from is not kept: a big document's state and its
    /// views are never held at once.
    struct Read<Views: TreeOrderedViews> {
        var spec: Views
        /// Alive views not in the document (detached), sorted.
        var detached: [String]
        /// Why each detached view is out, in words.
        var detachedReasons: [String]
    }

    /// A stored version as a `Spec`: every view built (to lay out, compare, edit).
    ///
    /// The state the views were read from is let go first, and its pages are handed back to
    /// the system before the views are made: its lists (a few hundred bytes a view) are freed
    /// in the middle of the heap, where the C library keeps them, unused, until asked, and the
    /// spec and the frames made next need blocks of other sizes, so a million-view resolve
    /// held both.
    static func spec(of version: VersionRecord, store: Store) throws -> Read<Spec> {
        let read = try views(of: version, store: store)
        FreedMemory.handBack()
        return Read(spec: read.spec.makeSpec(), detached: read.detached, detachedReasons: read.detachedReasons)
    }

    /// A stored version's views, each made when asked for (to write the spec text). The state
    /// they were read from is let go when this returns.
    static func views(of version: VersionRecord, store: Store) throws -> Read<Materializer.Views> {
        let document = try store.resolved(version)
        do {
            let views = try Materializer.views(named: version.document, projection: document.projection)
            let detached = document.projection.detached
            return Read(spec: views, detached: detached, detachedReasons: detached.map { document.absenceDescription(of: $0) })
        } catch {
            let name = "\(version.document)@\(version.number)"
            if document.state.aliveViews.isEmpty && version.number > 1 {
                throw CLIError.failure("\(name): the document is deleted in this version (plumb docs rm or mv); `plumb revert \(version.document)@\(version.number - 1)` brings it back")
            }
            throw CLIError.failure("\(name): no root view in this version")
        }
    }

    /// One warning (stderr) per detached view, saying why and what to do.
    static func warnDetached(_ read: Read<some TreeOrderedViews>, version: VersionRecord, console: Console) {
        for (id, reason) in zip(read.detached, read.detachedReasons) {
            console.warn("\(version.document)@\(version.number): \(reason); it is kept but not laid out (see `plumb conflicts \(version.document)`; `plumb restore \(version.document) \(id)` or `plumb mv` brings it back, `plumb rm` clears it)")
        }
    }
}
