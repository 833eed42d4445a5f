// Headers for the C rasteriser (CRaster); no Swift code imports this module.
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <cairo-pdf.h>
