// Umbrella header: everything ExpandablePreview asks of Pango, Cairo, fontconfig and GLib.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <cairo.h>
#include <glib.h>
#include <glib-object.h>
