#include <malloc.h>

// glibc's malloc_trim, which Swift's Glibc module does not bring in: freed memory in the
// middle of the heap goes back to the system only when asked.
