import SpecSync
import Threading

/// Decodes a document's parts (a snapshot's pieces, a head's chunks) into one state with two
/// cores: the caller decodes items of `batch` parts from the first, another thread from the
/// last, until they meet (`TwoEnds`); then the other thread's states are joined in, in the
/// parts' order, so the views stand in the state in the order one thread would have put them.
/// The thread uses only what it is handed (its own zstd context, the sites known when it
/// starts); for an item where that is not enough, or that is damaged, the caller decodes it
/// again itself, with the store at hand and its errors in words.
enum TwoThreadDecode {
    /// Decodes parts `0 ..< count` into `state`: by `local` alone when there are fewer than
    /// `minimum` parts or one core, else as above, the other thread by the function `worker`
    /// makes there (by `local` after all for an item where that returns false). Each returns
    /// false for parts it cannot decode; so does this. `views` is about how many views the
    /// parts hold (room made on the other thread in proportion).
    static func decode(count: Int, minimum: Int, batch: Int = 1, views: Int, into state: inout DocumentState,
                       worker: @escaping @Sendable () -> (Range<Int>, inout DocumentState) -> Bool,
                       local: (Range<Int>, inout DocumentState) throws -> Bool) rethrows -> Bool {
        guard count >= max(2, minimum), Cores.allowed > 1 else { return try local(0..<count, &state) }
        let items = stride(from: 0, to: count, by: max(1, batch)).map { $0 ..< min($0 + max(1, batch), count) }
        let room = views / items.count + 1
        var decoded = true
        let others = try TwoEnds.run(count: items.count, front: { item in
            // After a part that cannot be decoded, the rest are only taken.
            if decoded { decoded = try local(items[item], &state) }
        }, makeBack: {
            let decode = worker()
            return { item -> DocumentState? in
                var part = DocumentState(capacity: room)
                return decode(items[item], &part) ? part : nil
            }
        })
        guard decoded else { return false }
        for (item, part) in others {
            if let part {
                state.merge(part)
            } else if try !local(items[item], &state) {
                return false
            }
        }
        return true
    }
}
