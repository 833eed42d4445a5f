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
        if path == "-" {
            if StandardStreams.inputWasClosed {
                throw CLIError.failure("standard input: cannot read: it is closed. Give a file, or pipe one in.")
            }
            return try read(descriptor: STDIN_FILENO, name: "standard input", expected: expected, limit: limit)
        }
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
        try writeAtomically(to: path, shown: shown) { write in try write(bytes) }
    }

    /// Writes what `writing` hands its `write` function, piece by piece, to a temporary file
    /// beside `path`, then renames it into place: a large output is never held whole, and a
    /// failed or abandoned write (`writing` throws) leaves no file behind and the old one as it
    /// was.
    static func writeAtomically(to path: String, shown: String? = nil,
                                writing: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws {
        let name = shown ?? path
        try refuseFolder(path, shown: name)
        var isDirectory = false
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory else {
            throw CLIError.failure("\(name): the folder \(folder) does not exist. Create it first, or write somewhere else.")
        }
        let temporary = folder + "/." + url.lastPathComponent + ".plumb-\(getpid())"
        // 0666 less the umask, as any new file.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw writeFailure(name, errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            try writing { bytes in
                if let code = bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) { throw writeFailure(name, code) }
            }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw writeFailure(name, errno) }
        guard rename(temporary, path) == 0 else { throw writeFailure(name, errno) }
        renamed = true
    }

    /// Writes every byte to `descriptor`; `errno` when it fails (a full disk, a closed
    /// descriptor).
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : EIO }
            done += count
        }
        return nil
    }

    /// A failed write of `name`, in words.
    private static func writeFailure(_ name: String, _ code: Int32) -> CLIError {
        let reason = switch code {
        case EACCES, EPERM: "permission denied. Check the folder's permissions, or write somewhere else."
        case ENOSPC, EDQUOT: "the disk is full. Free some space and try again."
        case EROFS: "the disk is read-only. Write somewhere else."
        default: "cannot write. Check the path and the folder's permissions."
        }
        return CLIError.failure("\(name): \(reason) (\(describe(code)))")
    }

    /// The C library's words for an `errno`.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
