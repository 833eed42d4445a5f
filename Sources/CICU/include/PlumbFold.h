#ifndef PLUMB_FOLD_H
#define PLUMB_FOLD_H

// Text folded for matching and slugs through ICU, behind plain C types only.

#include <stdint.h>

/// Folds `text` (valid UTF-8, `length` bytes, at most INT32_MAX): compatibility decomposition
/// (NFKD: full-width letters become plain ones, ligatures their letters), non-spacing marks
/// (accents) dropped, then case folded (`Café` → `cafe`). Writes at most `capacity` bytes of
/// UTF-8 to `out` and returns the folded length, which may exceed `capacity` (call again with
/// that much room). Returns -1 on failure with ICU's error code in `*error`.
int32_t plumb_fold(const char *text, int64_t length, char *out, int32_t capacity, int32_t *error);

#endif
