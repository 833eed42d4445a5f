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

    /// Asks ICU, reading `text`'s UTF-8 in place, then turns its byte offsets into indices.
    private func find(in text: String) throws(TextMetricsError) -> [LineBreakOpportunity] {
        var text = text
        let utf8 = text.utf8
        guard !utf8.isEmpty else { return [] }
        // There are never more opportunities than bytes.
        var offsets = [Int32](repeating: 0, count: utf8.count)
        var mandatory = [UInt8](repeating: 0, count: utf8.count)
        var error: Int32 = 0
        let count = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                plumb_line_breaker_find(
                    handle, characters.baseAddress, Int64(characters.count),
                    &offsets, &mandatory, Int32(offsets.count), &error)
            }
        }
        try TextMetricsError.checkICU(error, "ubrk_setUText")
        precondition(count >= 0 && Int(count) <= utf8.count, "ICU reported \(count) breaks in \(utf8.count) bytes")
        var opportunities: [LineBreakOpportunity] = []
        opportunities.reserveCapacity(Int(count))
        for next in 0..<Int(count) {
            opportunities.append(LineBreakOpportunity(
                index: utf8.index(utf8.startIndex, offsetBy: Int(offsets[next])), isMandatory: mandatory[next] != 0))
        }
        return opportunities
    }
}
