internal import CICU
import LayoutEngine

/// Owns one ICU line-break iterator (through the `CICU` C target) and remembers its answers:
/// line-break opportunities per UAX #14, per text.
final class LineBreaker {
    private let handle: OpaquePointer
    /// The texts asked about, numbered; `answers[n]` is text n's.
    private let texts = RunTable()
    private var answers: [[LineBreakOpportunity]] = []

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
        let (number, isNew) = texts.index(of: text[...], number: 0)
        if !isNew { return answers[number] }
        if number >= Self.cacheLimit {
            // Start over, numbering this text 0.
            texts.removeAll()
            answers.removeAll(keepingCapacity: true)
            _ = texts.index(of: text[...], number: 0)
        }
        do {
            let found = try find(in: text)
            answers.append(found)
            return found
        } catch {
            // The measurer answers "no opportunities" after a failure; remember that.
            answers.append([])
            throw error
        }
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
