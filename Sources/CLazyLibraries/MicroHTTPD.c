// libmicrohttpd, for `plumb serve`.
#include <microhttpd.h>
#include <sys/socket.h>

#include "PlumbLazyLibraries.h"

static PlumbLazyLibrary microhttpd = {"libmicrohttpd.so.12", "libmicrohttpd, to serve the studio",
                                      "install it with Tools/install-deps.sh (Debian: libmicrohttpd12)", NULL};

PLUMB_LAZY_VOID(microhttpd, MHD_stop_daemon, (struct MHD_Daemon *daemon), (daemon))
PLUMB_LAZY(microhttpd, int, MHD_get_connection_values,
           (struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *iterator_cls),
           (connection, kind, iterator, iterator_cls))
PLUMB_LAZY(microhttpd, struct MHD_Response *, MHD_create_response_from_buffer,
           (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))
PLUMB_LAZY(microhttpd, struct MHD_Response *, MHD_create_response_from_callback,
           (uint64_t size, size_t block_size, MHD_ContentReaderCallback crc, void *crc_cls, MHD_ContentReaderFreeCallback crfc),
           (size, block_size, crc, crc_cls, crfc))
PLUMB_LAZY(microhttpd, enum MHD_Result, MHD_add_response_header, (struct MHD_Response *response, const char *header, const char *content),
           (response, header, content))
PLUMB_LAZY(microhttpd, enum MHD_Result, MHD_queue_response, (struct MHD_Connection *connection, unsigned int status_code,
           struct MHD_Response *response), (connection, status_code, response))
PLUMB_LAZY_VOID(microhttpd, MHD_destroy_response, (struct MHD_Response *response), (response))

typedef struct MHD_Daemon *(*StartDaemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                          MHD_AccessHandlerCallback, void *, ...);
typedef const union MHD_DaemonInfo *(*DaemonInfo)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);

struct MHD_Daemon *plumb_mhd_start(unsigned int flags, const struct sockaddr *address,
                                   MHD_AccessHandlerCallback handler, void *handler_context,
                                   MHD_RequestCompletedCallback completed, void *completed_context,
                                   unsigned int connection_limit, unsigned int timeout) {
    StartDaemon start = (StartDaemon)plumb_lazy_symbol(&microhttpd, "MHD_start_daemon");
    return start(flags, 0, NULL, NULL, handler, handler_context,
                 MHD_OPTION_SOCK_ADDR, address,
                 MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                 MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                 MHD_OPTION_CONNECTION_TIMEOUT, timeout,
                 MHD_OPTION_END);
}

uint16_t plumb_mhd_bound_port(struct MHD_Daemon *daemon) {
    DaemonInfo info = (DaemonInfo)plumb_lazy_symbol(&microhttpd, "MHD_get_daemon_info");
    const union MHD_DaemonInfo *found = info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return found == NULL ? 0 : found->port;
}
