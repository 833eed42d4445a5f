import LayoutSpec
import Testing
import TextMetrics

/// A family that is not installed is a warning and sans-serif, never a crash.
struct MissingFamilyTests {
    @Test func missingFamilyWarnsOnceAndMeasuresInSansSerif() throws {
        let measurer = try FontTextMeasurer()
        #expect(measurer.warnings.isEmpty)
        let missing = Font(family: "No Such Family", size: 17)
        let width = measurer.width(of: "Hello", font: missing)
        #expect(width == measurer.width(of: "Hello", font: Font(family: "system", size: 17)))
        #expect(measurer.lineMetrics(of: missing) == measurer.lineMetrics(of: Font(family: "system", size: 17)))
        _ = measurer.width(of: "again", font: missing)
        _ = measurer.width(of: "again", font: Font(family: "No Such Family", size: 9, weight: .regular))
        #expect(measurer.warnings.count == 1)
        #expect(measurer.warnings.first?.contains("\"No Such Family\"") == true)
        #expect(measurer.primaryFontFile(for: missing).path == InstalledFonts.dejaVuSans)
        #expect(!measurer.isFamilyInstalled(missing))
    }

    @Test func missingFamilyKeepsTheWeight() throws {
        let measurer = try FontTextMeasurer()
        let missing = Font(family: "No Such Family", size: 17, weight: .bold)
        #expect(measurer.primaryFontFile(for: missing).path == InstalledFonts.dejaVuSansBold)
    }

    @Test(arguments: ["dejavu sans", "DejaVuSans", "sans-serif"])
    func installedFamiliesAndGenericsDoNotWarn(family: String) throws {
        let measurer = try FontTextMeasurer()
        _ = measurer.width(of: "Hello", font: Font(family: family, size: 17))
        #expect(measurer.warnings.isEmpty)
        #expect(measurer.primaryFontFile(for: Font(family: family)).path == InstalledFonts.dejaVuSans)
        #expect(measurer.isFamilyInstalled(Font(family: family, weight: .bold)))
    }
}
