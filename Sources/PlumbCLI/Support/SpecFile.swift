import Foundation
import LayoutSpec

/// Reads spec files from disk (or `-` for stdin) into validated specs.
enum SpecFile {
    /// Largest spec file accepted, in bytes.
    static let maxBytes = 256 << 20

    static func read(_ path: String, context: Context) throws -> Spec {
        let bytes = try FileSystem.read(path == "-" ? path : context.absolute(path), shown: path, limit: maxBytes)
        do {
            return try SpecCodec.decode(bytes, file: path == "-" ? "<stdin>" : path)
        } catch {
            throw CLIError.failure(error.description)
        }
    }
}
