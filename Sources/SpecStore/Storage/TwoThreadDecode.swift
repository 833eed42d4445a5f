import Glibc
import SpecSync
import Threading

/// Decodes a document's parts (a snapshot's pieces, a head's chunks) into one state with two
/// cores: the second half of the parts on a thread of its own while the caller decodes the
/// first, then the halves joined. The thread uses only what it is handed (its own zstd
/// context, the sites known when it starts); when that is not enough, or the half is damaged,
/// the caller decodes that half again itself, with the store at hand and its errors in words.
enum TwoThreadDecode {
    /// Decodes parts `0 ..< count` into `state`: by `local` alone when there are fewer than
    /// `minimum` parts or one core, else the first half by `local` and the second by `worker`
    /// on another thread (by `local` after all when `worker` returns false). Each returns
    /// false for a part it cannot decode; so does this. `views` is about how many views the
    /// parts hold (room made for half of them on the other thread).
    static func decode(count: Int, minimum: Int, views: Int, into state: inout DocumentState,
                       worker: @escaping @Sendable (Range<Int>, inout DocumentState) -> Bool,
                       local: (Range<Int>, inout DocumentState) throws -> Bool) rethrows -> Bool {
        let middle = count / 2
        guard count >= max(2, minimum), sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else { return try local(0..<count, &state) }
        let second = SecondHalf()
        guard let thread = WorkerThread({
            var part = DocumentState(capacity: views / 2 + 1)
            second.decoded = worker(middle..<count, &part)
            second.state = part
        }) else { return try local(0..<count, &state) }
        let first: Bool
        do {
            first = try local(0..<middle, &state)
        } catch {
            thread.join()
            throw error
        }
        thread.join()
        guard first else { return false }
        guard second.decoded else { return try local(middle..<count, &state) }
        state.merge(second.state)
        return true
    }

    /// What the other thread decoded: written there, read after `join`.
    private final class SecondHalf: @unchecked Sendable {
        var state = DocumentState()
        var decoded = false
    }
}
