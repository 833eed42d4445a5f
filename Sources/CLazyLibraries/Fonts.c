// FreeType, HarfBuzz and fontconfig, for text measured with the installed fonts.
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ot.h>

#include "PlumbLazyLibraries.h"

#define PLUMB_FONT_ADVICE "install it with Tools/install-deps.sh, or measure text with --metrics fixed, which needs no fonts"

static PlumbLazyLibrary freetype = {"libfreetype.so.6", "FreeType, to read font files", PLUMB_FONT_ADVICE, NULL};
static PlumbLazyLibrary harfbuzz = {"libharfbuzz.so.0", "HarfBuzz, to shape text", PLUMB_FONT_ADVICE, NULL};
static PlumbLazyLibrary fontconfig = {"libfontconfig.so.1", "fontconfig, to find fonts", PLUMB_FONT_ADVICE, NULL};

// FreeType
PLUMB_LAZY(freetype, FT_Error, FT_Init_FreeType, (FT_Library *alibrary), (alibrary))
PLUMB_LAZY(freetype, FT_Error, FT_Done_FreeType, (FT_Library library), (library))
PLUMB_LAZY(freetype, FT_Error, FT_New_Face, (FT_Library library, const char *filepathname, FT_Long face_index, FT_Face *aface),
           (library, filepathname, face_index, aface))
PLUMB_LAZY(freetype, FT_Error, FT_Done_Face, (FT_Face face), (face))
PLUMB_LAZY(freetype, void *, FT_Get_Sfnt_Table, (FT_Face face, FT_Sfnt_Tag tag), (face, tag))
PLUMB_LAZY(freetype, FT_UInt, FT_Get_Char_Index, (FT_Face face, FT_ULong charcode), (face, charcode))
PLUMB_LAZY(freetype, const char *, FT_Error_String, (FT_Error error_code), (error_code))
PLUMB_LAZY(freetype, FT_Error, FT_Load_Glyph, (FT_Face face, FT_UInt glyph_index, FT_Int32 load_flags), (face, glyph_index, load_flags))
PLUMB_LAZY(freetype, FT_Error, FT_Get_Kerning, (FT_Face face, FT_UInt left_glyph, FT_UInt right_glyph, FT_UInt kern_mode, FT_Vector *akerning),
           (face, left_glyph, right_glyph, kern_mode, akerning))

// HarfBuzz
PLUMB_LAZY(harfbuzz, hb_blob_t *, hb_blob_create_from_file_or_fail, (const char *file_name), (file_name))
PLUMB_LAZY_VOID(harfbuzz, hb_blob_destroy, (hb_blob_t *blob), (blob))
PLUMB_LAZY(harfbuzz, hb_face_t *, hb_face_create, (hb_blob_t *blob, unsigned int index), (blob, index))
PLUMB_LAZY_VOID(harfbuzz, hb_face_destroy, (hb_face_t *face), (face))
PLUMB_LAZY(harfbuzz, unsigned int, hb_face_get_upem, (const hb_face_t *face), (face))
PLUMB_LAZY(harfbuzz, unsigned int, hb_face_get_glyph_count, (const hb_face_t *face), (face))
PLUMB_LAZY(harfbuzz, hb_font_t *, hb_font_create, (hb_face_t *face), (face))
PLUMB_LAZY_VOID(harfbuzz, hb_font_destroy, (hb_font_t *font), (font))
PLUMB_LAZY_VOID(harfbuzz, hb_font_set_scale, (hb_font_t *font, int x_scale, int y_scale), (font, x_scale, y_scale))
PLUMB_LAZY_VOID(harfbuzz, hb_ot_font_set_funcs, (hb_font_t *font), (font))
PLUMB_LAZY(harfbuzz, hb_buffer_t *, hb_buffer_create, (void), ())
PLUMB_LAZY_VOID(harfbuzz, hb_buffer_destroy, (hb_buffer_t *buffer), (buffer))
PLUMB_LAZY_VOID(harfbuzz, hb_buffer_clear_contents, (hb_buffer_t *buffer), (buffer))
PLUMB_LAZY(harfbuzz, hb_bool_t, hb_buffer_allocation_successful, (hb_buffer_t *buffer), (buffer))
PLUMB_LAZY_VOID(harfbuzz, hb_buffer_add_codepoints,
                (hb_buffer_t *buffer, const hb_codepoint_t *text, int text_length, unsigned int item_offset, int item_length),
                (buffer, text, text_length, item_offset, item_length))
