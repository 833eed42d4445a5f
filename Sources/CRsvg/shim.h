// librsvg and cairo, for CRaster's C code only: no Swift target imports this module, so GLib's,
// GObject's and cairo's headers stay out of Swift. pkg-config's `librsvg-2.0` brings cairo's
// include path and library too.
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <cairo-pdf.h>
