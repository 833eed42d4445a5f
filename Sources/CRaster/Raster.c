#include "PlumbRaster.h"

#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <librsvg/rsvg.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <png.h>

/// A growing byte buffer that cairo's stream writers append to.
typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    int failed;
} Buffer;

static cairo_status_t append_to_buffer(void *closure, const unsigned char *data, unsigned int length) {
    Buffer *buffer = closure;
    if (buffer->failed) return CAIRO_STATUS_WRITE_ERROR;
    if (buffer->count + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->count + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) {
            buffer->failed = 1;
            return CAIRO_STATUS_NO_MEMORY;
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, data, length);
    buffer->count += length;
    return CAIRO_STATUS_SUCCESS;
}

static int fail(char **error, const char *format, ...) {
    char message[512];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    *error = strdup(message);
    return -1;
}

static void append_png_bytes(png_structp png, png_bytep data, size_t length) {
    // A failure sets buffer->failed, checked when the picture is written.
    append_to_buffer(png_get_io_ptr(png), data, (unsigned int)length);
}

static void flush_nothing(png_structp png) { (void)png; }

/// Encodes a cairo image as PNG with libpng, tuned for pictures of screens (large flat areas):
/// one fixed row filter and fast deflate, several times quicker than cairo's own writer (which
/// tries every filter at the default level) for files a little larger. RGB when every pixel is
/// opaque (Plumb's pictures always are), else RGBA with the alpha unpremultiplied.
static int encode_png(cairo_surface_t *surface, Buffer *buffer, char **error) {
    int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    int opaque = 1;
    for (int y = 0; y < height && opaque; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xFF) { opaque = 0; break; }
        }
    }
    int channels = opaque ? 3 : 4;
    unsigned char *line = malloc((size_t)width * channels);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (line == NULL || png == NULL || info == NULL) {
        free(line);
        if (png) png_destroy_write_struct(&png, info ? &info : NULL);
        return fail(error, "libpng cannot start");
    }
    if (setjmp(png_jmpbuf(png))) {
        free(line);
        png_destroy_write_struct(&png, &info);
        return fail(error, "libpng cannot encode the picture");
    }
    png_set_write_fn(png, buffer, append_png_bytes, flush_nothing);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_compression_level(png, 2);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        unsigned char *out = line;
        for (int x = 0; x < width; x++) {
            uint32_t pixel = row[x];
            unsigned int alpha = pixel >> 24;
            unsigned int red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF, blue = pixel & 0xFF;
            if (!opaque && alpha != 0 && alpha != 0xFF) {
                red = (red * 255 + alpha / 2) / alpha;
                green = (green * 255 + alpha / 2) / alpha;
                blue = (blue * 255 + alpha / 2) / alpha;
            }
            *out++ = (unsigned char)red;
            *out++ = (unsigned char)green;
            *out++ = (unsigned char)blue;
            if (!opaque) *out++ = (unsigned char)alpha;
        }
        png_write_row(png, line);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(line);
    return buffer->failed ? fail(error, "out of memory writing the PNG") : 0;
}

/// Loads the document and reads its size in SVG units (its width and height attributes, or
/// its viewBox when those are missing).
static RsvgHandle *load(const char *svg, size_t length, double *width, double *height, char **error) {
    GError *gerror = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)svg, length, &gerror);
    if (handle == NULL) {
        fail(error, "librsvg cannot read the SVG: %s", gerror ? gerror->message : "unknown error");
        if (gerror) g_error_free(gerror);
        return NULL;
    }
    if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height)) {
        gboolean has_width, has_height, has_view_box;
        RsvgLength length_width, length_height;
        RsvgRectangle view_box;
        rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &length_width, &has_height, &length_height,
                                             &has_view_box, &view_box);
        if (!has_view_box) {
            g_object_unref(handle);
            fail(error, "the SVG has no size: neither width and height in units nor a viewBox");
            return NULL;
        }
        *width = view_box.width;
        *height = view_box.height;
    }
    if (!(*width > 0) || !(*height > 0) || !isfinite(*width) || !isfinite(*height)) {
        g_object_unref(handle);
        fail(error, "the SVG's size %g x %g is not positive", *width, *height);
        return NULL;
    }
    return handle;
}

static int render(RsvgHandle *handle, cairo_t *context, double width, double height, char **error) {
    RsvgRectangle viewport = { 0, 0, width, height };
    GError *gerror = NULL;
    if (!rsvg_handle_render_document(handle, context, &viewport, &gerror)) {
        fail(error, "librsvg cannot draw the SVG: %s", gerror ? gerror->message : "unknown error");
        if (gerror) g_error_free(gerror);
        return -1;
    }
    return 0;
}

