import Glibc
import Raster

/// `plumb-raster`: SVG to PNG or PDF, run by `plumb` beside itself (HelperProgram) so that
/// librsvg, cairo, pango and glib are loaded only by the commands that draw pictures, not by
/// every `plumb` start (issue 35).
///
///     plumb-raster png SCALE INPUT.svg OUTPUT.png
///     plumb-raster pdf INPUT.svg OUTPUT.pdf
///
/// Files in and out (plumb makes them in a private folder); a failure is one line on stderr and
/// exit status 1, a wrong call is a usage line and exit status 64 (as plumb's usage errors).

/// Says `message` on stderr and ends with `status`.
func fail(_ message: String, status: Int32) -> Never {
    let line = Array("plumb-raster: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

let usage = "usage: plumb-raster png SCALE INPUT.svg OUTPUT.png | plumb-raster pdf INPUT.svg OUTPUT.pdf"

/// The whole file at `path`, or a failure in words.
func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fail("cannot read \(path): \(String(cString: strerror(errno)))", status: 1) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    if ferror(file) != 0 { fail("cannot read \(path)", status: 1) }
    return bytes
}

/// Writes all of `bytes` to `path`, or fails in words.
func writeFile(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { fail("cannot write \(path): \(String(cString: strerror(errno)))", status: 1) }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    if written != bytes.count || fclose(file) != 0 { fail("cannot write \(path)", status: 1) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let svg: String
let output: String
let picture: [UInt8]
do {
    switch arguments.first {
    case "png":
        guard arguments.count == 4 else { fail(usage, status: 64) }
        guard let scale = Double(arguments[1]), scale.isFinite, scale > 0 else {
            fail("the scale must be a positive number (got \(arguments[1]))", status: 64)
        }
        svg = String(decoding: readFile(arguments[2]), as: UTF8.self)
        output = arguments[3]
        picture = try Rasterizer.png(svg, scale: scale)
    case "pdf":
        guard arguments.count == 3 else { fail(usage, status: 64) }
        svg = String(decoding: readFile(arguments[1]), as: UTF8.self)
        output = arguments[2]
        picture = try Rasterizer.pdf(svg)
    default:
        fail(usage, status: 64)
    }
} catch {
    fail(error.description, status: 1)
}
writeFile(picture, to: output)
