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

    /// Warns, each once, of every font family the labels `asked` gathered ask for that is not
    /// installed (a substitute measures them), and that those with a designed size keep it, so
    /// an import says what its resolves will. Says nothing when the installed fonts cannot be
    /// loaded at all: measuring will say so then.
    static func warnMissingFamilies(of asked: AskedFonts, console: Console) {
        guard let fonts = try? FontTextMeasurer() else { return }
        for (font, designed) in asked.fonts {
            _ = fonts.primaryFontFile(for: font)
            if designed { _ = fonts.isInstalled(font) }
        }
        printWarnings(of: fonts, console: console)
    }
}

/// The font of every label with text in the specs added (its runs' too), once per family and
/// weight, in the order first met, and whether a label in it carries a designed size.
struct AskedFonts {
    private(set) var fonts: [(font: Font, designed: Bool)] = []
    private var seen: [Font: Int] = [:]

    mutating func add(_ spec: Spec) {
        for view in spec.views where view.kind.hasText && view.text.map({ !$0.isEmpty }) == true {
            let designed = view.designedWidth != nil || view.designedHeight != nil
            // The label's own font, and those of its runs.
            for font in [view.resolvedFont] + view.styledText.runs.map(\.style.font) {
                let key = Font(family: font.family, size: 1, weight: font.weight)
                if let known = seen[key] {
                    fonts[known].designed = fonts[known].designed || designed
                } else {
                    seen[key] = fonts.count
                    fonts.append((font, designed))
                }
            }
        }
    }
}
