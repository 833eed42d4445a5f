import FoundationEssentials
import Glibc

/// Whole-file reads and writes for commands, with messages in words.
///
/// Reads go through `read(2)` with the size limit enforced while reading: Foundation's
/// `FileHandle.readDataToEndOfFile()` traps on a closed or write-only standard input and reads
/// everything before any limit can be checked.
enum FileSystem {
    /// Reads the file at `path`, or standard input for `-`, refusing more than `limit` bytes.
    /// `shown` names the input in messages (the path as the user wrote it), `expected` what
    /// should have been given.
    static func read(_ path: String, shown: String? = nil, expected: String, limit: Int) throws -> [UInt8] {
        let name = shown ?? path
        if path == "-" { return try read(descriptor: STDIN_FILENO, name: "standard input", expected: expected, limit: limit) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw CLIError.failure("\(name): no such file. Check the path.")
            case EACCES: throw CLIError.failure("\(name): permission denied. Check the file's permissions.")
            default: throw CLIError.failure("\(name): cannot open (\(describe(code))).")
            }
        }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, name: name, expected: expected, limit: limit)
    }

    /// Reads `descriptor` to its end, at most `limit` bytes, in chunks (never the whole input
    /// first: a gigabyte on a pipe costs at most `limit` bytes of memory).
    static func read(descriptor: Int32, name: String, expected: String, limit: Int) throws -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw CLIError.failure("\(name): cannot read: it is closed (\(describe(errno))). Give a file, or pipe one in.")
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw CLIError.failure("\(name): is a folder, expected \(expected). Give the path of a file inside it.")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 && flags & O_ACCMODE == O_WRONLY {
            throw CLIError.failure("\(name): is open for writing only, so it cannot be read. Give a file, or pipe one in.")
        }
        if status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) > limit {
            throw CLIError.failure("\(name): \(status.st_size) bytes is larger than the \(limit >> 20) MiB allowed. Split it into smaller files.")
        }
        var bytes: [UInt8] = []
        if status.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw CLIError.failure("\(name): cannot read (\(describe(errno))).")
            }
            guard bytes.count + count <= limit else {
                throw CLIError.failure("\(name): larger than the \(limit >> 20) MiB allowed. Split it into smaller files.")
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Refuses a folder where a file is to be written, in words (`shown` is the path as given).
    static func refuseFolder(_ path: String, shown: String) throws(CLIError) {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory {
            throw CLIError.failure("\(shown): is a folder. Give a file name, for example \(shown.hasSuffix("/") ? shown : shown + "/")out.json.")
        }
    }

    /// Writes to a temporary file beside `path`, then renames it: never a half-written file.
    static func writeAtomically(_ bytes: [UInt8], to path: String, shown: String? = nil) throws {
        let name = shown ?? path
        try refuseFolder(path, shown: name)
        var isDirectory = false
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory else {
            throw CLIError.failure("\(name): the folder \(folder) does not exist. Create it first, or write somewhere else.")
        }
        do {
            // The bytes are handed to `Data` without a copy (a frames file of 100,000 views is 9.5 MB).
            try bytes.withUnsafeBytes { buffer in
                let data = buffer.baseAddress.map { Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: buffer.count, deallocator: .none) } ?? Data()
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        } catch {
            let reason: String
            let code = (error as? CocoaError)?.code
            switch code {
            case .fileWriteNoPermission?: reason = "permission denied. Check the folder's permissions, or write somewhere else."
            case .fileWriteOutOfSpace?: reason = "the disk is full. Free some space and try again."
            case .fileWriteVolumeReadOnly?: reason = "the disk is read-only. Write somewhere else."
            default: reason = "cannot write. Check the path and the folder's permissions."
            }
            throw CLIError.failure("\(name): \(reason) (\(code.map { "file error \($0.rawValue)" } ?? String(describing: error)))")
        }
    }

    /// The C library's words for an `errno`.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
