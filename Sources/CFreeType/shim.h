#include <ft2build.h>
#include FT_FREETYPE_H

// FreeType's flag tests are function-like macros; Swift cannot import them.
static inline int plumb_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
