import FoundationEssentials
import Glibc

/// Checks on a store's path before SQLite sees it, so that nothing but a real store file is
/// ever opened (SQLite would take an empty or 1-byte file, or `/dev/null`, for a new empty
/// database and write beside it), and every refusal says what is wrong in words.
enum StoreFile {
    /// The smallest SQLite database file (one page of the smallest page size).
    static let minimumSize = 512

    /// Throws unless `path` is a regular file that can hold a store.
    static func checkExisting(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isFolder = false
            if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder {
                throw StoreError.missingFolder(path: path, folder: folder)
            }
            throw StoreError.noStoreFile(path)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw StoreError.folderWithoutStore(path)
        default: throw StoreError.notRegularFile(path)
        }
        // The committed pages may still sit in the write-ahead log after a kill (asked only of
        // a file too small without them: every command opens a store).
        var wal = stat()
        if Int(info.st_size) < minimumSize && (stat(path + "-wal", &wal) != 0 || wal.st_size == 0) {
            throw StoreError.tooSmall(path: path, bytes: Int(info.st_size))
        }
    }

    /// Throws unless a new store can be made at `path`: nothing there, its folder present.
    static func checkNew(_ path: String) throws {
        var info = stat()
        if lstat(path, &info) == 0 { throw StoreError.alreadyExists(path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else {
            throw StoreError.missingFolder(path: path, folder: folder)
        }
    }

    /// A fresh name beside `path` for building a store before it is put in place.
    static func temporaryName(beside path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = ".\(url.lastPathComponent).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Removes a database file and the files SQLite keeps beside it.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Moves a finished store file into place; refuses when something appeared there meanwhile.
    static func publish(_ temporary: String, as path: String) throws {
        guard link(temporary, path) == 0 else {
            let code = errno
            if code == EEXIST { throw StoreError.alreadyExists(path) }
            throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(code)))
        }
        unlink(temporary)
    }

    /// True when something (a file, a folder) is at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// True when this process may write the file and its folder (where SQLite keeps the
    /// write-ahead log).
    static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0 && access(URL(fileURLWithPath: path).deletingLastPathComponent().path, W_OK) == 0
    }
}
