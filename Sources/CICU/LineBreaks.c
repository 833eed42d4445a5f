#include "PlumbLineBreaks.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>
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
    static const char empty[1] = {0};
    UText *utext = utext_openUTF8(NULL, length > 0 ? text : empty, length, &status);
    if (U_SUCCESS(status)) ubrk_setUText(iterator, utext, &status);
    *error = (int32_t)status;
    if (U_FAILURE(status)) {
        utext_close(utext);
        return -1;
    }

    int32_t count = 0;
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
        // A line never starts at the end of the text: a trailing newline ends the last line.
        if (boundary >= length) break;
        int32_t rule = ubrk_getRuleStatus(iterator);
        if (count < capacity) {
            offsets[count] = boundary;
            mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count += 1;
    }
    // Drop the references to the caller's buffer (the iterator keeps its own UText clone).
    UErrorCode resetStatus = U_ZERO_ERROR;
    static const UChar none[1] = {0};
    ubrk_setText(iterator, none, 0, &resetStatus);
    utext_close(utext);
    return count;
}

const char *plumb_icu_error_name(int32_t error) {
    return u_errorName((UErrorCode)error);
}
