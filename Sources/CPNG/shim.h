// Umbrella header: libdeflate encodes PNG streams, libpng decodes goldens.
#include <libdeflate.h>
#include <png.h>
