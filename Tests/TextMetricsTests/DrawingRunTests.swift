import LayoutSpec
import Testing
import TextMetrics

/// The measurer names the face that drew each run of text, so pictures can ask for it.
struct DrawingRunTests {
    let measurer: FontTextMeasurer

    init() throws {
        measurer = try FontTextMeasurer()
    }

    @Test func latinTextIsOneRunInThePrimaryFace() {
        let text = "Sign in, please"
        let runs = measurer.drawingRuns(of: text, font: Font(family: "system", size: 17))
        #expect(runs.count == 1)
        #expect(runs.first?.family == "DejaVu Sans")
        #expect(runs.first?.range == text.startIndex..<text.endIndex)
    }

    @Test func chineseAndEmojiRunsNameTheirFallbackFaces() {
        let text = "Hi 你好 👍!"
        let font = Font(family: "system", size: 17)
        let runs = measurer.drawingRuns(of: text, font: font)
        let pieces = runs.map { (String(text[$0.range]), $0.family) }
        // Every character is in exactly one run, in order.
        #expect(pieces.map(\.0).joined() == text)
        // Each run's family is the family of the file the measurer used for its characters.
        for run in runs {
            for character in text[run.range] where character != " " {
                let file = measurer.fontFile(for: character.unicodeScalars.first!, font: font)
                #expect(file.family == run.family, "\(character) is drawn with \(file.family), the run says \(run.family)")
            }
        }
        #expect(pieces.first?.1 == "DejaVu Sans")
        #expect(pieces.contains { $0.0.contains("你好") && $0.1.hasPrefix("WenQuanYi Micro Hei") })
        #expect(pieces.contains { $0.0.contains("👍") && $0.1 != "DejaVu Sans" && !$0.1.hasPrefix("WenQuanYi") },
                "an emoji face draws the emoji (Debian: fonts-noto-color-emoji): \(pieces)")
    }

    @Test func colourEmojiAreMeasuredWithTheirOwnFace() {
        let font = Font(family: "system", size: 20)
        let file = measurer.fontFile(for: "👍", font: font)
        #expect(file.family == "Noto Color Emoji", "Debian: fonts-noto-color-emoji")
        let width = measurer.width(of: "👍", font: font)
        #expect(width > 10 && width < 40, "\(width)")
        #expect(measurer.warnings.isEmpty, "\(measurer.warnings)")
    }

    @Test func controlCharactersJoinTheRunTheyAreIn() {
        let text = "\u{0001}ab\u{0002}"
        let runs = measurer.drawingRuns(of: text, font: Font(family: "system", size: 12))
        #expect(runs.count == 1)
        #expect(runs.first?.range == text.startIndex..<text.endIndex)
    }
}
