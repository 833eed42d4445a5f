#include "PlumbLazyLibraries.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *plumb_lazy_symbol(PlumbLazyLibrary *library, const char *symbol) {
    void *handle = atomic_load_explicit(&library->handle, memory_order_acquire);
    if (handle == NULL) {
        // dlopen is thread-safe and returns the same handle when called twice.
        handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            fprintf(stderr, "plumb: cannot load %s (%s): %s\n", library->soname, library->purpose, dlerror());
            fprintf(stderr, "plumb: %s\n", library->advice);
            exit(1);
        }
        atomic_store_explicit(&library->handle, handle, memory_order_release);
    }
    void *address = dlsym(handle, symbol);
    if (address == NULL) {
        fprintf(stderr, "plumb: %s has no function %s: %s\n", library->soname, symbol, dlerror());
        fprintf(stderr, "plumb: %s\n", library->advice);
        exit(1);
    }
    return address;
}
