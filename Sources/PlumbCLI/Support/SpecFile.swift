import Foundation
import LayoutSpec

/// Reads spec files from disk (or `-` for stdin) into validated specs; `bytes` is the one
/// reader of whole input files for every command (specs, Figma files).
enum SpecFile {
    /// Largest spec file accepted, in bytes.
    static let maxBytes = 256 << 20

    /// What a command reads, in its messages: `expected` names it where a folder was given
    /// ("a spec file"), `limited` where it is too large ("a spec" may be 256 MiB).
    struct Kind {
        var expected: String
        var limited: String
        var maxBytes: Int

        static let spec = Kind(expected: "a spec file", limited: "a spec", maxBytes: SpecFile.maxBytes)
    }

    static func read(_ path: String, context: Context) throws -> Spec {
        let bytes = try Self.bytes(path, context: context, kind: .spec)
        do {
            return try SpecCodec.decode(bytes, file: path == "-" ? "<stdin>" : path)
        } catch {
            throw CLIError.failure(error.description)
        }
    }

    /// The whole file at `path` (relative to the working folder), or stdin for `-`: refused
    /// with a message in words when it is missing, a folder, unreadable or larger than
    /// `kind.maxBytes`.
    static func bytes(_ path: String, context: Context, kind: Kind) throws -> [UInt8] {
        let bytes: [UInt8]
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            let absolute = context.absolute(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw CLIError.failure("\(path): no such file")
            }
            guard !isDirectory.boolValue else { throw CLIError.failure("\(path): is a folder, expected \(kind.expected)") }
            let size = (try? FileManager.default.attributesOfItem(atPath: absolute)[.size] as? Int) ?? 0
            guard size <= kind.maxBytes else {
                throw CLIError.failure("\(path): \(size) bytes is larger than the \(kind.maxBytes >> 20) MiB \(kind.limited) may be")
            }
            guard let data = FileManager.default.contents(atPath: absolute) else { throw CLIError.failure("\(path): cannot read") }
            bytes = Array(data)
        }
        guard bytes.count <= kind.maxBytes else {
            throw CLIError.failure("\(path == "-" ? "<stdin>" : path): larger than the \(kind.maxBytes >> 20) MiB \(kind.limited) may be")
        }
        return bytes
    }
}
