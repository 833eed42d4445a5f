import FoundationEssentials
import Glibc
import Pictures

/// `-o FILE`: where a command writes, and the format the file's extension asks for.
///
/// The extension picks the format everywhere (`.svg`, `.png`, `.pdf`, `.json`, and `.html` or
/// `.txt` where a command has them); an extension the command cannot write is a usage error,
/// never a file in another format under a misleading name. `-o -` is stdout.
struct OutputFile {
    /// A format a file can be written in, named by its extension.
    enum Format: String, CaseIterable {
        case svg, png, pdf, json, html, txt

        /// `.svg`, for messages.
        var dotted: String { "." + rawValue }
    }

    /// The path as given, or nil for stdout.
    let path: String?
    /// The format the extension names; nil for stdout.
    let format: Format?

    /// Reads `-o`. `allowed` are the formats the command writes; a folder is refused first (it
    /// has no extension to pick a format by, but that is not what is wrong).
    static func parse(_ arguments: ParsedArguments, allowed: [Format], spec: CommandSpec, context: Context) throws(CLIError) -> OutputFile {
        guard let path = arguments.value("-o"), path != "-" else { return OutputFile(path: nil, format: nil) }
        try FileSystem.refuseFolder(context.absolute(path), shown: path)
        let written = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard let format = Format(rawValue: written), allowed.contains(format) else {
            let names = allowed.map(\.dotted)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            let got = written.isEmpty ? "no extension" : ".\(written)"
            throw CLIError.usage("-o \(path): the extension picks the format, and \(spec.name) writes \(list) (got \(got))", command: spec)
        }
        return OutputFile(path: path, format: format)
    }

    /// Writes the whole file or nothing (a temporary file renamed into place); a folder, a
    /// missing folder or a refused write is said in words.
    static func write(_ bytes: [UInt8], to path: String, context: Context) throws {
        try FileSystem.writeAtomically(bytes, to: context.absolute(path), shown: path)
    }

    static func write(_ text: String, to path: String, context: Context) throws {
        try write(Array(text.utf8), to: path, context: context)
    }

    /// Writes `svg` in `format`: as it is, or rasterised to PNG at `scale` pixels per point
    /// (1 when nil), or drawn into a PDF, by `plumb-raster` (a separate program, so that `plumb`
    /// does not load librsvg and cairo at every start).
    static func picture(_ svg: String, as format: Format, scale: Double?) throws -> [UInt8] {
        guard format == .png || format == .pdf else { return Array(svg.utf8) }
        let raster = try HelperProgram.beside("plumb-raster")
        return try withPrivateFolder { folder in
            let input = folder + "/picture.svg", output = folder + "/picture." + format.rawValue
            try FileSystem.writeAtomically(Array(svg.utf8), to: input)
            do {
                switch format {
                case .png: try raster.run(["png", String(scale ?? 1), input, output])
                default: try raster.run(["pdf", input, output])
                }
            } catch {
                throw CLIError.failure("cannot draw the \(format.rawValue.uppercased()): \(error)")
            }
            return try FileSystem.read(output, expected: "a \(format.rawValue.uppercased()) from plumb-raster", limit: Int.max)
        }
    }

    /// Sends UTF-8 to the file, or to stdout when there is none; a failed write is an error.
    func emit(bytes: [UInt8], context: Context) throws {
        try emit(context: context) { write in try write(bytes) }
    }

    /// Sends UTF-8 made in pieces (each ending on a whole character) to the file, written
    /// whole or not at all, or to stdout as each piece is made: a large output is never held
    /// whole.
    func emit(context: Context, writing: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws {
        if let path {
            try FileSystem.writeAtomically(to: context.absolute(path), shown: path, writing: writing)
        } else {
            try writing { context.console.write(bytes: $0) }
            try context.console.checkOutput()
        }
    }

    /// Sends text to the file, or to stdout when there is none.
    func emit(_ text: String, context: Context) throws {
        if let path {
            try Self.write(text, to: path, context: context)
        } else {
            context.console.write(text)
        }
    }

    /// A picture asked for on stdout when stdout is a terminal is refused in words (as git
    /// refuses to print a binary file there): kilobytes of SVG help nobody reading a terminal.
    /// Piped or redirected, it is written as asked.
    func refusePictureOnTerminal(_ what: String, example: String, context: Context, spec: CommandSpec) throws(CLIError) {
        guard path == nil, context.console.isTerminal else { return }
        throw CLIError.usage("\(what) is an SVG picture, not text for a terminal: write it to a file (\(example) -o picture.svg, .png or .pdf) or redirect it (> picture.svg)", command: spec)
    }
}
