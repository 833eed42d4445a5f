#ifndef PLUMB_LAZY_LIBRARIES_H
#define PLUMB_LAZY_LIBRARIES_H

// The C libraries that only some commands need (libpq for the hub; FreeType, HarfBuzz,
// fontconfig and ICU for text measured with real fonts; libmicrohttpd for the studio; librsvg
// and cairo for PNG and PDF) are loaded when first called, not when `plumb` starts: loading
// them costs ~9 ms (librsvg alone, with GLib, Pango and cairo, more), more than a small
// command's whole run.
//
// This target defines each library function Plumb calls as a trampoline that opens the
// library with dlopen on first use and calls the real function. The system-library targets
// (CPostgres, CFreeType, CHarfBuzz, CFontconfig, CMicroHTTPD) and the C target CRaster
// therefore carry headers only and link
// nothing. A call to a function with no trampoline here fails to link: add it to the file
// of its library.

#include <stdatomic.h>

/// A library opened on first use, by its ABI name (soname).
typedef struct PlumbLazyLibrary PlumbLazyLibrary;


struct PlumbLazyLibrary {
    const char *soname;
    /// What Plumb needs it for, for the message when it is missing.
    const char *purpose;
    /// What to do when it is missing.
    const char *advice;
    _Atomic(void *) handle;
};

#define PLUMB_LAZY_STRING_(x) #x
/// The name of a function after macro expansion (ICU renames `ubrk_open` to `ubrk_open_72`).
#define PLUMB_LAZY_STRING(x) PLUMB_LAZY_STRING_(x)

/// Defines `name` as a trampoline into `library`: `ret name params` forwards `args`.
/// The address is looked up once and kept (atomically, as tests call from several threads).
#define PLUMB_LAZY(library, ret, name, params, args)                                        \
    ret name params {                                                                       \
        static _Atomic(void *) cached;                                                      \
        void *function = atomic_load_explicit(&cached, memory_order_acquire);              \
        if (function == NULL) {                                                             \
            function = plumb_lazy_symbol(&library, PLUMB_LAZY_STRING(name));                 \
            atomic_store_explicit(&cached, function, memory_order_release);                 \
        }                                                                                   \
        return ((ret(*) params)function) args;                                              \
    }

/// `PLUMB_LAZY` for functions returning nothing.
#define PLUMB_LAZY_VOID(library, name, params, args)                                        \
    void name params {                                                                      \
        static _Atomic(void *) cached;                                                      \
        void *function = atomic_load_explicit(&cached, memory_order_acquire);              \
        if (function == NULL) {                                                             \
            function = plumb_lazy_symbol(&library, PLUMB_LAZY_STRING(name));                 \
            atomic_store_explicit(&cached, function, memory_order_release);                 \
        }                                                                                   \
        ((void(*) params)function) args;                                                    \
    }


/// The address of `symbol` in `library`, opening the library on first use. When the library
/// or the symbol cannot be found, prints why and what to do on stderr and exits with status 1
/// (a missing shared library is an installation problem, not bad input).
void *plumb_lazy_symbol(PlumbLazyLibrary *library, const char *symbol);

#endif
