/// Numbers the runs of text the measurer has seen: (a number, such as a font's, and the
/// run's UTF-8 bytes, compared byte for byte) → a dense index 0, 1, 2 … in order of first
/// sight, for the caches to keep their answers in plain arrays.
///
/// The measurer asks about 25 width questions per label and most are repeats, so this lookup
/// is the hot path. A `Dictionary` keyed by strings pays SipHash's setup on every question, a
/// `String` allocation per new key, and exclusivity and uniqueness checks on every access;
/// this table is open addressing with linear probing in memory it owns, keys' bytes appended
/// to one arena, hashed eight bytes at a time with a multiply-and-mix hash (fast, not
/// collision-resistant: fine for a cache of one process's own text).
///
/// Not thread-safe, like the measurer that owns it.
final class RunTable {
    /// One slot: `hash` 0 marks it empty.
    private struct Slot {
        var hash: UInt64
        var number: Int
        var start: Int
        var length: Int
        var index: Int
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var capacity: Int
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCount = 0
    private var arenaCapacity: Int
    /// Runs numbered so far.
    private(set) var count = 0

    init() {
        capacity = 1024
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, number: 0, start: 0, length: 0, index: 0), count: capacity)
        arenaCapacity = 1 << 16
        arena = .allocate(capacity: arenaCapacity)
    }

    deinit {
        slots.deallocate()
        arena.deallocate()
    }

    /// The index of `text` under `number`, and whether it was numbered just now.
    func index(of text: Substring, number: Int) -> (index: Int, isNew: Bool) {
        if let found = text.utf8.withContiguousStorageIfAvailable({ index(of: UnsafeRawBufferPointer($0), number: number) }) {
            return found
        }
        // Not contiguous (rare): the same bytes, copied.
        return Array(text.utf8).withUnsafeBytes { index(of: $0, number: number) }
    }

    /// The index of the run `bytes` under `number`, and whether it was numbered just now.
    func index(of bytes: UnsafeRawBufferPointer, number: Int) -> (index: Int, isNew: Bool) {
        let hash = Self.hash(bytes, number: number)
        let mask = capacity - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while slots[position].hash != 0 {
            let slot = slots[position]
            if slot.hash == hash, slot.number == number, slot.length == bytes.count,
               Self.sameBytes(UnsafeRawBufferPointer(start: arena + slot.start, count: slot.length), bytes) {
                return (slot.index, false)
            }
            position = (position + 1) & mask
        }
        if 2 * (count + 1) > capacity {
            grow()
            position = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[position].hash != 0 { position = (position + 1) & (capacity - 1) }
        }
        let start = append(bytes)
        slots[position] = Slot(hash: hash, number: number, start: start, length: bytes.count, index: count)
        count += 1
        return (count - 1, true)
    }

    /// Forgets every run (indices start again at 0), keeping the memory.
    func removeAll() {
        for position in 0..<capacity { slots[position].hash = 0 }
        arenaCount = 0
        count = 0
    }

    /// Copies `bytes` to the end of the arena; returns where they start.
    private func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        if arenaCount + bytes.count > arenaCapacity {
            var newCapacity = arenaCapacity * 2
            while arenaCount + bytes.count > newCapacity { newCapacity *= 2 }
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            bigger.update(from: arena, count: arenaCount)
            arena.deallocate()
            arena = bigger
            arenaCapacity = newCapacity
        }
        let start = arenaCount
        if let base = bytes.baseAddress { (arena + start).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        arenaCount += bytes.count
        return start
    }

    /// Doubles the table, placing every slot again by its stored hash.
    private func grow() {
        let old = slots, oldCapacity = capacity
        capacity *= 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, number: 0, start: 0, length: 0, index: 0), count: capacity)
        let mask = capacity - 1
        for position in 0..<oldCapacity where old[position].hash != 0 {
            var target = Int(truncatingIfNeeded: old[position].hash) & mask
            while slots[target].hash != 0 { target = (target + 1) & mask }
            slots[target] = old[position]
        }
        old.deallocate()
    }

    /// A 64-bit hash of the bytes and the number, never 0: eight bytes at a time, each word
    /// mixed in with a multiply and a shift (SplitMix-style), then finalised.
    static func hash(_ bytes: UnsafeRawBufferPointer, number: Int) -> UInt64 {
        var hash = 0x9E37_79B9_7F4A_7C15 ^ (UInt64(bytes.count) &* 0xFF51_AFD7_ED55_8CCD) ^ UInt64(truncatingIfNeeded: number)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 29
        }
        hash = (hash ^ (hash >> 32)) &* 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return hash == 0 ? 1 : hash
    }

    /// Byte equality of two buffers of equal length, eight bytes at a time.
    private static func sameBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        var offset = 0
        while offset + 8 <= count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < count {
            if left[offset] != right[offset] { return false }
            offset += 1
        }
        return true
    }
}