PLUMB_LAZY_VOID(harfbuzz, hb_buffer_guess_segment_properties, (hb_buffer_t *buffer), (buffer))
PLUMB_LAZY_VOID(harfbuzz, hb_buffer_set_direction, (hb_buffer_t *buffer, hb_direction_t direction), (buffer, direction))
PLUMB_LAZY(harfbuzz, hb_script_t, hb_buffer_get_script, (const hb_buffer_t *buffer), (buffer))
PLUMB_LAZY(harfbuzz, hb_unicode_funcs_t *, hb_unicode_funcs_get_default, (void), ())
PLUMB_LAZY(harfbuzz, hb_script_t, hb_unicode_script, (hb_unicode_funcs_t *ufuncs, hb_codepoint_t unicode), (ufuncs, unicode))
PLUMB_LAZY(harfbuzz, unsigned int, hb_buffer_get_length, (const hb_buffer_t *buffer), (buffer))
PLUMB_LAZY(harfbuzz, hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t *buffer, unsigned int *length), (buffer, length))
PLUMB_LAZY(harfbuzz, hb_glyph_position_t *, hb_buffer_get_glyph_positions, (hb_buffer_t *buffer, unsigned int *length),
           (buffer, length))
PLUMB_LAZY_VOID(harfbuzz, hb_shape, (hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int num_features),
                (font, buffer, features, num_features))

// fontconfig
PLUMB_LAZY(fontconfig, FcConfig *, FcInitLoadConfigAndFonts, (void), ())
PLUMB_LAZY_VOID(fontconfig, FcConfigDestroy, (FcConfig *config), (config))
PLUMB_LAZY(fontconfig, FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind), (config, p, kind))
PLUMB_LAZY_VOID(fontconfig, FcDefaultSubstitute, (FcPattern *pattern), (pattern))
PLUMB_LAZY(fontconfig, FcPattern *, FcPatternCreate, (void), ())
PLUMB_LAZY_VOID(fontconfig, FcPatternDestroy, (FcPattern *p), (p))
PLUMB_LAZY(fontconfig, FcBool, FcPatternAddInteger, (FcPattern *p, const char *object, int i), (p, object, i))
PLUMB_LAZY(fontconfig, FcBool, FcPatternAddBool, (FcPattern *p, const char *object, FcBool b), (p, object, b))
PLUMB_LAZY(fontconfig, FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s), (p, object, s))
PLUMB_LAZY(fontconfig, FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 **s), (p, object, n, s))
PLUMB_LAZY(fontconfig, FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i), (p, object, n, i))
PLUMB_LAZY(fontconfig, FcResult, FcPatternGetBool, (const FcPattern *p, const char *object, int n, FcBool *b), (p, object, n, b))
PLUMB_LAZY(fontconfig, FcResult, FcPatternGetCharSet, (const FcPattern *p, const char *object, int n, FcCharSet **c),
           (p, object, n, c))
PLUMB_LAZY(fontconfig, FcBool, FcCharSetHasChar, (const FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4))
PLUMB_LAZY(fontconfig, FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result), (config, p, result))
PLUMB_LAZY(fontconfig, FcFontSet *, FcFontSort, (FcConfig *config, FcPattern *p, FcBool trim, FcCharSet **csp, FcResult *result),
           (config, p, trim, csp, result))
PLUMB_LAZY_VOID(fontconfig, FcFontSetDestroy, (FcFontSet *s), (s))
PLUMB_LAZY(fontconfig, int, FcWeightFromOpenType, (int ot_weight), (ot_weight))
