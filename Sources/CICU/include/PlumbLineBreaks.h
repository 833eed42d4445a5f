#ifndef PLUMB_LINE_BREAKS_H
#define PLUMB_LINE_BREAKS_H

// UAX #14 line breaking through ICU, behind plain C types only: Swift code that imports this
// module never sees ICU's headers, which clash with the ICU inside Foundation.

#include <stdint.h>

/// An ICU line-break iterator (UBRK_LINE, root locale). Opaque.
typedef struct PlumbLineBreaker PlumbLineBreaker;

/// Opens a line-break iterator. Returns NULL on failure with ICU's error code in `*error`;
/// on success `*error` is 0 or an ICU warning (negative).
PlumbLineBreaker *plumb_line_breaker_open(int32_t *error);

/// Closes an iterator from `plumb_line_breaker_open`. NULL is allowed.
void plumb_line_breaker_close(PlumbLineBreaker *breaker);

/// Finds the break opportunities in `text` (valid UTF-8, `length` bytes, at most INT32_MAX;
/// ICU reads a UTF-16 copy): the byte offset at which each line could start, after the first,
/// ascending, excluding the end of the text. Writes at most `capacity` entries to `offsets`
/// and `mandatory` (1 after a hard break such as a newline, else 0) and returns the number
/// found, which may exceed `capacity` (call again with more room; `length` entries always
/// suffice). Returns -1 on failure with ICU's error code in `*error`. The iterator keeps no
/// pointer to `text` after the call returns.
int32_t plumb_line_breaker_find(PlumbLineBreaker *breaker,
                                const char *text, int64_t length,
                                int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                                int32_t *error);

/// ICU's name for an error code, e.g. "U_ILLEGAL_ARGUMENT_ERROR". Never NULL.
const char *plumb_icu_error_name(int32_t error);

#endif
