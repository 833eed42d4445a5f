/// The fuzzer's bytes, read as a stream of small decisions (a structure-aware generator):
/// past the end every read is 0, so any input makes a valid, finite decision sequence.
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: size)
    }

    public var isAtEnd: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// A number in `0..<count` (0 when `count` ≤ 1).
    public mutating func below(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        let wide = Int(byte()) << 8 | Int(byte())
        return wide % count
    }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    public mutating func chance(_ percent: Int) -> Bool { Int(byte()) * 100 < percent * 256 }
}
