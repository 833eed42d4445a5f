import Glibc
import CZstd

/// zstd frames for the store's blobs: each version's packed changes, the head's chunks and
/// snapshots. Commits compress fast (`Level.write`); `plumb gc` recompresses tighter
/// (`Level.compact`), as `git gc` repacks.
///
/// Owns up to one compression and one decompression context (`ZSTD_CCtx`, `ZSTD_DCtx`), reused
/// for every blob: making a context costs more than compressing a small chunk.
final class Compression {
    enum Level: Int32 {
        /// While writing: ~300 MB/s here, about 6× smaller than the raw bytes.
        case write = 3
        /// A head chunk, which every commit that touches it writes again and `plumb gc` packs
        /// at `compact`: the fastest level.
        case chunk = 1
        /// A snapshot's text, made on another core and read by every `show` after it: level
        /// 3's frames of such text inflate at half the speed (2.5 against 5.2 GB/s here, by
        /// `zstd -b` on the git comparison's text, which this level makes 2× smaller).
        case text = 9
        /// `plumb gc`: slower, about 8× smaller.
        case compact = 15
    }

    /// Each context is made on first use: a command that reads only inflates, and `plumb log`
    /// does neither (making both cost every start zstd's set-up and four pages of zeroed memory).
    private var madeCompressor: OpaquePointer?
    private var madeDecompressor: OpaquePointer?

    private var compressor: OpaquePointer {
        if let madeCompressor { return madeCompressor }
        guard let context = ZSTD_createCCtx() else { preconditionFailure("zstd could not allocate its contexts") }
        madeCompressor = context
        return context
    }

    private var decompressor: OpaquePointer {
        if let madeDecompressor { return madeDecompressor }
        guard let context = ZSTD_createDCtx() else { preconditionFailure("zstd could not allocate its contexts") }
        madeDecompressor = context
        return context
    }

    deinit {
        ZSTD_freeCCtx(madeCompressor)
        ZSTD_freeDCtx(madeDecompressor)
    }

    /// One zstd frame holding `bytes` (its size recorded in the frame header).
    func compress(_ bytes: [UInt8], level: Level = .write) -> [UInt8] {
        let bound = ZSTD_compressBound(bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let written = out.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { source in
                ZSTD_compressCCtx(compressor, target.baseAddress, bound, source.baseAddress, source.count, level.rawValue)
            }
        }
        // Compression into a buffer of ZSTD_compressBound bytes cannot fail but for misuse.
        precondition(ZSTD_isError(written) == 0, "zstd: \(String(cString: ZSTD_getErrorName(written)))")
        out.removeSubrange(written...)
        return out
    }

    /// One frame of the bytes `produce` hands to its argument, compressed as they come (so the
    /// whole input is never held; the frame does not record its size), and their count. With
    /// `checksum`, the frame ends with one of its content, which every decompression checks.
    func compress(level: Level, checksum: Bool, _ produce: ((ArraySlice<UInt8>) -> Void) -> Void) -> (frame: [UInt8], count: Int) {
        ZSTD_CCtx_reset(compressor, ZSTD_reset_session_only)
        ZSTD_CCtx_setParameter(compressor, ZSTD_c_compressionLevel, level.rawValue)
        ZSTD_CCtx_setParameter(compressor, ZSTD_c_checksumFlag, checksum ? 1 : 0)
        var frame: [UInt8] = [], count = 0
        var buffer = [UInt8](repeating: 0, count: ZSTD_CStreamOutSize())
        func pump(_ input: UnsafeRawBufferPointer, end: Bool) {
            var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            var finished = false
            while !finished {
                buffer.withUnsafeMutableBytes { target in
                    var sink = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                    let left = ZSTD_compressStream2(compressor, &sink, &source, end ? ZSTD_e_end : ZSTD_e_continue)
                    precondition(ZSTD_isError(left) == 0, "zstd: \(String(cString: ZSTD_getErrorName(left)))")
                    frame.append(contentsOf: target[..<sink.pos])
                    finished = end ? left == 0 : source.pos == source.size
                }
            }
        }
        produce { piece in
            count += piece.count
            piece.withUnsafeBytes { pump($0, end: false) }
        }
        pump(UnsafeRawBufferPointer(start: nil, count: 0), end: true)
        return (frame, count)
    }

    /// The `size` bytes (at least one) of one frame that need not record its size; `nil` when
    /// the frame is damaged or does not hold exactly `size` bytes.
    func decompress(_ frame: ArraySlice<UInt8>, size: Int) -> [UInt8]? {
        guard size > 0 else { return nil }
        var written = 0
        // Not zeroed first: zstd writes every byte it reports, and only those are kept.
        let out = [UInt8](unsafeUninitializedCapacity: size) { target, initialized in
            Compression.populate(target, size)
            written = frame.withUnsafeBytes { source in
                ZSTD_decompressDCtx(decompressor, target.baseAddress, target.count, source.baseAddress, source.count)
            }
            initialized = ZSTD_isError(written) == 0 ? written : 0
        }
        guard ZSTD_isError(written) == 0, written == size else { return nil }
        return out
    }

    /// Has the system give a large buffer all its pages at once, before zstd writes them: a
    /// snapshot's text (a megabyte for 10,000 views) otherwise took a fault a page, and its read
    /// 0.1 ms more (`plumb show doc@101` in the git comparison, by turns). Where the system does
    /// not know the request (before Linux 5.14), the pages come as they are written.
    private static func populate(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ size: Int) {
        // At most 64 MB: a frame's header states its size, and one that lies must not make
        // the system commit memory before zstd finds it out.
        guard size >= 1 << 18, let base = buffer.baseAddress else { return }
        let size = min(size, 1 << 26)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1), end = (Int(bitPattern: base) + size) & ~(page - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_POPULATE_WRITE)
    }

    /// The bytes of one frame; `nil` when the frame is damaged, does not record its size, or
    /// would be larger than `limit` bytes (so a hostile blob cannot make us allocate).
    func decompress(_ frame: [UInt8], limit: Int) -> [UInt8]? {
        let size = frame.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
        // ZSTD_CONTENTSIZE_UNKNOWN and _ERROR are the two largest values.
        guard limit >= 0, size < UInt64.max - 1, size <= UInt64(limit) else { return nil }
        guard size > 0 else {
            // An empty frame, still checked whole. Not through the initializer below: an array
            // of no capacity is the one shared empty storage, which it would write its count into
            // from every thread at once.
            let result = frame.withUnsafeBytes { ZSTD_decompressDCtx(decompressor, nil, 0, $0.baseAddress, $0.count) }
            return ZSTD_isError(result) == 0 && result == 0 ? [] : nil
        }
        return decompress(frame[...], size: Int(size))
    }
}
