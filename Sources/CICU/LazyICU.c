// ICU's common library, opened on first use (see PlumbLazyLibraries.h). ICU's headers rename
// each function to its versioned symbol (ubrk_open → ubrk_open_72), and so do these
// definitions: each defines the versioned symbol as a trampoline into the installed ICU.
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>
#include <unicode/uvernum.h>

#include "PlumbLazyLibraries.h"

static PlumbLazyLibrary icu = {
    "libicuuc.so." PLUMB_LAZY_STRING(U_ICU_VERSION_MAJOR_NUM), "ICU, to find where lines may break and to fold accents",
    "install it with Tools/install-deps.sh, or measure text with --metrics fixed, which needs no fonts", NULL};

PLUMB_LAZY(icu, UBreakIterator *, ubrk_open,
           (UBreakIteratorType type, const char *locale, const UChar *text, int32_t textLength, UErrorCode *status),
           (type, locale, text, textLength, status))
PLUMB_LAZY_VOID(icu, ubrk_close, (UBreakIterator *bi), (bi))
PLUMB_LAZY_VOID(icu, ubrk_setText, (UBreakIterator *bi, const UChar *text, int32_t textLength, UErrorCode *status),
                (bi, text, textLength, status))
PLUMB_LAZY(icu, UChar *, u_strFromUTF8,
           (UChar *dest, int32_t destCapacity, int32_t *pDestLength, const char *src, int32_t srcLength, UErrorCode *status),
           (dest, destCapacity, pDestLength, src, srcLength, status))
PLUMB_LAZY(icu, int32_t, ubrk_next, (UBreakIterator *bi), (bi))
PLUMB_LAZY(icu, int32_t, ubrk_getRuleStatus, (UBreakIterator *bi), (bi))
PLUMB_LAZY(icu, const char *, u_errorName, (UErrorCode code), (code))
PLUMB_LAZY(icu, char *, u_strToUTF8,
           (char *dest, int32_t destCapacity, int32_t *pDestLength, const UChar *src, int32_t srcLength, UErrorCode *status),
           (dest, destCapacity, pDestLength, src, srcLength, status))
PLUMB_LAZY(icu, int32_t, u_strFoldCase,
           (UChar *dest, int32_t destCapacity, const UChar *src, int32_t srcLength, uint32_t options, UErrorCode *status),
           (dest, destCapacity, src, srcLength, options, status))
PLUMB_LAZY(icu, const UNormalizer2 *, unorm2_getNFKDInstance, (UErrorCode *status), (status))
PLUMB_LAZY(icu, int32_t, unorm2_normalize,
           (const UNormalizer2 *norm2, const UChar *src, int32_t length, UChar *dest, int32_t capacity, UErrorCode *status),
           (norm2, src, length, dest, capacity, status))
PLUMB_LAZY(icu, int8_t, u_charType, (UChar32 c), (c))
