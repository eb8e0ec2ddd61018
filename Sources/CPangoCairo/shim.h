// Umbrella header: everything ExpandablePreview asks of Pango, Cairo, fontconfig, FreeType,
// HarfBuzz and GLib, and the versions of pixman and FriBidi (content keys name them).
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fcfreetype.h>
#include <hb.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <pixman.h>
#include <fribidi.h>
#include <glib.h>
#include <glib-object.h>
