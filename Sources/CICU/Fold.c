#include "PlumbFold.h"

#include <stdlib.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utypes.h>

// UTF-16 made by `fill` (an ICU call with a capacity), sized by a first call that only counts.
typedef int32_t (*PlumbFill)(const void *context, UChar *dest, int32_t capacity, UErrorCode *status);

static UChar *plumb_filled(PlumbFill fill, const void *context, int32_t *length, UErrorCode *status) {
    UErrorCode counting = U_ZERO_ERROR;
    int32_t needed = fill(context, NULL, 0, &counting);
    if (counting != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(counting)) {
        *status = counting;
        return NULL;
    }
    UChar *buffer = malloc(((size_t)needed + 1) * sizeof(UChar));
    if (buffer == NULL) {
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    *length = fill(context, buffer, needed + 1, status);
    if (U_FAILURE(*status)) {
        free(buffer);
        return NULL;
    }
    return buffer;
}

typedef struct { const char *text; int32_t length; } PlumbUTF8;
typedef struct { const UChar *text; int32_t length; } PlumbUTF16;

static int32_t plumb_from_utf8(const void *context, UChar *dest, int32_t capacity, UErrorCode *status) {
    const PlumbUTF8 *source = context;
    int32_t length = 0;
    u_strFromUTF8(dest, capacity, &length, source->text, source->length, status);
    return length;
}

static int32_t plumb_decompose(const void *context, UChar *dest, int32_t capacity, UErrorCode *status) {
    const PlumbUTF16 *source = context;
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(status);
    if (U_FAILURE(*status)) return 0;
    return unorm2_normalize(nfkd, source->text, source->length, dest, capacity, status);
}

static int32_t plumb_fold_case(const void *context, UChar *dest, int32_t capacity, UErrorCode *status) {
    const PlumbUTF16 *source = context;
    return u_strFoldCase(dest, capacity, source->text, source->length, U_FOLD_CASE_DEFAULT, status);
}

int32_t plumb_fold(const char *text, int64_t length, char *out, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    if (length < 0 || length > INT32_MAX) {
        *error = (int32_t)U_ILLEGAL_ARGUMENT_ERROR;
        return -1;
    }
    PlumbUTF8 utf8 = {text, (int32_t)length};
    int32_t unitsLength = 0, decomposedLength = 0, foldedLength = 0, written = 0;
    UChar *units = plumb_filled(plumb_from_utf8, &utf8, &unitsLength, &status);
    PlumbUTF16 wide = {units, unitsLength};
    UChar *decomposed = units ? plumb_filled(plumb_decompose, &wide, &decomposedLength, &status) : NULL;
    free(units);
    if (decomposed == NULL) {
        *error = (int32_t)status;
        return -1;
    }
    // Drop the non-spacing marks the decomposition split off (accents, diaereses, …).
    int32_t kept = 0;
    for (int32_t index = 0; index < decomposedLength;) {
        int32_t start = index;
        UChar32 scalar;
        U16_NEXT(decomposed, index, decomposedLength, scalar);
        if (u_charType(scalar) == U_NON_SPACING_MARK) continue;
        while (start < index) decomposed[kept++] = decomposed[start++];
    }
    PlumbUTF16 bare = {decomposed, kept};
    UChar *folded = plumb_filled(plumb_fold_case, &bare, &foldedLength, &status);
    free(decomposed);
    if (folded == NULL) {
        *error = (int32_t)status;
        return -1;
    }
    u_strToUTF8(out, capacity, &written, folded, foldedLength, &status);
    free(folded);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
    *error = (int32_t)status;
    return U_FAILURE(status) ? -1 : written;
}
