#define _GNU_SOURCE
#include "PlumbThreadStart.h"

#include <sched.h>
#include <stdlib.h>

/// What the new thread needs before it runs `body`: the CPUs to allow again.
struct Start {
    void *(*body)(void *);
    void *context;
    cpu_set_t allowed;
};

static void *start(void *argument) {
    struct Start copy = *(struct Start *)argument;
    free(argument);
    // Failing leaves the thread on the other CPUs only: still correct, just less free.
    (void)pthread_setaffinity_np(pthread_self(), sizeof copy.allowed, &copy.allowed);
    return copy.body(copy.context);
}

int plumb_thread_start(pthread_t *thread, void *(*body)(void *), void *context) {
    struct Start *placed = malloc(sizeof *placed);
    int current = sched_getcpu();
    if (placed != NULL && current >= 0 && current < CPU_SETSIZE
        && sched_getaffinity(0, sizeof placed->allowed, &placed->allowed) == 0) {
        cpu_set_t others = placed->allowed;
        CPU_CLR(current, &others);
        pthread_attr_t attributes;
        if (CPU_COUNT(&others) > 0 && pthread_attr_init(&attributes) == 0) {
            placed->body = body;
            placed->context = context;
            int made = pthread_attr_setaffinity_np(&attributes, sizeof others, &others) == 0
                ? pthread_create(thread, &attributes, start, placed) : -1;
            pthread_attr_destroy(&attributes);
            if (made == 0) return 0;
        }
    }
    free(placed);
    return pthread_create(thread, NULL, body, context);
}

int plumb_allowed_cpus(void) {
    cpu_set_t allowed;
    return pthread_getaffinity_np(pthread_self(), sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : -1;
}
