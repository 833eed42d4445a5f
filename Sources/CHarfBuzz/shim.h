// HarfBuzz reads font files itself (hb_blob_create_from_file_or_fail), so this shim does not
// include hb-ft.h and pulls no FreeType declarations into the CHarfBuzz module.
#include <hb.h>
#include <hb-ot.h>