int plumb_svg_to_png(const char *svg, size_t length, double scale,
                     unsigned char **bytes, size_t *count, char **error) {
    *bytes = NULL;
    *count = 0;
    *error = NULL;
    if (!(scale > 0) || !isfinite(scale)) return fail(error, "the scale %g is not a number > 0", scale);
    double width, height;
    RsvgHandle *handle = load(svg, length, &width, &height, error);
    if (handle == NULL) return -1;
    double pixel_width = ceil(width * scale), pixel_height = ceil(height * scale);
    if (pixel_width > PLUMB_RASTER_MAX_SIDE || pixel_height > PLUMB_RASTER_MAX_SIDE) {
        g_object_unref(handle);
        return fail(error, "the picture would be %.0f x %.0f pixels; the limit is %d per side (lower --scale)",
                    pixel_width, pixel_height, PLUMB_RASTER_MAX_SIDE);
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)pixel_width, (int)pixel_height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        g_object_unref(handle);
        int result = fail(error, "cairo cannot make a %.0f x %.0f image: %s", pixel_width, pixel_height,
                          cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        return result;
    }
    cairo_t *context = cairo_create(surface);
    int status = render(handle, context, width * scale, height * scale, error);
    cairo_destroy(context);
    g_object_unref(handle);
    if (status == 0) {
        Buffer buffer = { 0 };
        cairo_surface_flush(surface);
        status = encode_png(surface, &buffer, error);
        if (status != 0) {
            free(buffer.bytes);
        } else {
            *bytes = buffer.bytes;
            *count = buffer.count;
        }
    }
    cairo_surface_destroy(surface);
    return status;
}

int plumb_svg_to_pdf(const char *svg, size_t length,
                     unsigned char **bytes, size_t *count, char **error) {
    *bytes = NULL;
    *count = 0;
    *error = NULL;
    double width, height;
    RsvgHandle *handle = load(svg, length, &width, &height, error);
    if (handle == NULL) return -1;
    if (width > PLUMB_RASTER_MAX_SIDE || height > PLUMB_RASTER_MAX_SIDE) {
        g_object_unref(handle);
        return fail(error, "the page would be %.0f x %.0f points; the limit is %d per side",
                    width, height, PLUMB_RASTER_MAX_SIDE);
    }
    Buffer buffer = { 0 };
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(append_to_buffer, &buffer, width, height);
    cairo_t *context = cairo_create(surface);
    int status = render(handle, context, width, height, error);
    cairo_destroy(context);
    g_object_unref(handle);
    cairo_surface_finish(surface);
    cairo_status_t finished = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status == 0 && (finished != CAIRO_STATUS_SUCCESS || buffer.failed)) {
        status = fail(error, "cairo cannot write the PDF: %s", cairo_status_to_string(finished));
    }
    if (status != 0) {
        free(buffer.bytes);
        return status;
    }
    *bytes = buffer.bytes;
    *count = buffer.count;
    return 0;
}

/// Reads from a byte range, for cairo's PNG reader.
typedef struct {
    const unsigned char *bytes;
    size_t count;
    size_t position;
} Reader;

static cairo_status_t read_from_bytes(void *closure, unsigned char *data, unsigned int length) {
    Reader *reader = closure;
    if (reader->count - reader->position < length) return CAIRO_STATUS_READ_ERROR;
    memcpy(data, reader->bytes + reader->position, length);
    reader->position += length;
    return CAIRO_STATUS_SUCCESS;
}

int plumb_png_inspect(const unsigned char *png, size_t count, int x, int y,
                      int *width, int *height, unsigned char rgba[4], char **error) {
    *error = NULL;
    Reader reader = { png, count, 0 };
    cairo_surface_t *surface = cairo_image_surface_create_from_png_stream(read_from_bytes, &reader);
    cairo_status_t status = cairo_surface_status(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return fail(error, "not a PNG cairo can read: %s", cairo_status_to_string(status));
    }
    cairo_surface_flush(surface);
    *width = cairo_image_surface_get_width(surface);
    *height = cairo_image_surface_get_height(surface);
    cairo_format_t format = cairo_image_surface_get_format(surface);
    if (x < 0 || y < 0 || x >= *width || y >= *height || (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24)) {
        int result = fail(error, "pixel %d, %d is outside the %d x %d picture (or its format is not RGB)", x, y, *width, *height);
        cairo_surface_destroy(surface);
        return result;
    }
    const unsigned char *row = cairo_image_surface_get_data(surface) + (size_t)y * cairo_image_surface_get_stride(surface);
    uint32_t pixel;
    memcpy(&pixel, row + (size_t)x * 4, 4);
    unsigned int alpha = format == CAIRO_FORMAT_RGB24 ? 255 : (pixel >> 24) & 0xFF;
    unsigned int channels[3] = { (pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF };
    for (int index = 0; index < 3; index++) {
        rgba[index] = alpha == 0 ? 0 : (unsigned char)((channels[index] * 255 + alpha / 2) / alpha);
    }
    rgba[3] = (unsigned char)alpha;
    cairo_surface_destroy(surface);
    return 0;
}

void plumb_raster_free(void *pointer) {
    free(pointer);
}
