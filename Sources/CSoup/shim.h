// Umbrella header: what the workbench asks of libsoup 3 (HTTP and WebSocket server), what the
// engine's shared-cache client asks of it (HTTP requests), GIO (file monitors, sockets, streams)
// and GLib (the main loop the workbench runs on).
#include <libsoup/soup.h>
#include <gio/gio.h>
#include <glib.h>
#include <glib-unix.h>

// soup_server_new is variadic (properties by name), which Swift cannot call: a server with
// none set, and libsoup's "Server:" header left out.
static inline SoupServer *csoup_server_new(void) { return soup_server_new(NULL, NULL); }

// soup_session_new_with_options is variadic too: a client session with a bound on its
// connections (in all and per host), an I/O timeout and an idle timeout, in seconds. Without
// the content decoder libsoup adds by default: no Accept-Encoding is sent and a body is read
// as sent, so a bound on its bytes bounds what crosses the network (a gzip body could
// otherwise grow a hundredfold past it).
static inline SoupSession *csoup_client_session_new(guint max_conns, guint timeout_seconds) {
  SoupSession *session = soup_session_new_with_options(
      "max-conns", max_conns, "max-conns-per-host", max_conns, "timeout", timeout_seconds,
      "idle-timeout", timeout_seconds, "user-agent", "expandable-preview", NULL);
  soup_session_remove_feature_by_type(session, SOUP_TYPE_CONTENT_DECODER);
  return session;
}
