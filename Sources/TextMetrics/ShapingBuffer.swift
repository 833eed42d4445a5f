internal import CHarfBuzz

/// Owns one HarfBuzz buffer (`hb_buffer_t`), reused for every run shaped.
final class ShapingBuffer {
    private let handle: OpaquePointer

    init() throws(TextMetricsError) {
        let buffer = try TextMetricsError.checkNotNull(hb_buffer_create(), .harfBuzz, "hb_buffer_create", "out of memory")
        guard hb_buffer_allocation_successful(buffer) != 0 else {
            hb_buffer_destroy(buffer)
            throw TextMetricsError(library: .harfBuzz, function: "hb_buffer_create", message: "out of memory")
        }
        handle = buffer
    }

    deinit {
        hb_buffer_destroy(handle)
    }

    /// Shapes `scalars[run]` with `font` (the rest of `scalars` is context, so shaping at a
    /// font change sees its neighbours) and returns the summed advance in the font's units.
    /// Direction, script and language are guessed from the run; kerning and ligatures apply.
    func advance(of scalars: UnsafeBufferPointer<UInt32>, run: Range<Int>, font: HarfBuzzFont) -> Int {
        hb_buffer_clear_contents(handle)
        hb_buffer_add_codepoints(handle, scalars.baseAddress, Int32(scalars.count), UInt32(run.lowerBound), Int32(run.count))
        hb_buffer_guess_segment_properties(handle)
        hb_shape(font.handle, handle, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(handle, &count) else { return 0 }
        var total = 0
        for position in UnsafeBufferPointer(start: positions, count: Int(count)) {
            total += Int(position.x_advance)
        }
        return total
    }

    /// Shapes `scalars[run]` with `font` as `advance(of:run:font:)` does, calling `glyph` with
    /// each glyph's cluster (the index in `scalars` of its first scalar), advance in the font's
    /// units and whether HarfBuzz flags it unsafe to break before; returns the script HarfBuzz
    /// guessed for the run.
    func shape(_ scalars: UnsafeBufferPointer<UInt32>, run: Range<Int>, font: HarfBuzzFont, glyph: (Int, Int, Bool) -> Void) -> hb_script_t {
        hb_buffer_clear_contents(handle)
        hb_buffer_add_codepoints(handle, scalars.baseAddress, Int32(scalars.count), UInt32(run.lowerBound), Int32(run.count))
        hb_buffer_guess_segment_properties(handle)
        let script = hb_buffer_get_script(handle)
        hb_shape(font.handle, handle, nil, 0)
        var count: UInt32 = 0
        var infoCount: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(handle, &count),
              let infos = hb_buffer_get_glyph_infos(handle, &infoCount), infoCount == count else { return script }
        let unsafeToBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        for index in 0..<Int(count) {
            glyph(Int(infos[index].cluster), Int(positions[index].x_advance), infos[index].mask & unsafeToBreak != 0)
        }
        return script
    }
}
