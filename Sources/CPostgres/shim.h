#include <libpq-fe.h>

static void plumb_pq_ignore_notice(void *arg, const char *message) { (void)arg; (void)message; }

// Server notices ("relation … already exists, skipping") are not errors; keep them off stderr.
static inline void plumb_pq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, plumb_pq_ignore_notice, 0);
}
