@testable import SpecStore
import SpecSync
import Testing

/// A head large enough to be decoded on two threads (`TwoThreadDecode`) reads as one thread
/// reads it, damage included.
struct TwoThreadDecodeTests {
    /// 1,500 labels: a head of more than `Store.twoThreadChunks` chunks, three batches.
    @Test func aHeadOfManyChunksReadsAsOneThreadReadsIt() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let labels = (0..<1_500).map { #"{"id": "v\#($0)", "kind": "label", "text": "L\#($0)"}"# }.joined(separator: ",")
        try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "d", "root": {"id": "root", "kind": "stack", "children": [\#(labels)]}}"#), to: store)
        let documentID = try #require(try store.documentID("d"))
        // One thread's reading: every chunk, in the order the head's read takes them.
        var chunks: [(rowID: Int64, blob: [UInt8])] = []
        try store.database.query("SELECT id, data FROM head_chunks WHERE document = ?", [.integer(documentID)]) { chunks.append(($0.int64(0), $0.blob(1))) }
        #expect(chunks.count > Store.twoThreadChunks)
        var one = DocumentState()
        for chunk in chunks { try store.decodeChunk(chunk.blob, rowID: chunk.rowID, into: &one) }
        let two = try store.headState(documentID: documentID)
        #expect(two == one)
        #expect(Array(two.views.keys) == Array(one.views.keys), "the views in the order of the chunks")
        #expect(two.views.count == 1_501)

        // The last chunk (the other thread's first) damaged: the error names it, as one thread's.
        let last = try #require(chunks.last?.rowID)
        try store.database.run("UPDATE head_chunks SET data = ? WHERE id = ?", [.blob([0x28, 0xB5, 0x2F, 0xFD, 1, 2, 3]), .integer(last)])
        do {
            _ = try store.headState(documentID: documentID)
            Issue.record("a damaged chunk was read")
        } catch {
            #expect("\(error)".contains("head chunk \(last) is damaged"), "\(error)")
        }
    }
}
