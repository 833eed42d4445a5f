#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro cast of -1; Swift cannot import it.
static inline sqlite3_destructor_type plumb_sqlite_transient(void) { return SQLITE_TRANSIENT; }
