#!/usr/bin/python3
# Pango alone, without the renderer: CPU time of one layout of each text shape whose cost grows
# faster than its length, at the sizes given (characters). Needs python3-gi and gir1.2-pango-1.0;
# the figures are in Documentation/Robustness.md (Time bounds).
import time, sys, gi
gi.require_version('Pango', '1.0'); gi.require_version('PangoCairo', '1.0')
from gi.repository import Pango, PangoCairo
fm = PangoCairo.FontMap.get_default()
ctx = fm.create_context()
PangoCairo.context_set_resolution(ctx, 72)
fd = Pango.FontDescription.from_string("DejaVu Sans 17")
def t(text):
    lay = Pango.Layout.new(ctx)
    lay.set_font_description(fd)
    lay.set_width(327 * Pango.SCALE)
    lay.set_wrap(Pango.WrapMode.WORD_CHAR)
    s = time.process_time()
    lay.set_text(text, -1)
    n = lay.get_line_count()
    return time.process_time() - s, n
shapes = {
 'one word of <': lambda n: '<' * n,
 'one word of a': lambda n: 'a' * n,
 'short lines': lambda n: 'ab\n' * (n // 3),
 'words, one paragraph': lambda n: ('lorem ipsum dolor ' * (n // 18 + 1))[:n],
 'words, lines of 80': lambda n: (('lorem ipsum dolor ' * 5)[:79] + '\n') * (n // 80),
}
sizes = [int(x) for x in sys.argv[1:]] or [1000, 2000, 4000, 8000, 16000]
for name, make in shapes.items():
    for n in sizes:
        sec, lines = t(make(n))
        print(f"{name:22s} {n:7d} chars {lines:6d} lines {sec*1000:10.1f} ms", flush=True)
