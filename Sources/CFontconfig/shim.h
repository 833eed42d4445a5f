#include <stddef.h>
#include <fontconfig/fontconfig.h>

// Fontconfig's object names (FC_FAMILY, …) are macros and its strings are FcChar8 (unsigned
// char); these wrappers give Swift plain `const char *` entry points.

static inline const char *plumb_fc_family(void) { return FC_FAMILY; }
static inline const char *plumb_fc_weight(void) { return FC_WEIGHT; }
static inline const char *plumb_fc_slant(void) { return FC_SLANT; }
static inline int plumb_fc_slant_italic(void) { return FC_SLANT_ITALIC; }
static inline int plumb_fc_slant_roman(void) { return FC_SLANT_ROMAN; }
static inline const char *plumb_fc_file(void) { return FC_FILE; }
static inline const char *plumb_fc_index(void) { return FC_INDEX; }
static inline const char *plumb_fc_charset(void) { return FC_CHARSET; }
static inline const char *plumb_fc_scalable(void) { return FC_SCALABLE; }

static inline FcBool plumb_fc_pattern_add_string(FcPattern *pattern, const char *object, const char *value) {
    return FcPatternAddString(pattern, object, (const FcChar8 *)value);
}

/// The `n`th string value of `object`, or NULL; the pointer is owned by `pattern`.
static inline const char *plumb_fc_pattern_get_string(FcPattern *pattern, const char *object, int n) {
    FcChar8 *value = NULL;
    if (FcPatternGetString(pattern, object, n, &value) != FcResultMatch) return NULL;
    return (const char *)value;
}

/// The `n`th integer value of `object`, or `fallback` when it has none.
static inline int plumb_fc_pattern_get_integer(FcPattern *pattern, const char *object, int n, int fallback) {
    int value = 0;
    if (FcPatternGetInteger(pattern, object, n, &value) != FcResultMatch) return fallback;
    return value;
}

/// Whether the font described by `pattern` has a glyph for `scalar` per its charset.
static inline FcBool plumb_fc_pattern_has_char(FcPattern *pattern, FcChar32 scalar) {
    FcCharSet *charset = NULL;
    if (FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) != FcResultMatch) return FcFalse;
    return FcCharSetHasChar(charset, scalar);
}

/// Whether `pattern` (a font) is scalable; fonts without the property count as scalable.
static inline FcBool plumb_fc_pattern_is_scalable(FcPattern *pattern) {
    FcBool value = FcTrue;
    if (FcPatternGetBool(pattern, FC_SCALABLE, 0, &value) != FcResultMatch) return FcTrue;
    return value;
}
