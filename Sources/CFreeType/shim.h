#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H

// FreeType's flag tests are function-like macros; Swift cannot import them.
static inline int plumb_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int plumb_ft_is_sfnt(FT_Face face) { return FT_IS_SFNT(face) ? 1 : 0; }

// FreeType leaves a bitmap-only OpenType face's units and metrics at 0 (Noto Color Emoji's
// CBDT); its `head` and `hhea` tables still have them. 0 when the table is missing.
static inline int plumb_ft_sfnt_units_per_em(FT_Face face) {
    TT_Header *head = (TT_Header *)FT_Get_Sfnt_Table(face, FT_SFNT_HEAD);
    return head ? head->Units_Per_EM : 0;
}
static inline int plumb_ft_sfnt_line_metrics(FT_Face face, int *ascender, int *descender, int *line_gap) {
    TT_HoriHeader *hhea = (TT_HoriHeader *)FT_Get_Sfnt_Table(face, FT_SFNT_HHEA);
    if (!hhea) return 0;
    *ascender = hhea->Ascender;
    *descender = hhea->Descender;
    *line_gap = hhea->Line_Gap;
    return 1;
}
