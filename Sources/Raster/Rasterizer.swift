import CRaster
import Threading

/// SVG to PNG and PDF with librsvg (a real SVG renderer, drawing text through Pango with the
/// installed fonts) and cairo.
///
/// librsvg and fontconfig are used from one thread at a time: calls are serialised.
public enum Rasterizer {
    /// A PNG of `svg` at `scale` pixels per SVG unit (per point, for Plumb's pictures).
    public static func png(_ svg: String, scale: Double) throws(RasterError) -> [UInt8] {
        try convert(svg) { text, length, bytes, count, error in
            plumb_svg_to_png(text, length, scale, bytes, count, error)
        }
    }

    /// A one-page PDF of `svg`, one SVG unit per PDF point.
    public static func pdf(_ svg: String) throws(RasterError) -> [UInt8] {
        try convert(svg) { text, length, bytes, count, error in
            plumb_svg_to_pdf(text, length, bytes, count, error)
        }
    }

    /// A PNG's size in pixels and the colour of one of its pixels (straight RGBA, 0–255), read
    /// back with cairo: for checking what was drawn.
    public static func inspectPNG(_ png: [UInt8], x: Int, y: Int) throws(RasterError) -> (width: Int, height: Int, rgba: [UInt8]) {
        var width: Int32 = 0, height: Int32 = 0
        var rgba = [UInt8](repeating: 0, count: 4)
        var message: UnsafeMutablePointer<CChar>?
        let status = lock.withLock {
            png.withUnsafeBufferPointer { bytes in
                rgba.withUnsafeMutableBufferPointer { pixel in
                    plumb_png_inspect(bytes.baseAddress, bytes.count, Int32(clamping: x), Int32(clamping: y), &width, &height, pixel.baseAddress, &message)
                }
            }
        }
        defer { plumb_raster_free(message) }
        guard status == 0 else { throw RasterError(message: message.map { String(cString: $0) } ?? "cannot read the PNG") }
        return (Int(width), Int(height), rgba)
    }

    private static let lock = Lock()

    private static func convert(
        _ svg: String,
        _ body: (UnsafePointer<CChar>, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                 UnsafeMutablePointer<Int>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32
    ) throws(RasterError) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message: UnsafeMutablePointer<CChar>?
        let status = lock.withLock {
            svg.withCString { text in body(text, svg.utf8.count, &bytes, &count, &message) }
        }
        defer {
            plumb_raster_free(bytes)
            plumb_raster_free(message)
        }
        guard status == 0, let bytes else {
            throw RasterError(message: message.map { String(cString: $0) } ?? "the rasteriser failed")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}

/// The rasteriser could not draw a picture: why, in words.
public struct RasterError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public var description: String { message }
}
