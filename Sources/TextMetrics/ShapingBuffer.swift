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
}
