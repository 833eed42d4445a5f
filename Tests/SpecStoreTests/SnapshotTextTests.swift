import Foundation
import LayoutSpec
@testable import SpecStore
import SpecSync
import Testing

/// The text kept with a snapshot (`snapshot_texts`): a version that differs from its snapshot in
/// plain properties reads as that text with the changed views written again, byte for byte the
/// text the whole state makes; anything else is left to the whole read, and a text found damaged
/// after part of it is written is said so.
struct SnapshotTextTests {
    /// The nested text of a version made from its whole state, as `show` makes it without a kept text.
    func wholeText(_ store: Store, _ version: VersionRecord) throws -> [UInt8] {
        let document = try store.resolved(version)
        var text: [UInt8] = []
        SpecCodec.writeText(try Materializer.views(named: version.document, projection: document.projection), shape: .nested) { text += $0 }
        return text
    }

    /// The text made from the kept one; `nil` when the store keeps none for the version.
    func keptText(_ store: Store, _ version: VersionRecord) throws -> [UInt8]? {
        guard let kept = try store.shownText(of: version) else { return nil }
        var text: [UInt8] = []
        #expect(try kept.write(name: version.document) { text += $0 })
        return text
    }

    /// 300 views of every form the writer has: containers (their children follow their
    /// members), leaves of up to four scalar members (one line), leaves with margins, fonts or
    /// more members (a line each), texts holding braces, quotes and an id's key.
    func document(in folder: TemporaryFolder) throws -> Store {
        let store = try Store.create(at: folder.path("s.sqlite"))
        var groups: [String] = []
        for group in 0..<30 {
            var children: [String] = []
            for item in 0..<9 {
                let id = "v\(group)-\(item)"
                switch item % 3 {
                case 0: children.append(#"{"id": "\#(id)", "kind": "label", "text": "{ \"id\": \"v1-1\", \#(item)"}"#)
                case 1: children.append(#"{"id": "\#(id)", "kind": "label", "text": "T", "margin": 2, "font": {"size": 12}, "width": 40}"#)
                default: children.append(#"{"id": "\#(id)", "kind": "view", "width": \#(item), "height": 8}"#)
                }
            }
            let kind = group % 5 == 0 ? #""kind": "grid", "rows": ["auto", "*"], "columns": [120, "*"]"# : #""kind": "stack", "orientation": "vertical""#
            groups.append(#"{"id": "g\#(group)", \#(kind), "children": [\#(children.joined(separator: ","))]}"#)
        }
        let spec = StoreFixtures.spec(#"{"plumb": 1, "name": "d", "root": {"id": "root", "kind": "stack", "children": [\#(groups.joined(separator: ","))]}}"#)
        try StoreFixtures.apply(spec, to: store)
        return store
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func plainEditsReadAsTheWholeStateWritesThem(seed: UInt64) throws {
        var random = StoreFixtures.SeededNumbers(seed: seed)
        let folder = TemporaryFolder()
        let store = try document(in: folder)
        #expect(try store.database.scalar("SELECT count(*) FROM snapshot_texts")?.integer == 1, "the import's snapshot keeps its text")
        let values: [(Property, String?)] = [
            (.width, "77"), (.width, nil), (.text, #""a \"quoted\" {brace}""#), (.text, #""line\nbreak""#),
            (.marginTop, "5"), (.marginTop, nil), (.fontSize, "30"), (.fontWeight, #""bold""#), (.height, "1.5"),
            (.orientation, #""horizontal""#), (.text, #""on a view or a stack it is not shown""#),
            (.rows, ValueText.encode(.array([.string("auto"), .number(40), .string("*")]))), (.columns, nil),
        ]
        var versions: [VersionRecord] = []
        for round in 0..<40 {
            let edits = (0..<(1 + random.next(3))).map { _ in
                let group = random.next(30), item = random.next(10)
                let view = item == 9 ? "g\(group)" : "v\(group)-\(item)"
                let (property, value) = values[random.next(values.count)]
                return Edit(view: view, property: property, value: value)
            }
            guard try store.commit(document: "d", message: "round \(round)", author: "test") { _ in edits } != nil else { continue }
            versions.append(try store.version(of: "d", revision: "head"))
        }
        #expect(versions.count > 30)
        for version in versions + [try store.version(of: "d", revision: "1")] {
            let kept = try keptText(store, version)
            #expect(kept != nil, "version \(version.number) changed plain properties only")
            #expect(kept == (try wholeText(store, version)), "version \(version.number), seed \(seed)")
        }
        // Packed again by gc, the text reads the same.
        _ = try store.compact()
        let last = versions[versions.count - 1]
        #expect(try keptText(store, last) == (try wholeText(store, last)))

        // A change of structure (a kind, a move, a new view) leaves the read to the whole state.
        _ = try StoreFixtures.set("d", "v3-1", .kind, .string("view"), in: store)
        #expect(try store.shownText(of: try store.version(of: "d", revision: "head")) == nil)
        #expect(try keptText(store, last) == (try wholeText(store, last)), "an earlier version still reads from the text")
    }

    @Test func aDamagedTextIsSaidInWordsAndOneOfAnotherFormIsNotRead() throws {
        let folder = TemporaryFolder()
        let store = try document(in: folder)
        _ = try StoreFixtures.set("d", "v1-2", .width, .number(3), in: store)
        let head = try store.version(of: "d", revision: "head")
        let blob = try #require(try store.database.scalar("SELECT text FROM snapshot_texts")?.blob)
        var flipped = blob
        flipped[flipped.count / 2] ^= 0x40
        // Cut short, a frame that does not inflate, and one whose bytes changed (its checksum).
        for damage in [SnapshotText.magic + [1, 2, 3], Array(blob.prefix(SnapshotText.headerSize)) + [1, 2, 3, 4], flipped] {
            try store.database.run("UPDATE snapshot_texts SET text = ?", [.blob(damage)])
            #expect {
                _ = try store.shownText(of: head)
            } throws: { error in
                "\(error)".contains("the text of a snapshot of document") && "\(error)".contains("cannot be read")
            }
        }
        // A whole frame, its checksum right, whose text does not add up: found before its first
        // 64 KB piece is written, the text is left to the whole read, nothing written.
        let header = try #require(SnapshotText.header(of: blob))
        var kept = try #require(store.changeLog.unpackText(blob))
        let lineBreak = try #require(kept.indices.first { kept[$0] == 0x0A && $0 > 40 })
        kept[lineBreak + 1] = 0x20
        let crafted = try #require(store.changeLog.packText(newest: header.newest, level: .write) { output in
            output(kept[...])
            return Int(header.shown)
        })
        try store.database.run("UPDATE snapshot_texts SET text = ?", [.blob(crafted)])
        let shownText = try #require(try store.shownText(of: head))
        var handed = 0
        #expect(try shownText.write(name: "d") { handed += $0.count } == false)
        #expect(handed == 0)
        // Found after a piece is written: said in words, after no more than the text holds.
        let long = try #require(SpecCodec.keptText(Self.longText(width700: 13)))
        var damaged = long.kept
        let late = try #require(damaged.indices.last { damaged[$0] == 0x0A && $0 + 3 < damaged.count })
        damaged[late + 1] = 0x20
        let longShown = Store.ShownText(kept: damaged, shown: long.shown, changes: [:], path: "store")
        handed = 0
        #expect {
            _ = try longShown.write(name: "t") { handed += $0.count }
        } throws: { error in
            "\(error)".contains("is damaged") && "\(error)".contains("--flat")
        }
        #expect(handed > 0 && handed < long.shown)
        // A text of a form this Plumb does not write is left alone: the whole state is read, and gc keeps it as it is.
        let other = Array("PTX9".utf8) + blob.dropFirst(4)
        try store.database.run("UPDATE snapshot_texts SET text = ?", [.blob(other)])
        #expect(try store.shownText(of: head) == nil)
        _ = try store.compact()
        #expect(try store.database.scalar("SELECT text FROM snapshot_texts")?.blob == other)
    }

    /// A text of the first form (the text itself, not kept) is read whole until `plumb gc`
    /// keeps it in this one.
    @Test func gcKeepsATextOfTheFirstFormInThisOne() throws {
        let folder = TemporaryFolder()
        let store = try document(in: folder)
        _ = try StoreFixtures.set("d", "v1-2", .width, .number(3), in: store)
        let head = try store.version(of: "d", revision: "head")
        let blob = try #require(try store.database.scalar("SELECT text FROM snapshot_texts")?.blob)
        let header = try #require(SnapshotText.header(of: blob))
        let text = try wholeText(store, try store.version(of: "d", revision: "1"))
        let (frame, count) = Compression().compress(level: .text, checksum: true) { $0(text[...]) }
        func bigEndian(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        let first = SnapshotText.firstMagic + bigEndian(header.newest) + bigEndian(UInt64(count)) + frame
        try store.database.run("UPDATE snapshot_texts SET text = ?", [.blob(first)])
        #expect(try store.shownText(of: head) == nil, "not read in the first form")
        _ = try store.compact()
        let kept = try #require(try store.database.scalar("SELECT text FROM snapshot_texts")?.blob)
        #expect(SnapshotText.isCurrentForm(kept))
        #expect(try keptText(store, head) == (try wholeText(store, head)))
    }

    @Test func aChangeNoNewerThanTheSnapshotLeavesTheReadToTheWholeState() throws {
        let folder = TemporaryFolder()
        let store = try document(in: folder)
        _ = try StoreFixtures.set("d", "v1-2", .width, .number(3), in: store)
        let head = try store.version(of: "d", revision: "head"), first = try store.version(of: "d", revision: "1")
        #expect(try store.shownText(of: head) != nil)
        // The text says its snapshot holds an entry newer than any change since: as when older
        // concurrent work is merged after the snapshot, the text cannot tell who wins.
        let blob = try #require(try store.database.scalar("SELECT text FROM snapshot_texts")?.blob)
        let newest = SnapshotText.magic.count
        try store.database.run("UPDATE snapshot_texts SET text = ?",
                               [.blob(Array(blob[..<newest]) + [UInt8](repeating: 0xFF, count: 8) + Array(blob[(newest + 8)...]))])
        #expect(try store.shownText(of: head) == nil)
        #expect(try keptText(store, first) == (try wholeText(store, first)), "no change since: the text as it is")
    }

    /// `SpecCodec.rewriteText` on a whole text, kept first.
    func rewrite(_ text: [UInt8], name: String, changing changes: [String: (View) -> View],
                 to output: (UnsafeBufferPointer<UInt8>) -> Void) -> SpecCodec.Rewritten {
        guard let (kept, shown) = SpecCodec.keptText(text) else { return .refused }
        return SpecCodec.rewriteText(kept, shown: shown, name: name, changing: changes, to: output)
    }

    /// Another document's text, or an id that is not one, is refused before anything is handed
    /// over; so is a changed view whose part is not as the writer writes it, found before the
    /// first 64 KB piece is handed over (this text is shorter).
    @Test func aTextOfAnotherDocumentOrFormIsNotRewritten() throws {
        let folder = TemporaryFolder()
        let store = try document(in: folder)
        let version = try store.version(of: "d", revision: "head")
        let text = try wholeText(store, version)
        let wider: (View) -> View = { var view = $0; view.width = 5; return view }
        var written = 0
        #expect(rewrite(text, name: "other", changing: ["v0-0": wider]) { written += $0.count } == .refused)
        #expect(rewrite(text, name: "d", changing: ["not valid": wider]) { written += $0.count } == .refused)
        #expect(written == 0, "nothing handed over when the text is refused")
        #expect(rewrite(Array(text.prefix(70)), name: "d", changing: ["root": wider]) { written += $0.count } == .refused,
                "the root's members cut short")
        #expect(rewrite(text, name: "d", changing: ["v0-0": { _ in View(id: "v0-0", kind: .stack) }]) { written += $0.count } == .refused,
                "a change of kind is not a change of shown properties")
        // A view the text does not hold is left out; the rest is the text as it was.
        var same: [UInt8] = []
        #expect(rewrite(text, name: "d", changing: ["absent": wider]) { same += $0 } == .written)
        #expect(same == text)
        var changed: [UInt8] = []
        #expect(rewrite(text, name: "d", changing: ["v0-0": wider]) { changed += $0 } == .written)
        #expect(changed != text && String(decoding: changed, as: UTF8.self).contains(#""width": 5"#))
        // A container whose children key is not written as the writer writes it would take its
        // children into its own part, over theirs: refused, not rewritten over itself.
        let key = Array(#""children": ["#.utf8), idOfG0 = Array(#""id": "g0""#.utf8)
        let g0 = try #require(text.indices.first { text[$0...].starts(with: idOfG0) })
        let children = try #require(text.indices.first { $0 > g0 && text[$0...].starts(with: key) })
        let crafted = Array(text[..<children]) + Array(#""children" : ["#.utf8) + Array(text[(children + key.count)...])
        #expect(rewrite(crafted, name: "d", changing: ["g0": wider, "v0-1": wider]) { written += $0.count } == .refused)
        #expect(written == 0)
    }

    /// The kept text: each line's spaces as a count of two bytes, given back whole; a count that
    /// is not one, or counts that add up to another text, are found as the text is handed over:
    /// refused before its first 64 KB piece, damaged after, never past the header's byte count.
    @Test func aKeptTextStandsForItsTextAndNoOther() throws {
        let folder = TemporaryFolder()
        let store = try document(in: folder)
        let text = try wholeText(store, try store.version(of: "d", revision: "head"))
        let (kept, shown) = try #require(SpecCodec.keptText(text))
        #expect(shown == text.count)
        // Two bytes for the spaces after each line break but the last.
        let breaks = text.indices.filter { text[$0] == 0x0A && $0 + 1 < text.count }
        let spaces = breaks.map { text[($0 + 1)...].prefix { $0 == 0x20 }.count }.reduce(0, +)
        #expect(kept.count == text.count - spaces + 2 * breaks.count)
        // Kept piece by piece as the writer hands it over, the same bytes.
        var pieces: [UInt8] = []
        let views = try Materializer.views(named: "d", projection: try store.resolved(try store.version(of: "d", revision: "head")).projection)
        #expect(SpecCodec.writeKeptText(views) { pieces += $0 } == text.count)
        #expect(pieces == kept)
        var whole: [UInt8] = []
        #expect(SpecCodec.rewriteText(kept, shown: shown, name: "d", changing: [:]) { whole += $0 } == .written)
        #expect(whole == text)
        let wider: (View) -> View = { var view = $0; view.width = 5; return view }
        func handed(_ kept: [UInt8], shown: Int, changing changes: [String: (View) -> View] = [:]) -> (SpecCodec.Rewritten, Int) {
            var count = 0
            let rewritten = SpecCodec.rewriteText(kept, shown: shown, name: "d", changing: changes) { count += $0.count }
            return (rewritten, count)
        }
        #expect(handed(kept, shown: shown + 1) == (.refused, 0), "one byte fewer than the header says")
        #expect(handed(kept, shown: shown - 1) == (.refused, 0), "one byte more")
        let lineBreak = try #require(kept.indices.first { kept[$0] == 0x0A && $0 > 40 })
        var notACount = kept
        notACount[lineBreak + 1] = 0x20
        #expect(handed(notACount, shown: shown) == (.refused, 0))
        #expect(handed(notACount, shown: shown, changing: ["v0-0": wider]) == (.refused, 0), "with a view written again too")
        var larger = kept
        larger[lineBreak + 1] = 0xFF
        #expect(handed(larger, shown: shown) == (.refused, 0))
        // Past the first piece: damaged, and never more than the header says.
        let long = try #require(SpecCodec.keptText(Self.longText(width700: 13)))
        var longer = long.kept
        let late = try #require(longer.indices.last { longer[$0] == 0x0A && $0 + 3 < longer.count })
        longer[late + 1] = 0xFF
        var count = 0
        #expect(SpecCodec.rewriteText(longer, shown: long.shown, name: "t", changing: [:]) { count += $0.count } == .damaged)
        #expect(count > 0 && count <= long.shown, "a larger count is not given back past the header's byte count")
        count = 0
        #expect(SpecCodec.rewriteText(long.kept, shown: long.shown - 1, name: "t", changing: [:]) { count += $0.count } == .damaged)
        #expect(count > 0 && count <= long.shown - 1)
        // A line that opens with more spaces than a count holds is not kept.
        #expect(SpecCodec.keptText(Array("{\n".utf8) + [UInt8](repeating: 0x20, count: 20_000) + Array("}\n".utf8)) == nil)
    }

    /// Past the 64 KB the text is handed over in, each piece ends on a whole character: labels
    /// in three-byte characters make some of those ends fall inside one.
    /// 3,000 labels in three-byte characters, 50 to a stack: a text of more than six 64 KB pieces.
    static func longSpec(width700: Int) -> Spec {
        let labels = (0..<3_000).map { #"{"id": "l\#($0)", "kind": "label", "text": "名前と住所と電話番号と生年月日と国籍 \#($0)", "width": \#($0 == 700 ? width700 : $0 % 97)}"# }
        let groups = stride(from: 0, to: labels.count, by: 50).map { start in
            #"{"id": "g\#(start)", "kind": "stack", "children": [\#(labels[start ..< start + 50].joined(separator: ","))]}"#
        }
        return StoreFixtures.spec(#"{"plumb": 1, "name": "t", "root": {"id": "root", "kind": "stack", "children": [\#(groups.joined(separator: ","))]}}"#)
    }

    static func longText(width700: Int) -> [UInt8] { Array(SpecCodec.encodeText(longSpec(width700: width700)).utf8) }

    @Test func aLongTextIsHandedOverInWholeCharacters() throws {
        let text = Self.longText(width700: 13)
        #expect(text.count > 6 << 16)
        var pieces: [[UInt8]] = []
        #expect(rewrite(text, name: "t", changing: ["l700": { var view = $0; view.width = 5; return view }]) { pieces.append(Array($0)) } == .written)
        #expect(pieces.count > 6)
        #expect(pieces.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "no piece cuts a character")
        #expect(pieces.flatMap { $0 } == Self.longText(width700: 5))
    }

    /// Ids that share their first eight bytes (the search's first look) are told apart whole.
    @Test func idsSharingTheirFirstEightBytesAreToldApart() throws {
        let ids = ["abcdefgh", "abcdefgh1", "abcdefgh2", "abcdefg", "abcdefghij"]
        func spec(_ widths: [Int]) -> Spec {
            let views = zip(ids, widths).map { #"{"id": "\#($0)", "kind": "view", "width": \#($1), "height": 2, "opacity": 0.5, "cornerRadius": 1}"# }
            return StoreFixtures.spec(#"{"plumb": 1, "name": "p", "root": {"id": "r", "kind": "stack", "children": [\#(views.joined(separator: ","))]}}"#)
        }
        let text = Array(SpecCodec.encodeText(spec([1, 2, 3, 4, 5])).utf8)
        for (index, id) in ids.enumerated() {
            var widths = [1, 2, 3, 4, 5]
            widths[index] = 40 + index
            var rewritten: [UInt8] = []
            #expect(rewrite(text, name: "p", changing: [id: { var view = $0; view.width = Double(40 + index); return view }]) { rewritten += $0 } == .written)
            #expect(rewritten == Array(SpecCodec.encodeText(spec(widths)).utf8), "\(id)")
        }
    }

    @Test func aRootWithoutChildrenIsWrittenAgainWhereItStands() throws {
        // On one line beside its key while it holds four members or fewer, then a member a line.
        let before = StoreFixtures.spec(#"{"plumb": 1, "name": "r", "root": {"id": "r", "kind": "view", "width": 1}}"#)
        let after = StoreFixtures.spec(#"{"plumb": 1, "name": "r", "root": {"id": "r", "kind": "view", "width": 5, "height": 6, "opacity": 0.5, "cornerRadius": 2}}"#)
        let text = Array(SpecCodec.encodeText(before).utf8)
        var rewritten: [UInt8] = []
        #expect(rewrite(text, name: "r", changing: ["r": { _ in after.views[0] }]) { rewritten += $0 } == .written)
        #expect(String(decoding: rewritten, as: UTF8.self) == SpecCodec.encodeText(after))
        var back: [UInt8] = []
        #expect(rewrite(rewritten, name: "r", changing: ["r": { _ in before.views[0] }]) { back += $0 } == .written)
        #expect(back == text)
    }
}
