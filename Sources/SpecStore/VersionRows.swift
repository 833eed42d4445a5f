import SpecSync

extension Store {
    /// Inserts a commit version with its changes (one clock reading, consecutive seqs).
    func insertCommit(_ payload: VersionPayload, documentID: Int64, number: Int64, site: Int64) throws -> Int64 {
        let version = payload.version
        let rowID = try versionTable.insert(id: payload.id, document: documentID, number: number, kind: .commit, site: site,
                                            firstSeq: payload.firstSeq, lastSeq: payload.lastSeq, hlc: payload.hlc, vector: version.vector,
                                            base: payload.base, message: version.message, author: version.author, time: version.time)
        try changeTable.insert(payload, versionRowID: rowID, documentID: documentID)
        versionsWritten += 1
        return rowID
    }
}
