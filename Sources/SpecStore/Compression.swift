import CZstd

/// zstd frames for the store's blobs: each version's packed changes, the head's chunks and
/// snapshots. Commits compress fast (`Level.write`); `plumb gc` recompresses tighter
/// (`Level.compact`), as `git gc` repacks.
///
/// Owns up to one compression and one decompression context (`ZSTD_CCtx`, `ZSTD_DCtx`), reused
/// for every blob: making a context costs more than compressing a small chunk.
package final class Compression {
    package enum Level: Int32 {
        /// While writing: fast, several times smaller than the raw bytes.
        case write = 3
        /// A head chunk, which every commit that touches it writes again and `plumb gc` packs
        /// at `compact`: the fastest level.
        case chunk = 1
        /// `plumb gc`: slower, smaller.
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

    package init() {}

    deinit {
        ZSTD_freeCCtx(madeCompressor)
        ZSTD_freeDCtx(madeDecompressor)
    }

    /// One zstd frame holding `bytes` (its size recorded in the frame header).
    package func compress(_ bytes: [UInt8], level: Level = .write) -> [UInt8] {
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

    /// The `size` bytes (at least one) of one frame that need not record its size; `nil` when
    /// the frame is damaged or does not hold exactly `size` bytes.
    func decompress(_ frame: ArraySlice<UInt8>, size: Int) -> [UInt8]? {
        guard size > 0 else { return nil }
        var written = 0
        // Not zeroed first: zstd writes every byte it reports, and only those are kept.
        let out = [UInt8](unsafeUninitializedCapacity: size) { target, initialized in
            written = frame.withUnsafeBytes { source in
                ZSTD_decompressDCtx(decompressor, target.baseAddress, target.count, source.baseAddress, source.count)
            }
            initialized = ZSTD_isError(written) == 0 ? written : 0
        }
        guard ZSTD_isError(written) == 0, written == size else { return nil }
        return out
    }

    /// The bytes of one frame; `nil` when the frame is damaged, does not record its size, or
    /// would be larger than `limit` bytes (so a hostile blob cannot make us allocate).
    package func decompress(_ frame: [UInt8], limit: Int) -> [UInt8]? {
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
