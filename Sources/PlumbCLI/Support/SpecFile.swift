import FoundationEssentials
import Glibc
import LayoutSpec

/// Reads spec files from disk (or `-` for stdin) into validated specs; `bytes` reads the other
/// JSON inputs (Figma files) the same way. (All go through `FileSystem.read`, as bundles do.)
enum SpecFile {
    /// Largest spec file accepted, in bytes.
    static let maxBytes = 256 << 20

    /// What a command reads: `expected` names it in messages where a folder or a write-only
    /// descriptor was given ("a spec file"); `maxBytes` is its size limit.
    struct Kind {
        var expected: String
        var maxBytes: Int

        static let spec = Kind(expected: "a spec file", maxBytes: SpecFile.maxBytes)
    }

    static func read(_ path: String, context: Context) throws -> Spec {
        let bytes = try Self.bytes(path, context: context, kind: .spec)
        do {
            return try SpecCodec.decode(consume bytes, file: path == "-" ? "<stdin>" : path)
        } catch {
            throw CLIError.failure(error.description)
        }
    }

    /// The whole file at `path` (relative to the working folder), or stdin for `-`, through
    /// `FileSystem.read`: refused in words when it is missing, a folder, unreadable or larger
    /// than `kind.maxBytes`.
    static func bytes(_ path: String, context: Context, kind: Kind) throws -> [UInt8] {
        try FileSystem.read(path == "-" ? path : context.absolute(path), shown: path, expected: kind.expected, limit: kind.maxBytes)
    }
}
