/// SHA-256 (FIPS 180-4), for version ids and bundle checksums. Streams: bytes are compressed
/// block by block as they arrive, so hashing a version's changes never builds one big buffer.
public struct SHA256: Sendable {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    /// Bytes not yet compressed: the first `pendingCount` of a 64-byte block.
    private var pending = [UInt8](repeating: 0, count: 64)
    private var pendingCount = 0
    private var length: UInt64 = 0

    public init() {}

    /// The 32-byte digest of `message`.
    public static func hash(_ message: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(message)
        return hasher.finish()
    }

    /// Appends bytes to the message.
    public mutating func update(_ bytes: some Collection<UInt8>) {
        if let done = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) { return done }
        for byte in bytes { update(byte: byte) }
    }

    /// Appends the bytes of a buffer: whole blocks are compressed in place.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        length &+= UInt64(buffer.count)
        var offset = 0
        if pendingCount > 0 {
            let take = min(64 - pendingCount, buffer.count)
            for index in 0..<take { pending[pendingCount + index] = buffer[index] }
            pendingCount += take
            offset = take
            guard pendingCount == 64 else { return }
            pending.withUnsafeBytes { compress($0) }
            pendingCount = 0
        }
        while buffer.count - offset >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + 64]))
            offset += 64
        }
        for index in offset..<buffer.count { pending[pendingCount] = buffer[index]; pendingCount += 1 }
    }

    /// Appends one byte.
    public mutating func update(byte: UInt8) {
        length &+= 1
        pending[pendingCount] = byte
        pendingCount += 1
        if pendingCount == 64 {
            pending.withUnsafeBytes { compress($0) }
            pendingCount = 0
        }
    }

    /// Pads the message and returns its digest.
    public mutating func finish() -> [UInt8] {
        let bitLength = length &* 8
        var tail = Array(pending[0..<pendingCount])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBytes { bytes in
            for block in stride(from: 0, to: bytes.count, by: 64) { compress(UnsafeRawBufferPointer(rebasing: bytes[block..<block + 64])) }
        }
        pendingCount = 0
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 { w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self)) }
            for t in 16..<64 {
                let s0 = Self.rotate(w[t - 15], 7) ^ Self.rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = Self.rotate(w[t - 2], 17) ^ Self.rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            // Eight rounds per pass, each naming the working variables in their rotated order,
            // so that no round moves all eight (FIPS 180-4 §6.2.2 step 3, unrolled by eight).
            Self.k.withUnsafeBufferPointer { k in
                for t in stride(from: 0, to: 64, by: 8) {
                    Self.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                    Self.round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
                    Self.round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
                    Self.round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
                    Self.round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
                    Self.round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
                    Self.round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
                    Self.round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
                }
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }

    /// One round: `h` becomes the new `a` and `d` the new `e`; the caller renames the rest.
    @inline(__always)
    private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
                              _ h: inout UInt32, _ constantAndWord: UInt32) {
        let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
        let choice = (e & f) ^ (~e & g)
        let temp1 = h &+ s1 &+ choice &+ constantAndWord
        let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        d = d &+ temp1
        h = temp1 &+ s0 &+ majority
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
