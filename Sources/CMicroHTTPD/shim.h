#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// libmicrohttpd is opened on first use (CLazyLibraries). MHD_start_daemon and
// MHD_get_daemon_info are variadic, which Swift cannot call and a trampoline cannot forward:
// CLazyLibraries defines these two fixed-argument wrappers instead.

/// Starts a daemon listening on `address` (IPv4 or IPv6, port 0 for any free port), one thread
/// per connection, calling `handler` for each request and `completed` when one is done.
/// `connection_limit` bounds open connections; `timeout` closes idle ones after that many seconds.
struct MHD_Daemon *plumb_mhd_start(unsigned int flags, const struct sockaddr *address,
                                   MHD_AccessHandlerCallback handler, void *handler_context,
                                   MHD_RequestCompletedCallback completed, void *completed_context,
                                   unsigned int connection_limit, unsigned int timeout);

/// The port the daemon is bound to (the one chosen when it was asked for port 0); 0 if unknown.
uint16_t plumb_mhd_bound_port(struct MHD_Daemon *daemon);

/// A response holding a copy of `size` bytes at `data` (which may be NULL when size is 0).
static inline struct MHD_Response *plumb_mhd_response_copying(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}
