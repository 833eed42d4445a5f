import SpecSync

/// A commit version's content id (issue 8, TEAM.md's `plumb-commit-2` layout), which the hub
/// stores and checks (`plumb_commit_id` in Migrations/hub/0002). A bridge: until SpecSync's
/// `Version` computes these ids itself, the hub client computes them here for what it pushes and
/// pulls; then this file goes and `VersionPayload.id` takes its place.
enum HubContentID {
    static func of(_ payload: VersionPayload) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + payload.changes.count * 48)
        func u32(_ value: Int) { for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) } }
        func u64(_ value: UInt64) { for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) } }
        func text(_ value: String) { u32(value.utf8.count); bytes += value.utf8 }
        text("plumb-commit-2")
        text(payload.document)
        bytes += payload.site.bytes
        u64(UInt64(bitPattern: payload.firstSeq))
        u64(UInt64(bitPattern: payload.lastSeq))
        u64(payload.hlc.rawValue)
        u64(UInt64(bitPattern: payload.version.time))
        text(payload.version.message)
        text(payload.version.author)
        u32(payload.base.entries.count)
        bytes += payload.base.encoded
        u32(payload.changes.count)
        for change in payload.changes {
            u64(UInt64(bitPattern: change.seq))
            text(change.view)
            text(change.property.rawValue)
            if let value = change.value {
                bytes.append(1)
                text(value)
            } else {
                bytes.append(0)
            }
        }
        return Hex.encode(SHA256.hash(bytes))
    }
}
