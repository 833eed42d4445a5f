import FoundationEssentials
import Glibc
import LayoutSpec
import Threading

/// Writes a large spec's text with two cores: the second half of the views is made and
/// written into memory on another thread while the first half goes out, then follows it.
/// The parts (`SpecCodec.textParts`) put end to end are the text `SpecCodec.writeText` writes.
enum SpecTextWriter {
    /// Fewer views than this are written on one thread: starting another costs more than
    /// it saves.
    static let twoPartsFrom = 2_000

    /// Writes the text to stdout: in two parts at once when there are `twoPartsFrom` views or
    /// more and `cores` (the machine's) is more than one, else in one.
    static func write(_ spec: some TreeOrderedViews & Sendable, shape: SpecCodec.Shape, to console: Console,
                      cores: Int = ProcessInfo.processInfo.activeProcessorCount) {
        guard spec.count >= twoPartsFrom, cores > 1 else {
            SpecCodec.writeText(spec, shape: shape) { console.write(bytes: $0) }
            return
        }
        let parts = SpecCodec.textParts(of: spec, count: 2)
        let second = SecondPart()
        let started = WorkerThread.detach {
            var pieces: [[UInt8]] = []
            SpecCodec.writeText(spec, shape: shape, views: parts[1]) { pieces.append($0) }
            second.hand(pieces)
        }
        guard started else {
            SpecCodec.writeText(spec, shape: shape) { console.write(bytes: $0) }
            return
        }
        SpecCodec.writeText(spec, shape: shape, views: parts[0]) { console.write(bytes: $0) }
        for piece in second.wait() { console.write(bytes: piece) }
    }

    /// The second part's text, handed from its thread under a condition (a pthread mutex and
    /// condition variable, which ThreadSanitizer follows).
    private final class SecondPart: @unchecked Sendable {
        private let condition = Condition()
        private var pieces: [[UInt8]]?

        func hand(_ text: [[UInt8]]) {
            condition.lock()
            pieces = text
            condition.signal()
            condition.unlock()
        }

        func wait() -> [[UInt8]] {
            condition.lock()
            defer { condition.unlock() }
            while pieces == nil { condition.wait() }
            return pieces!
        }
    }
}
