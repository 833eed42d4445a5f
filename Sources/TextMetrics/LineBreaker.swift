import CICU
import LayoutEngine

/// Owns one ICU line-break iterator (through the `CICU` C target) and remembers its answers:
/// line-break opportunities per UAX #14, per text.
final class LineBreaker {
    private let handle: OpaquePointer
    private var cache: [TextRunKey: [LineBreakOpportunity]] = [:]

    /// Texts remembered before the cache starts over, bounding its memory.
    static let cacheLimit = 100_000

    init() throws(TextMetricsError) {
        var error: Int32 = 0
        let breaker = plumb_line_breaker_open(&error)
        try TextMetricsError.checkICU(error, "ubrk_open")
        handle = try TextMetricsError.checkNotNull(breaker, .icu, "ubrk_open", "no iterator returned")
    }

    deinit {
        plumb_line_breaker_close(handle)
    }

    /// Where a line may start in `text`, after the first, ascending; hard breaks (after a
    /// newline) are mandatory. The end of the text is never included. Throws only if ICU fails.
    func opportunities(in text: String) throws(TextMetricsError) -> [LineBreakOpportunity] {
        let key = TextRunKey(borrowing: text[...])
        if let known = cache[key] { return known }
        let found = try find(in: text)
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[TextRunKey(copying: text[...])] = found
        return found
    }

    /// Asks ICU, then maps its UTF-16 offsets back to indices of `text`.
    private func find(in text: String) throws(TextMetricsError) -> [LineBreakOpportunity] {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return [] }
        // There are never more opportunities than code units.
        var offsets = [Int32](repeating: 0, count: units.count)
        var mandatory = [UInt8](repeating: 0, count: units.count)
        var error: Int32 = 0
        let count = units.withUnsafeBufferPointer { unitBuffer in
            plumb_line_breaker_find(
                handle, unitBuffer.baseAddress, Int32(unitBuffer.count),
                &offsets, &mandatory, Int32(offsets.count), &error)
        }
        try TextMetricsError.checkICU(error, "ubrk_setText")
        precondition(count >= 0 && Int(count) <= units.count, "ICU reported \(count) breaks in \(units.count) units")

        var opportunities: [LineBreakOpportunity] = []
        opportunities.reserveCapacity(Int(count))
        var next = 0
        var utf16Offset: Int32 = 0
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex, next < Int(count) {
            if offsets[next] == utf16Offset {
                opportunities.append(LineBreakOpportunity(index: index, isMandatory: mandatory[next] != 0))
                next += 1
            }
            utf16Offset += Int32(UTF16.width(scalars[index]))
            index = scalars.index(after: index)
        }
        return opportunities
    }
}
