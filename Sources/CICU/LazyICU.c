// ICU's common library, opened on first use (see PlumbLazyLibraries.h). ICU's headers rename
// each function to its versioned symbol (ubrk_open → ubrk_open_72), and so do these
// definitions: each defines the versioned symbol as a trampoline into the installed ICU.
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/utypes.h>
#include <unicode/uvernum.h>

#include "PlumbLazyLibraries.h"

static PlumbLazyLibrary icu = {
    "libicuuc.so." PLUMB_LAZY_STRING(U_ICU_VERSION_MAJOR_NUM), "ICU, to find where lines may break",
    "install it with Tools/install-deps.sh, or measure text with --metrics fixed, which needs no fonts", NULL};

PLUMB_LAZY(icu, UBreakIterator *, ubrk_open,
           (UBreakIteratorType type, const char *locale, const UChar *text, int32_t textLength, UErrorCode *status),
           (type, locale, text, textLength, status))
PLUMB_LAZY_VOID(icu, ubrk_close, (UBreakIterator *bi), (bi))
PLUMB_LAZY_VOID(icu, ubrk_setText, (UBreakIterator *bi, const UChar *text, int32_t textLength, UErrorCode *status),
                (bi, text, textLength, status))
PLUMB_LAZY_VOID(icu, ubrk_setUText, (UBreakIterator *bi, UText *text, UErrorCode *status), (bi, text, status))
PLUMB_LAZY(icu, UText *, utext_openUTF8, (UText *ut, const char *s, int64_t length, UErrorCode *status),
           (ut, s, length, status))
PLUMB_LAZY(icu, UText *, utext_close, (UText *ut), (ut))
PLUMB_LAZY(icu, int32_t, ubrk_next, (UBreakIterator *bi), (bi))
PLUMB_LAZY(icu, int32_t, ubrk_getRuleStatus, (UBreakIterator *bi), (bi))
PLUMB_LAZY(icu, const char *, u_errorName, (UErrorCode code), (code))
