import LayoutEngine
import LayoutSpec
import TextMetrics

/// `--metrics`: which text measurer lays out labels and buttons.
enum TextMetricsChoice: String, CaseIterable {
    /// Installed fonts through fontconfig, FreeType and HarfBuzz (`FontTextMeasurer`).
    case fonts
    /// The deterministic model (`FixedTextMeasurer`): same numbers on every machine.
    case fixed

    /// A new measurer of this kind. Fonts fail (exit 1) when no font can be loaded.
    func makeMeasurer() throws(CLIError) -> any TextMeasuring {
        switch self {
        case .fixed:
            return FixedTextMeasurer()
        case .fonts:
            do {
                return try FontTextMeasurer()
            } catch {
                throw CLIError.failure("cannot measure text with the installed fonts: \(error); --metrics fixed needs no fonts")
            }
        }
    }
}

/// What commands ask a measurer beyond `TextMeasuring`.
enum MeasurerReport {
    /// Prints the measurer's warnings (missing families, unreadable font files) on stderr,
    /// each once. Call once, after all layout is done.
    static func printWarnings(of measurer: any TextMeasuring, console: Console) {
        guard let fonts = measurer as? FontTextMeasurer else { return }
        for warning in fonts.warnings { console.warn(warning) }
    }

}
