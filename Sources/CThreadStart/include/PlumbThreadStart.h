#ifndef PLUMB_THREAD_START_H
#define PLUMB_THREAD_START_H

// Starting a thread on a core other than the caller's, in C: CPU sets and sched_getcpu are
// GNU extensions that Swift's Glibc module does not show.

#include <pthread.h>

/// Starts `body(context)` on a new thread, as pthread_create does, placed first on one of the
/// CPUs the caller may use other than the one it is on, then allowed on all of those again
/// (the first thing the thread does). Linux otherwise queues a new thread on its creator's busy
/// CPU until the next scheduler tick moves it (up to 4 ms at 250 Hz here, while the other
/// core idles), which costs a short job on two threads most of what it saves. Where the
/// caller may use one CPU only, or the placement fails, the thread starts as pthread_create
/// would start it (nothing outside the scheduler can tell the two apart, so no test does).
/// Returns pthread_create's result.
int plumb_thread_start(pthread_t *thread, void *(*body)(void *), void *context);

/// How many CPUs the calling thread may run on (its affinity, which `taskset` and cpusets
/// narrow); -1 when the system does not say.
int plumb_allowed_cpus(void);

#endif
