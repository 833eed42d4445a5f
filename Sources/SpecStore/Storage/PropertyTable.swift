import LayoutSpec
import SpecSync

/// The table of property names a storage blob (`ChangeBlock`, `HeadChunk`) starts with, after
/// its format byte: entries name a property by its index in the table, in the order first used
/// when the blob is written.
struct PropertyTable {
    private(set) var properties: [Property] = []
    /// Each property's index by its `position`, `-1` until first used: looked up once an entry,
    /// so an array, not a hash.
    private var codes = [Int](repeating: -1, count: Property.count)

    init() {}

    /// The index of `property`, added to the table on first use.
    mutating func code(for property: Property) -> Int {
        let known = codes[property.position]
        if known >= 0 { return known }
        codes[property.position] = properties.count
        properties.append(property)
        return properties.count - 1
    }

    /// The blob's start: `format`, then the table.
    func writeHeader(format: UInt8, to out: inout BinaryWriter) {
        out.raw([format])
        out.varint(properties.count)
        for property in properties { out.string(property.rawValue) }
    }

    /// The table after a format byte equal to `format`; `nil` when the start is malformed or
    /// names a property this build does not know.
    static func readHeader(format: UInt8, from reader: inout BinaryReader) -> [Property]? {
        guard let found = reader.take(1)?.first, found == format,
              let count = reader.count(atMost: reader.remaining) else { return nil }
        var properties: [Property] = []
        properties.reserveCapacity(count)
        for _ in 0..<count {
            guard let name = reader.string(), let property = Property.named(name) else { return nil }
            properties.append(property)
        }
        return properties
    }
}
