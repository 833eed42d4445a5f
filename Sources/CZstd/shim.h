#include <zstd.h>

// ZSTD_isError and ZSTD_getErrorName are functions; ZSTD_CONTENTSIZE_ERROR and
// ZSTD_CONTENTSIZE_UNKNOWN are macros of unsigned long long, which Swift imports fine.
