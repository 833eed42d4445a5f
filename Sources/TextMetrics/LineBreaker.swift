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

    /// Asks ICU about `text`'s UTF-8 (with long runs of marks shortened, see `MarkRuns`), then
    /// turns its byte offsets into indices.
    func find(in text: String, shorteningMarkRuns: Bool = true) throws(TextMetricsError) -> [LineBreakOpportunity] {
        var text = text
        let utf8 = text.utf8
        guard !utf8.isEmpty else { return [] }
        var error: Int32 = 0
        let (count, offsets, mandatory) = text.withUTF8 { bytes in
            if shorteningMarkRuns, let shortened = MarkRuns.shortened(bytes) {
                let (count, offsets, mandatory) = shortened.bytes.withUnsafeBufferPointer { ask($0, &error) }
                return (count, offsets.prefix(max(0, Int(count))).map { shortened.offsets[Int($0)] }, mandatory)
            }
            return ask(bytes, &error)
        }
        try TextMetricsError.checkICU(error, "ubrk_setText")
        var opportunities: [LineBreakOpportunity] = []
        opportunities.reserveCapacity(Int(count))
        for next in 0..<Int(count) {
            opportunities.append(LineBreakOpportunity(
                index: utf8.index(utf8.startIndex, offsetBy: Int(offsets[next])), isMandatory: mandatory[next] != 0))
        }
        return opportunities
    }

    /// ICU's opportunities in `bytes`: their count, byte offsets and mandatory flags.
    private func ask(_ bytes: UnsafeBufferPointer<UInt8>, _ error: inout Int32) -> (Int32, [Int32], [UInt8]) {
        // There are never more opportunities than bytes.
        var offsets = [Int32](repeating: 0, count: bytes.count)
        var mandatory = [UInt8](repeating: 0, count: bytes.count)
        let count = bytes.withMemoryRebound(to: CChar.self) { characters in
            plumb_line_breaker_find(
                handle, characters.baseAddress, Int64(characters.count), &offsets, &mandatory, Int32(offsets.count), &error)
        }
        precondition(count < 0 || Int(count) <= bytes.count, "ICU reported \(count) breaks in \(bytes.count) bytes")
        return (count, offsets, mandatory)
    }
}
