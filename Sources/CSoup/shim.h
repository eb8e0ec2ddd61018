// Umbrella header: what the workbench asks of libsoup 3 (HTTP and WebSocket server), GIO (file
// monitors, sockets) and GLib (the main loop it runs on).
#include <libsoup/soup.h>
#include <gio/gio.h>
#include <glib.h>
#include <glib-unix.h>

// soup_server_new is variadic (properties by name), which Swift cannot call: a server with
// none set, and libsoup's "Server:" header left out.
static inline SoupServer *csoup_server_new(void) { return soup_server_new(NULL, NULL); }
