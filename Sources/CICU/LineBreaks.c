#include "PlumbLineBreaks.h"

#include <unicode/ubrk.h>
#include <unicode/ustring.h>
#include <stdlib.h>
#include <stdint.h>
#include <unicode/utypes.h>

// The opaque PlumbLineBreaker is ICU's UBreakIterator; the casts keep ICU's types out of the
// public header. ICU's headers rename every call to its versioned symbol (ubrk_open_72, …).

PlumbLineBreaker *plumb_line_breaker_open(int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    // The root locale (""), not the process locale, so results do not depend on LANG.
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    *error = (int32_t)status;
    if (U_FAILURE(status)) {
        ubrk_close(iterator);
        return NULL;
    }
    return (PlumbLineBreaker *)iterator;
}

void plumb_line_breaker_close(PlumbLineBreaker *breaker) {
    if (breaker != NULL) ubrk_close((UBreakIterator *)breaker);
}

int32_t plumb_line_breaker_find(PlumbLineBreaker *breaker,
                                const char *text, int64_t length,
                                int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                                int32_t *error) {
    UBreakIterator *iterator = (UBreakIterator *)breaker;
    UErrorCode status = U_ZERO_ERROR;
    if (length < 0 || length > INT32_MAX) {
        *error = (int32_t)U_ILLEGAL_ARGUMENT_ERROR;
        return -1;
    }
    // ICU reads UTF-16 fastest (its UTF-8 UText decodes through a chunk buffer, slower than
    // one conversion), so the text is converted here and offsets are mapped back to bytes.
    // A UTF-8 text never needs more UTF-16 units than it has bytes.
    UChar *units = malloc(sizeof(UChar) * (size_t)(length > 0 ? length : 1));
    if (units == NULL) {
        *error = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return -1;
    }
    int32_t unitCount = 0;
    u_strFromUTF8(units, (int32_t)(length > 0 ? length : 1), &unitCount, text, (int32_t)length, &status);
    if (U_SUCCESS(status)) ubrk_setText(iterator, units, unitCount, &status);
    *error = (int32_t)status;
    if (U_FAILURE(status)) {
        free(units);
        return -1;
    }

    int32_t count = 0;
    // The UTF-16 offset `unit` and the byte offset `byte` of the same place, walked forward.
    int32_t unit = 0, byte = 0;
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
        // The end of the text is not reported (`LineBreaking` gives a final newline its empty line).
        if (boundary >= unitCount) break;
        while (unit < boundary) {
            UChar next = units[unit];
            if (next < 0x80) {
                byte += 1, unit += 1;
            } else if (next < 0x800) {
                byte += 2, unit += 1;
            } else if (next >= 0xD800 && next <= 0xDBFF && unit + 1 < unitCount) {
                byte += 4, unit += 2;
            } else {
                byte += 3, unit += 1;
            }
        }
        int32_t rule = ubrk_getRuleStatus(iterator);
        if (count < capacity) {
            offsets[count] = byte;
            mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count += 1;
    }
    // Drop the iterator's reference to the buffer before freeing it.
    UErrorCode resetStatus = U_ZERO_ERROR;
    static const UChar none[1] = {0};
    ubrk_setText(iterator, none, 0, &resetStatus);
    free(units);
    return count;
}

const char *plumb_icu_error_name(int32_t error) {
    return u_errorName((UErrorCode)error);
}
