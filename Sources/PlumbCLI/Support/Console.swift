import FoundationEssentials
import Glibc

/// Where a command writes: data to stdout, messages to stderr. Colour only on a terminal and
/// only without `NO_COLOR`.
public final class Console {
    private var out: (String) -> Void
    private var err: (String) -> Void
    /// Writes UTF-8 to stdout as it is, when set (the process's own console): text and bytes
    /// go to the descriptor without a copy. Returns `errno` when the write fails.
    private var outBytes: ((UnsafeRawBufferPointer) -> Int32?)?
    /// The first failed write to stdout (`errno`); nothing more is written after it.
    private var outputError: Int32?
    /// True when stdout is a terminal.
    public let isTerminal: Bool
    /// True when stderr is a terminal (for progress).
    public let errorIsTerminal: Bool
    public let useColor: Bool

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, isTerminal: Bool, errorIsTerminal: Bool, useColor: Bool) {
        self.out = out
        self.err = err
        self.isTerminal = isTerminal
        self.errorIsTerminal = errorIsTerminal
        self.useColor = useColor
    }

    /// The process's own stdout and stderr.
    public static func standard(environment: [String: String]) -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1
        // Text goes through `outBytes` (`write(_:)`), so `out` is never called here. A message
        // that stderr cannot take has nowhere else to go: it is dropped.
        let console = Console(
            out: { _ in },
            err: { text in var text = text; _ = text.withUTF8 { FileSystem.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) } },
            isTerminal: terminal,
            errorIsTerminal: isatty(STDERR_FILENO) == 1,
            useColor: terminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
        console.outBytes = { FileSystem.writeAll(STDOUT_FILENO, $0) }
        return console
    }

    /// The progress line of the running command, if one is drawn: erased before anything
    /// else is written, so no output lands after its text (it redraws on its next tick).
    var progressLine: ProgressLine?

    /// Writes data to stdout.
    public func print(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n") }
    /// Writes lines to stdout in one write, not one a line: a listing of hundreds of lines
    /// made a system call each.
    public func print(lines: [String]) {
        guard !lines.isEmpty else { return }
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            text += line
            text += "\n"
        }
        write(text)
    }
    /// Writes raw text to stdout, no newline added.
    /// A failed write is kept for `checkOutput`.
    public func write(_ text: String) {
        guard outBytes != nil else {
            guard let progressLine else { return out(text) }
            return progressLine.interrupt { out(text) }
        }
        var text = text
        text.withUTF8 { send(UnsafeRawBufferPointer($0)) }
    }
    /// Writes UTF-8 to stdout, no newline added; `bytes` must end on a whole character. A
    /// failed write is kept for `checkOutput`.
    public func write<Bytes: Collection<UInt8> & ContiguousBytes>(bytes: Bytes) {
        guard outBytes != nil else { return write(String(decoding: bytes, as: UTF8.self)) }
        bytes.withUnsafeBytes { send($0) }
    }

    /// Writes through `outBytes`, past any progress line; nothing more after a failed write.
    private func send(_ bytes: UnsafeRawBufferPointer) {
        guard let outBytes, outputError == nil else { return }
        guard let progressLine else { return outputError = outBytes(bytes) }
        progressLine.interrupt { self.outputError = outBytes(bytes) }
    }

    /// Throws when writing to stdout failed, so a command does not report success for output
    /// that is not all there.
    func checkOutput() throws(CLIError) {
        guard let outputError else { return }
        throw CLIError.failure("cannot write to stdout (\(FileSystem.describe(outputError))); the output is incomplete")
    }
    /// Writes a message to stderr.
    public func message(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        guard let progressLine else { return err(line) }
        progressLine.interrupt { err(line) }
    }
    /// Writes raw text to stderr, no newline added, past any progress line (which draws itself
    /// through this).
    func writeError(_ text: String) { err(text) }
    /// Writes a warning to stderr, its control characters escaped (warnings quote specs).
    public func warn(_ text: String) { message("warning: \(TerminalText.escaped(text))") }

    /// Text in a colour (ANSI), when colour is on.
    public func colored(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
