// librsvg and cairo (and the GLib pieces their API hands out), for PNG and PDF pictures.
#include <cairo.h>
#include <cairo-pdf.h>
#include <librsvg/rsvg.h>
#include <png.h>
#include <setjmp.h>

#include "PlumbLazyLibraries.h"

#define PLUMB_RASTER_ADVICE "install it with Tools/install-deps.sh (Debian: librsvg2-2, libcairo2), or write .svg, which needs neither"

static PlumbLazyLibrary rsvg = {"librsvg-2.so.2", "librsvg, to draw SVG into PNG and PDF", PLUMB_RASTER_ADVICE, NULL};
static PlumbLazyLibrary cairo = {"libcairo.so.2", "cairo, to write PNG and PDF", PLUMB_RASTER_ADVICE, NULL};
static PlumbLazyLibrary gobject = {"libgobject-2.0.so.0", "GObject, which librsvg's handles are", PLUMB_RASTER_ADVICE, NULL};
static PlumbLazyLibrary glib = {"libglib-2.0.so.0", "GLib, for librsvg's errors", PLUMB_RASTER_ADVICE, NULL};
static PlumbLazyLibrary libpng = {"libpng16.so.16", "libpng, to write PNG", PLUMB_RASTER_ADVICE, NULL};

// librsvg
PLUMB_LAZY(rsvg, RsvgHandle *, rsvg_handle_new_from_data, (const guint8 *data, gsize data_len, GError **error), (data, data_len, error))
PLUMB_LAZY(rsvg, gboolean, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *handle, gdouble *out_width, gdouble *out_height),
           (handle, out_width, out_height))
PLUMB_LAZY_VOID(rsvg, rsvg_handle_get_intrinsic_dimensions,
                (RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width, gboolean *out_has_height, RsvgLength *out_height,
                 gboolean *out_has_viewbox, RsvgRectangle *out_viewbox),
                (handle, out_has_width, out_width, out_has_height, out_height, out_has_viewbox, out_viewbox))
PLUMB_LAZY(rsvg, gboolean, rsvg_handle_render_document, (RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error),
           (handle, cr, viewport, error))

// GObject and GLib
PLUMB_LAZY_VOID(gobject, g_object_unref, (gpointer object), (object))
PLUMB_LAZY_VOID(glib, g_error_free, (GError *error), (error))

// cairo
PLUMB_LAZY(cairo, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height))
PLUMB_LAZY(cairo, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))
PLUMB_LAZY(cairo, const char *, cairo_status_to_string, (cairo_status_t status), (status))
PLUMB_LAZY_VOID(cairo, cairo_surface_destroy, (cairo_surface_t *surface), (surface))
PLUMB_LAZY_VOID(cairo, cairo_surface_finish, (cairo_surface_t *surface), (surface))
PLUMB_LAZY_VOID(cairo, cairo_surface_flush, (cairo_surface_t *surface), (surface))
PLUMB_LAZY(cairo, cairo_t *, cairo_create, (cairo_surface_t *target), (target))
PLUMB_LAZY_VOID(cairo, cairo_destroy, (cairo_t *cr), (cr))
PLUMB_LAZY(cairo, cairo_surface_t *, cairo_image_surface_create_from_png_stream, (cairo_read_func_t read_func, void *closure),
           (read_func, closure))
PLUMB_LAZY(cairo, cairo_surface_t *, cairo_pdf_surface_create_for_stream,
           (cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points),
           (write_func, closure, width_in_points, height_in_points))
PLUMB_LAZY(cairo, int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface))
PLUMB_LAZY(cairo, int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface))
PLUMB_LAZY(cairo, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface))
PLUMB_LAZY(cairo, cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t *surface), (surface))
PLUMB_LAZY(cairo, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface))

// libpng
PLUMB_LAZY(libpng, png_structp, png_create_write_struct, (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn,
           png_error_ptr warn_fn), (user_png_ver, error_ptr, error_fn, warn_fn))
PLUMB_LAZY(libpng, png_infop, png_create_info_struct, (png_const_structrp png_ptr), (png_ptr))
PLUMB_LAZY_VOID(libpng, png_destroy_write_struct, (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr), (png_ptr_ptr, info_ptr_ptr))
PLUMB_LAZY(libpng, jmp_buf *, png_set_longjmp_fn, (png_structrp png_ptr, png_longjmp_ptr longjmp_fn, size_t jmp_buf_size),
           (png_ptr, longjmp_fn, jmp_buf_size))
PLUMB_LAZY_VOID(libpng, png_set_write_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr write_data_fn, png_flush_ptr output_flush_fn),
                (png_ptr, io_ptr, write_data_fn, output_flush_fn))
PLUMB_LAZY(libpng, png_voidp, png_get_io_ptr, (png_const_structrp png_ptr), (png_ptr))
PLUMB_LAZY_VOID(libpng, png_set_IHDR, (png_const_structrp png_ptr, png_inforp info_ptr, png_uint_32 width, png_uint_32 height, int bit_depth,
                int color_type, int interlace_method, int compression_method, int filter_method),
                (png_ptr, info_ptr, width, height, bit_depth, color_type, interlace_method, compression_method, filter_method))
PLUMB_LAZY_VOID(libpng, png_set_filter, (png_structrp png_ptr, int method, int filters), (png_ptr, method, filters))
PLUMB_LAZY_VOID(libpng, png_set_compression_level, (png_structrp png_ptr, int level), (png_ptr, level))
PLUMB_LAZY_VOID(libpng, png_write_info, (png_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
PLUMB_LAZY_VOID(libpng, png_write_row, (png_structrp png_ptr, png_const_bytep row), (png_ptr, row))
PLUMB_LAZY_VOID(libpng, png_write_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
