import LayoutSpec
import Testing

/// `textRuns`: styled stretches of a label's text, checked, canonical and fitted to the text.
@Suite struct TextRunTests {
    func label(_ runs: String, text: String = "Hello world") -> String {
        nestedSpec(root: ##"{"id": "r", "kind": "label", "text": \##(JSONWriter.quote(text)), "textRuns": \##(runs)}"##)
    }

    @Test func runsAreReadAndWrittenBackCanonical() throws {
        let spec = try decodeSpec(label(##"[{"start": 6, "length": 5, "font": {"weight": "bold", "size": 20}, "textColor": "#f00", "letterSpacing": "10.0%"}]"##))
        let run = try #require(spec.root.textRuns?.first)
        #expect(run.start == 6 && run.length == 5 && run.end == 11)
        #expect(run.fontWeight == .bold && run.fontSize == 20 && run.fontFamily == nil)
        #expect(run.textColor == "#FF0000")
        #expect(run.letterSpacing == .percent(10))
        // Font parts in catalogue order, colours and percentages as the label's are written.
        #expect(JSONWriter.compact(spec.root.value(of: .textRuns)!)
            == ##"[{"start":6,"length":5,"font":{"size":20,"weight":"bold"},"textColor":"#FF0000","letterSpacing":"10%"}]"##)
        #expect(try decodeSpec(SpecCodec.encodeText(spec)) == spec)
        #expect(try decodeSpec(SpecCodec.encodeText(spec, shape: .flat)) == spec)
    }

    /// Offsets count UTF-16 code units, as Figma does: "é" is one, "😀" two.
    @Test func rangesCountUTF16CodeUnits() throws {
        #expect(throws: Never.self) { try decodeSpec(label(##"[{"start": 1, "length": 2, "textColor": "#000000"}]"##, text: "😀a")) }
        #expect(decodeError(label(##"[{"start": 1, "length": 3, "textColor": "#000000"}]"##, text: "😀a"))
            == "test.json: $.root.textRuns[0]: the run 1..<4 ends past the text, which is 3 UTF-16 code units long")
    }

    @Test(arguments: [
        (##"[{"start": 0, "length": 0, "textColor": "#000000"}]"##, "$.root.textRuns[0].length: expected a whole number ≥ 1 (UTF-16 code units), got 0"),
        (##"[{"start": -1, "length": 2, "textColor": "#000000"}]"##, "$.root.textRuns[0].start: expected a whole number ≥ 0 (a UTF-16 offset in the text), got -1"),
        (##"[{"length": 2, "textColor": "#000000"}]"##, ##"$.root.textRuns[0]: missing "start""##),
        (##"[{"start": 0, "length": 2}]"##, "$.root.textRuns[0]: a run sets no style (font, textColor, letterSpacing, lineHeight, textDecoration, textCase)"),
        (##"[{"start": 0, "length": 2, "font": {"sise": 3}}]"##, ##"$.root.textRuns[0].font.sise: unknown key (did you mean "size"?)"##),
        (##"[{"start": 0, "length": 2, "font": {"size": 0}}]"##, "$.root.textRuns[0].font.size: expected a number > 0 and ≤ 10000, got 0"),
        (##"[{"start": 0, "length": 2, "colour": "#000000"}]"##, ##"$.root.textRuns[0].colour: unknown key"##),
        (##"[{"start": 0, "length": 2, "textDecoration": "blink"}]"##, ##"$.root.textRuns[0].textDecoration: expected one of "none", "underline", "strikethrough", got "blink""##),
        (##"[{"start": 4, "length": 2, "textColor": "#000000"}, {"start": 5, "length": 1, "textColor": "#000000"}]"##,
         "$.root.textRuns[1].start: runs must be in order and not overlap: 5 is before the end of the run before (6)"),
        (##"[{"start": 8, "length": 4, "textColor": "#000000"}]"##, "$.root.textRuns[0]: the run 8..<12 ends past the text, which is 11 UTF-16 code units long"),
        (##"[]"##, "$.root.textRuns: expected a non-empty array of at most 10000 runs ({start, length, font, textColor, …}), got an array"),
    ])
    func badRunsAreNamed(_ runs: String, _ message: String) {
        let error = decodeError(label(runs))
        #expect(error?.hasPrefix("test.json: " + message) == true, "\(error ?? "no error")")
    }

    /// `plumb set` reads runs as JSON; the type's check names the problem.
    @Test func setValueIsParsedAndChecked() {
        #expect(PropertyType.textRuns.parse(##"[{"start": 0, "length": 1, "font": {"italic": true}}]"##) != nil)
        #expect(PropertyType.textRuns.parse("bold") == nil)
        #expect(PropertyType.textRuns.check(.array([.object([JSONMember("start", .number(0))])])) == ##"[0]: missing "length""##)
    }

    /// A change to the runs changes what the text measures, so it clears a designed size.
    @Test func runsChangeMeasuredText() {
        #expect(Property.textRuns.changesMeasuredText)
    }
    /// Runs carried over an edit of the text, as a text editor keeps styles.
    @Test func runsAreCarriedOverAnEditOfTheText() {
        func run(_ start: Int, _ length: Int) -> TextRun {
            var run = TextRun(start: start, length: length)
            run.fontWeight = .bold
            return run
        }
        func carried(_ runs: [TextRun], _ old: String, _ new: String) -> [[Int]]? {
            TextRun.carried(runs, from: old, to: new)?.map { [$0.start, $0.length] }
        }
        // "world" bold: a word typed before it moves it.
        #expect(carried([run(6, 5)], "Hello world", "Hello big world") == [[10, 5]])
        // Typed inside or right after the run: the run grows over it.
        #expect(carried([run(6, 5)], "Hello world", "Hello wonderful world") == [[6, 15]])
        #expect(carried([run(0, 5)], "Hello world", "Hellooo world") == [[0, 7]])
        #expect(carried([run(6, 5)], "Hello world", "Hello world again") == [[6, 11]])
        // Typed in place of text: the style of the first character replaced.
        #expect(carried([run(6, 5)], "Hello world", "Hello World") == [[6, 5]])
        #expect(carried([run(0, 5), run(6, 5)], "Hello world", "Hello_world") == [[0, 5], [6, 5]])
        // Deleted text shortens the run over it; a run whose text is all replaced is dropped.
        #expect(carried([run(0, 5), run(6, 5)], "Hello world", "Hello") == [[0, 5]])
        #expect(carried([run(0, 5), run(6, 5)], "Hello world", "Hi world") == [[0, 2], [3, 5]])
        #expect(carried([run(6, 5)], "Hello world", "Bye") == nil)
        // Typed at the very start: the style of the first character.
        #expect(carried([run(0, 5)], "Hello", "XHello") == [[0, 6]])
        #expect(carried([run(1, 4)], "Hello", "XHello") == [[2, 4]])
        // Runs past the old text (a merge of a shorter one) are cut to it first.
        #expect(carried([run(0, 9)], "Hello", "Hello!") == [[0, 6]])
        // Counted in UTF-16 code units, never splitting a surrogate pair.
        #expect(carried([run(3, 2)], "😀 ab", "😀😀 ab") == [[5, 2]])
        #expect(carried([run(0, 2)], "😀ab", "😁ab") == [[0, 2]])
        #expect(carried([run(1, 2)], "x😀", "x😁😀") == [[3, 2]])
    }
}
