#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these
// fixed-argument wrappers call them.

/// Starts a daemon listening on `address` (IPv4 or IPv6, port 0 for any free port), one thread
/// per connection, calling `handler` for each request and `completed` when one is done.
/// `connection_limit` bounds open connections; `timeout` closes idle ones after that many seconds;
/// `notify` hears of each connection opening and closing.
static inline struct MHD_Daemon *plumb_mhd_start(unsigned int flags, const struct sockaddr *address,
                                                 MHD_AccessHandlerCallback handler, void *handler_context,
                                                 MHD_RequestCompletedCallback completed, void *completed_context,
                                                 MHD_NotifyConnectionCallback notify, void *notify_context,
                                                 unsigned int connection_limit, unsigned int timeout) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, notify_context,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout,
                            MHD_OPTION_END);
}

/// The port the daemon is bound to (the one chosen when it was asked for port 0); 0 if unknown.
static inline uint16_t plumb_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *found = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return found == NULL ? 0 : found->port;
}

/// The socket of a connection; -1 if unknown.
static inline int plumb_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *found = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return found == NULL ? -1 : found->connect_fd;
}

/// A response holding a copy of `size` bytes at `data` (which may be NULL when size is 0).
static inline struct MHD_Response *plumb_mhd_response_copying(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}
