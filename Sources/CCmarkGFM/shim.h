// Umbrella header: GitHub's CommonMark parser (Debian's libcmark-gfm-dev) and its core
// extensions (libcmark-gfm-extensions-dev), for the inline Markdown of ExpandableText.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
