import Foundation
import LayoutSpec
import SpecSync

/// Seed inputs for `hub-rows`: two sites' versions of one document as a pull reads them.
enum HubRowSeeds {
    static func write(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let one = SiteID(high: 0x1111_2222_3333_4444, low: 0x5555_6666_7777_8888)
        let two = SiteID(high: 0x9999_AAAA_BBBB_CCCC, low: 0xDDDD_EEEE_FFFF_0001)
        let first = payload(site: one, first: 1, base: VersionVector(), hlc: 1 << 20, changes: [
            ("root", .alive, "true"), ("root", .kind, "\"view\""), ("root", .parent, "null"),
            ("title", .alive, "true"), ("title", .kind, "\"label\""), ("title", .parent, "\"root\""),
            ("title", .order, "\"V0001\""), ("title", .text, "\"Sign in\""), ("title", .marginTop, "20"),
        ])
        let second = payload(site: two, first: 1, base: VersionVector([one: 9]), hlc: 2 << 20, changes: [
            ("title", .text, "\"Hello\""), ("title", .fontSize, "17.5"), ("title", .textColor, nil),
        ])
        let third = payload(site: one, first: 10, base: VersionVector([one: 9, two: 3]), hlc: 3 << 20, changes: [
            ("root", .rows, "[\"auto\",\"*\",44]"), ("title", .alive, "false"),
        ])
        let all = [first, second, third]
        try rows(all).write(toFile: folder + "/seed-three-versions", atomically: true, encoding: .utf8)
        try rows([second]).write(toFile: folder + "/seed-one-version", atomically: true, encoding: .utf8)
    }

    static func payload(site: SiteID, first: Int64, base: VersionVector, hlc: UInt64, changes: [(String, Property, String?)]) -> VersionPayload {
        let timestamp = Timestamp(rawValue: hlc)
        let list = changes.enumerated().map { offset, change in
            Change(stamp: Stamp(hlc: timestamp, site: site, seq: first + Int64(offset)), document: "login",
                   view: change.0, property: change.1, value: change.2)
        }
        var vector = base
        vector[site] = first + Int64(changes.count) - 1
        let version = Version(document: "login", vector: vector, kind: .commit, message: "edit", author: "seed", time: 1_700_000_000_000)
        return VersionPayload(version: version, site: site, firstSeq: first, lastSeq: vector[site], hlc: timestamp, base: base, changes: list)
    }

    /// Version rows (site, first_seq, last_seq, id, document, hlc, base, message, author, time),
    /// `--`, then change rows (site, seq, view, property, value), ordered as a pull orders them.
    static func rows(_ payloads: [VersionPayload]) -> String {
        let sorted = payloads.sorted { ($0.site.hex, $0.firstSeq) < ($1.site.hex, $1.firstSeq) }
        var versions: [String] = [], changes: [String] = []
        for payload in sorted {
            versions.append([payload.site.hex, String(payload.firstSeq), String(payload.lastSeq), contentID(payload), payload.document,
                             String(Int64(bitPattern: payload.hlc.rawValue)), hex(payload.base.encoded), payload.version.message,
                             payload.version.author, String(payload.version.time)].joined(separator: "\t"))
            for change in payload.changes {
                changes.append([payload.site.hex, String(change.seq), change.view, change.property.rawValue, change.value ?? "\\N"].joined(separator: "\t"))
            }
        }
        return versions.joined(separator: "\n") + "\n--\n" + changes.joined(separator: "\n")
    }

    /// TEAM.md's `plumb-commit-2` content id.
    static func contentID(_ payload: VersionPayload) -> String {
        var bytes: [UInt8] = []
        func u32(_ value: Int) { for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) } }
        func u64(_ value: UInt64) { for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) } }
        func str(_ text: String) { u32(text.utf8.count); bytes += text.utf8 }
        str("plumb-commit-2")
        str(payload.document)
        bytes += payload.site.bytes
        u64(UInt64(bitPattern: payload.firstSeq))
        u64(UInt64(bitPattern: payload.lastSeq))
        u64(payload.hlc.rawValue)
        u64(UInt64(bitPattern: payload.version.time))
        str(payload.version.message)
        str(payload.version.author)
        u32(payload.base.entries.count)
        bytes += payload.base.encoded
        u32(payload.changes.count)
        for change in payload.changes {
            u64(UInt64(bitPattern: change.seq))
            str(change.view)
            str(change.property.rawValue)
            if let value = change.value { bytes.append(1); str(value) } else { bytes.append(0) }
        }
        return hex(SHA256.hash(bytes))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
