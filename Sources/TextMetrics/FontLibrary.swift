import LayoutSpec

/// Finds and loads fonts: resolves a family and weight through fontconfig, loads each font
/// file once, and picks a fallback face for characters a font lacks. Problems become warnings
/// and the nearest working font is used instead.
final class FontLibrary {
    private let freeType: FreeTypeLibrary
    private let fontconfig: FontconfigConfiguration
    /// Every face loaded, by file and face index; files that failed to load map to nil.
    private var typefaces: [FontFile: Typeface?] = [:]
    /// The platform's sans-serif at regular weight: the last resort for every request.
    let defaultFont: ResolvedFont

    /// Problems met so far (missing families, unreadable font files), each once, in order.
    private(set) var warnings: [String] = []
    private var warned: Set<String> = []

    /// Generic family names fontconfig resolves by its own rules; never reported missing.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
    ]

    /// Loads fontconfig's configuration and the default sans-serif face; throws if there is no
    /// usable font at all.
    init() throws(TextMetricsError) {
        freeType = try FreeTypeLibrary()
        fontconfig = try FontconfigConfiguration()
        let match = try fontconfig.bestMatch(for: FontPattern(family: "sans-serif", openTypeWeight: FontWeight.regular.numericWeight))
        guard let file = match.fontFile else {
            throw TextMetricsError(library: .fontconfig, function: "FcFontMatch", message: "the sans-serif match names no font file")
        }
        let face = try Typeface(file: file, library: freeType)
        typefaces[file] = face
        defaultFont = ResolvedFont(requestedFamily: "sans-serif", weight: .regular, query: "sans-serif", primary: face, isFamilyInstalled: true)
    }

    /// Records a warning once.
    func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }

    /// Resolves `family` ("system" = sans-serif) at `weight`. A family that is not installed
    /// gives a warning and sans-serif; a font that cannot be loaded gives a warning and the
    /// default font.
    func resolve(family: String, weight: FontWeight, italic: Bool = false) -> ResolvedFont {
        let requested = family.trimmingSpaces()
        var query = requested.isEmpty || requested == "system" ? "sans-serif" : requested
        var isInstalled = true
        do {
            var match = try fontconfig.bestMatch(for: FontPattern(family: query, openTypeWeight: weight.numericWeight, italic: italic))
            if !Self.genericFamilies.contains(query.lowercased()),
               !match.families.contains(where: { Self.sameFamily($0, query) }) {
                query = "sans-serif"
                isInstalled = false
                match = try fontconfig.bestMatch(for: FontPattern(family: query, openTypeWeight: weight.numericWeight, italic: italic))
                let substitute = match.families.first ?? "sans-serif"
                warn("font family \"\(requested)\" is not installed; using sans-serif (\(substitute)) instead")
            }
            guard let file = match.fontFile else {
                throw TextMetricsError(library: .fontconfig, function: "FcFontMatch", message: "the match for \"\(query)\" names no font file")
            }
            return ResolvedFont(requestedFamily: family, weight: weight, italic: italic, query: query, primary: try typeface(for: file),
                                isFamilyInstalled: isInstalled)
        } catch {
            warn("cannot use font \"\(family)\" \(weight.rawValue): \(error); using \(defaultFont.primary.file.family) instead")
            return ResolvedFont(
                requestedFamily: family, weight: weight, italic: italic, query: defaultFont.query, primary: defaultFont.primary,
                isFamilyInstalled: false)
        }
    }

    /// The face that draws `character` in `font`: the primary if it has every scalar, else the
    /// fallback for the first one it lacks. Nil for control characters, which have no width.
    func typeface(for character: Character, in font: ResolvedFont) -> Typeface? {
        var drawable = false
        var firstMissing: Unicode.Scalar?
        for scalar in character.unicodeScalars where !Self.isControl(scalar) {
            drawable = true
            if firstMissing == nil, !font.primary.hasGlyph(for: scalar), !scalar.properties.isDefaultIgnorableCodePoint {
                firstMissing = scalar
            }
        }
        guard drawable else { return nil }
        guard let firstMissing else { return font.primary }
        return typeface(for: firstMissing, in: font)
    }

    /// The face that draws `scalar` in `font`: the primary when it has a glyph, else the first
    /// font in fontconfig's order for the request whose character set has it (remembered per
    /// scalar), else the primary (which draws its missing-glyph box).
    func typeface(for scalar: Unicode.Scalar, in font: ResolvedFont) -> Typeface {
        if font.primary.hasGlyph(for: scalar) { return font.primary }
        if let known = font.fallbacks[scalar.value] { return known }
        var chosen = font.primary
        for file in fallbackFonts(for: font)?.fontFiles(containing: scalar) ?? [] where file != font.primary.file {
            if let face = try? typeface(for: file), face.hasGlyph(for: scalar) {
                chosen = face
                break
            }
        }
        font.fallbacks[scalar.value] = chosen
        return chosen
    }

    /// Fontconfig's sorted font list for `font`'s request, fetched once.
    private func fallbackFonts(for font: ResolvedFont) -> FontSet? {
        if !font.fallbackFontsLoaded {
            font.fallbackFontsLoaded = true
            do {
                font.fallbackFonts = try fontconfig.sortedFonts(
                    for: FontPattern(family: font.query, openTypeWeight: font.weight.numericWeight, italic: font.italic))
            } catch {
                warn("cannot list fallback fonts for \"\(font.requestedFamily)\": \(error)")
            }
        }
        return font.fallbackFonts
    }

    /// The loaded face for `file`, loading it on first use; a file that fails is warned about
    /// once and not tried again.
    private func typeface(for file: FontFile) throws(TextMetricsError) -> Typeface {
        if let known = typefaces[file] {
            guard let known else {
                throw TextMetricsError(library: .freeType, function: "FT_New_Face", message: "\(file.path) failed to load before")
            }
            return known
        }
        do {
            let face = try Typeface(file: file, library: freeType)
            typefaces[file] = face
            return face
        } catch {
            typefaces[file] = .some(nil)
            warn("cannot load font file \(file): \(error)")
            throw error
        }
    }

    /// C0 and C1 control characters (newline, tab, …): not drawn, no width.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Family names compare as fontconfig does: ignoring case and spaces.
    static func sameFamily(_ left: String, _ right: String) -> Bool {
        func folded(_ name: String) -> String { name.lowercased().filter { $0 != " " } }
        return folded(left) == folded(right)
    }
}

extension String {
    /// The string without leading and trailing spaces (no Foundation needed).
    fileprivate func trimmingSpaces() -> String {
        let trimmed = drop(while: { $0 == " " })
        return String(trimmed.reversed().drop(while: { $0 == " " }).reversed())
    }
}
