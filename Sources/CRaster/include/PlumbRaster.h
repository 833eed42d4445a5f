#ifndef PLUMB_RASTER_H
#define PLUMB_RASTER_H

// SVG to PNG and PDF through librsvg and cairo, behind plain C types only, so the Swift code
// that imports this module never parses GLib's, GObject's or cairo's headers.

#include <stddef.h>

/// The largest picture side, in pixels (PNG) or points (PDF), that is rendered; larger
/// requests fail with a message instead of allocating gigabytes.
#define PLUMB_RASTER_MAX_SIDE 16384

/// Renders the SVG document `svg` (`length` bytes of UTF-8) to a PNG at `scale` pixels per SVG
/// unit (the picture is its width × height units, rounded up to whole pixels).
/// Returns 0 and a malloc'd PNG in `*bytes` / `*count` on success; on failure returns -1 and a
/// malloc'd message in `*error`. Free both with `plumb_raster_free`.
int plumb_svg_to_png(const char *svg, size_t length, double scale,
                     unsigned char **bytes, size_t *count, char **error);

/// Renders the SVG document to a one-page PDF, one SVG unit per PDF point, text kept as text.
/// Same conventions as `plumb_svg_to_png`.
int plumb_svg_to_pdf(const char *svg, size_t length,
                     unsigned char **bytes, size_t *count, char **error);

/// Reads a PNG (`count` bytes) and gives its size in pixels and the colour of the pixel at
/// (`x`, `y`) as straight (not premultiplied) red, green, blue and alpha, 0–255: for checking
/// pictures. Returns 0, or -1 with a malloc'd message in `*error` (also when the pixel is
/// outside the picture).
int plumb_png_inspect(const unsigned char *png, size_t count, int x, int y,
                      int *width, int *height, unsigned char rgba[4], char **error);

/// Frees what the functions above returned. NULL is allowed.
void plumb_raster_free(void *pointer);

#endif
