#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro cast of -1; Swift cannot import it.
static inline sqlite3_destructor_type plumb_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic; Swift cannot call it. Before SQLite starts, no connection sets
// aside page-cache memory up front (see `Database.configured`).
static inline int plumb_sqlite_no_bulk_page_cache(void) { return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0); }
