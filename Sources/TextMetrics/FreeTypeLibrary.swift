internal import CFreeType

/// Owns one FreeType library instance (`FT_Library`). Faces keep their library alive.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(TextMetricsError) {
        var library: FT_Library?
        try TextMetricsError.checkFreeType(FT_Init_FreeType(&library), "FT_Init_FreeType")
        handle = try TextMetricsError.checkNotNull(library, .freeType, "FT_Init_FreeType", "no library returned")
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}
