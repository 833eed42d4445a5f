import LayoutSpec
import SpecSync

/// A commit version's own changes as one blob (`version_changes.changes`): what the store keeps
/// instead of a row per change. The version row holds the site, the seq range and the clock, so
/// the blob holds only what differs between changes, grouped in runs of one view:
///
/// ```
/// format (1)                                  a byte
/// property count, then each property's name   varint, strings
/// run count                                   varint
/// per run: view, change count                 string, varint
///   per change: property index, value         varint, varint (0 = unset, else byte count + 1) + bytes
/// ```
///
/// Strings are a varint byte count and UTF-8 bytes (`BinaryWriter`). Changes come in seq order;
/// the blob is stored zstd-compressed (`Compression`), about one byte a change for an apply.
package enum ChangeBlock {
    static let format: UInt8 = 1

    /// The blob of `changes` (one version's, in seq order). Measured first, then written into
    /// one buffer of its size: a version of millions of changes is not written twice over.
    package static func encode<Changes: RandomAccessCollection<Change>>(_ changes: Changes) -> [UInt8] where Changes.Index == Int {
        var table = PropertyTable()
        var runs = 0
        var bodySize = 0
        for index in changes.indices {
            let change = changes[index]
            if index == changes.startIndex || changes[index - 1].view != change.view {
                var end = index + 1
                while end < changes.endIndex && changes[end].view == change.view { end += 1 }
                runs += 1
                bodySize += varintSize(change.view.utf8.count) + change.view.utf8.count + varintSize(end - index)
            }
            bodySize += varintSize(table.code(for: change.property)) + valueSize(change.value)
        }
        var out = BinaryWriter(capacity: bodySize + table.properties.count * 16 + 16)
        table.writeHeader(format: format, to: &out)
        out.varint(runs)
        var index = changes.startIndex
        while index < changes.endIndex {
            var end = index + 1
            while end < changes.endIndex && changes[end].view == changes[index].view { end += 1 }
            out.string(changes[index].view)
            out.varint(end - index)
            for change in changes[index..<end] {
                out.varint(table.code(for: change.property))
                appendValue(change.value, to: &out)
            }
            index = end
        }
        return out.bytes
    }

    /// The bytes `BinaryWriter.varint` takes for `value`.
    static func varintSize(_ value: Int) -> Int {
        var value = UInt64(value), size = 1
        while value >= 0x80 { value >>= 7; size += 1 }
        return size
    }

    /// The bytes `appendValue` takes for `value`.
    static func valueSize(_ value: String?) -> Int {
        guard let value else { return 1 }
        return varintSize(value.utf8.count + 1) + value.utf8.count
    }

    /// One change as decoded: its offset from the version's first seq, and what it wrote.
    package struct Entry {
        package let offset: Int
        package let view: String
        package let property: Property
        package let value: String?
    }

    /// Calls `body` with each change of a blob, in seq order; `nil` when the blob is malformed,
    /// names a property this build does not know, or does not hold exactly `count` changes.
    /// With `views`, only those views' changes: the other runs are stepped over, their framing
    /// checked, no string made.
    package static func decode(_ bytes: [UInt8], count: Int, views: ViewFilter? = nil, _ body: (Entry) throws -> Void) rethrows -> Bool {
        var reader = BinaryReader(bytes: bytes)
        guard let properties = PropertyTable.readHeader(format: format, from: &reader),
              let runs = reader.count(atMost: reader.remaining) else { return false }
        var offset = 0
        for _ in 0..<runs {
            guard let nameLength = reader.count(atMost: reader.remaining), let name = reader.take(nameLength), !name.contains(0),
                  let length = reader.count(atMost: reader.remaining), offset + length <= count else { return false }
            if let views, !views.contains(name) {
                for _ in 0..<length {
                    guard reader.count(atMost: properties.count - 1) != nil, skipValue(&reader) else { return false }
                }
                offset += length
                continue
            }
            guard let view = String(validatingUTF8Bytes: name) else { return false }
            for _ in 0..<length {
                guard let code = reader.count(atMost: properties.count - 1), let value = readValue(&reader) else { return false }
                try body(Entry(offset: offset, view: view, property: properties[code], value: value))
                offset += 1
            }
        }
        return reader.isAtEnd && offset == count
    }

    /// A value: 0 for unset, else its byte count + 1 and its bytes.
    static func appendValue(_ value: String?, to writer: inout BinaryWriter) {
        guard var value else { writer.varint(0); return }
        value.withUTF8 { bytes in
            writer.varint(bytes.count + 1)
            writer.raw(bytes)
        }
    }

    /// Steps over a value as `appendValue` wrote it, checking its framing only.
    static func skipValue(_ reader: inout BinaryReader) -> Bool {
        guard let tag = reader.count(atMost: reader.remaining + 1) else { return false }
        return tag == 0 || reader.skip(tag - 1)
    }

    /// A value as `appendValue` wrote it (`.some(nil)` for unset); `nil` when malformed.
    static func readValue(_ reader: inout BinaryReader) -> String?? {
        guard let tag = reader.count(atMost: reader.remaining + 1) else { return nil }
        if tag == 0 { return .some(nil) }
        guard let raw = reader.take(tag - 1), !raw.contains(0), let text = String(validatingUTF8Bytes: raw) else { return nil }
        return .some(text)
    }
}
