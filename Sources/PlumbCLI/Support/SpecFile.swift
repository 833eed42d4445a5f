import Foundation
import LayoutSpec

/// Reads spec files from disk (or `-` for stdin) into validated specs.
enum SpecFile {
    /// Largest spec file accepted, in bytes.
    static let maxBytes = 256 << 20

    static func read(_ path: String, context: Context) throws -> Spec {
        let bytes: [UInt8]
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            let absolute = context.absolute(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw CLIError.failure("\(path): no such file")
            }
            guard !isDirectory.boolValue else { throw CLIError.failure("\(path): is a folder, expected a spec file") }
            let size = (try? FileManager.default.attributesOfItem(atPath: absolute)[.size] as? Int) ?? 0
            guard size <= maxBytes else { throw CLIError.failure("\(path): \(size) bytes is larger than the \(maxBytes >> 20) MiB a spec may be") }
            guard let data = FileManager.default.contents(atPath: absolute) else { throw CLIError.failure("\(path): cannot read") }
            bytes = Array(data)
        }
        guard bytes.count <= maxBytes else { throw CLIError.failure("\(path): larger than the \(maxBytes >> 20) MiB a spec may be") }
        do {
            return try SpecCodec.decode(bytes, file: path == "-" ? "<stdin>" : path)
        } catch {
            throw CLIError.failure(error.description)
        }
    }
}
