/// A hybrid logical clock reading: 48 bits of Unix milliseconds, 16 bits of counter.
///
/// Ordered like the number it packs into, so a later reading always compares greater.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public init(milliseconds: UInt64, counter: UInt16) {
        rawValue = (milliseconds & 0xFFFF_FFFF_FFFF) << 16 | UInt64(counter)
    }

    /// The wall-clock part, Unix milliseconds.
    public var milliseconds: UInt64 { rawValue >> 16 }
    /// The logical part.
    public var counter: UInt16 { UInt16(truncatingIfNeeded: rawValue) }

    public static let zero = Timestamp(rawValue: 0)

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "\(milliseconds).\(counter)" }
}

/// A hybrid logical clock (Kulkarni et al. 2014): readings follow the wall clock when it moves
/// forward and never go backwards, and `receive` moves the clock past every reading seen, so
/// an edit made after seeing another always carries a greater timestamp.
public struct HybridLogicalClock: Sendable {
    /// The last reading issued or received.
    public private(set) var last: Timestamp

    public init(last: Timestamp = .zero) { self.last = last }

    /// A new reading greater than every reading seen so far.
    /// - Parameter now: the wall clock, Unix milliseconds.
    public mutating func tick(now: UInt64) -> Timestamp {
        if now > last.milliseconds {
            last = Timestamp(milliseconds: now, counter: 0)
        } else if last.counter < UInt16.max {
            last = Timestamp(milliseconds: last.milliseconds, counter: last.counter + 1)
        } else {
            last = Timestamp(milliseconds: last.milliseconds + 1, counter: 0)
        }
        return last
    }

    /// Moves the clock past a reading from elsewhere.
    /// - Throws: `ClockSkewError` when `remote` is more than `maxSkew` ms ahead of `now`, so a
    ///   machine with a wrong clock cannot win every later merge.
    public mutating func receive(_ remote: Timestamp, now: UInt64, maxSkew: UInt64) throws(ClockSkewError) {
        if remote.milliseconds > now &+ maxSkew {
            throw ClockSkewError(remote: remote, now: now, maxSkew: maxSkew)
        }
        if remote > last { last = remote }
    }
}

/// A clock reading too far ahead of the local wall clock.
public struct ClockSkewError: Error, Sendable, Equatable {
    public let remote: Timestamp
    public let now: UInt64
    public let maxSkew: UInt64

    /// How far ahead, in milliseconds.
    public var ahead: UInt64 { remote.milliseconds - now }
}
