import FoundationEssentials
import Glibc
import LayoutSpec
import SpecStore
import SpecSync

/// A spec to lay out, from the store (`DOC[@REV]`) or from a file (`FILE.json`).
struct LoadedSpec {
    var spec: Spec
    /// The document name, or the spec's `name` for a file.
    var document: String
    /// The stored version, nil for a file.
    var version: VersionRecord?
    /// Alive views of the stored version that are not in its document (detached).
    var detached: [String] = []
    /// Why each detached view is out, in words.
    var detachedReasons: [String] = []
}

/// Reads the `DOC[@REV]` or `FILE` argument of `resolve` and `check`.
enum SpecSource {
    /// True when `argument` names a file rather than a document: `-` (stdin), anything with a
    /// `/`, or a name ending in `.json` when such a file exists. So `login.json` is the file
    /// when there is one and otherwise the document called `login.json`; `./login` is always
    /// a file.
    static func isFile(_ argument: String, context: Context) -> Bool {
        if argument == "-" || argument.contains("/") { return true }
        guard argument.lowercased().hasSuffix(".json") else { return false }
        return FileManager.default.fileExists(atPath: context.absolute(argument))
    }

    /// Loads the spec. Stored versions warn (stderr) about detached views, which are not laid
    /// out.
    static func load(_ argument: String, spec command: CommandSpec, context: Context, warnDetached: Bool = true) throws -> LoadedSpec {
        if isFile(argument, context: context) {
            let spec = try SpecFile.read(argument, context: context)
            return LoadedSpec(spec: spec, document: spec.name, version: nil)
        }
        let reference = try DocumentReference(argument, spec: command)
        let store = try context.readStore()
        return try load(reference.version(in: store), store: store, context: context, warnDetached: warnDetached)
    }

    /// Loads a stored version, warning about its detached views.
    static func load(_ version: VersionRecord, store: Store, context: Context, warnDetached: Bool = true) throws -> LoadedSpec {
        let result = try SpecReader.spec(of: version, store: store)
        if warnDetached { SpecReader.warnDetached(result, version: version, console: context.console) }
        return LoadedSpec(spec: result.spec, document: version.document, version: version, detached: result.detached,
                          detachedReasons: result.detachedReasons)
    }
}
