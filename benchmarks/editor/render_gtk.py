"""The GTK half of `benchmarks/editor_text.py`, run by the system Python (it has PyGObject):
seeded lines of code, prose, paths, URLs and log lines in a GtkTextView, one window per case,
in the fonts editors default to, light and dark. Writes ``OUT/c<seed>-<k>.png`` and
``OUT/c<seed>-<k>.json``: {"font", "pt", "dark", "lines": [{"text", "bbox"}]}, each line's box
in image pixels from the view's own character positions (first drawn character to line end).

    DISPLAY=:99 /usr/bin/python3 benchmarks/editor/render_gtk.py OUT SEED CASES
"""
import json
import random
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

WORDS = ("the of and to in is it for on with as at by from this that be are or an file line value data user "
         "name path config error return self print import class def list item count index time date open close "
         "read write save load start stop server client request response").split()
IDS = ["x", "y", "i", "n", "buf", "path", "name", "items", "result", "cfg", "data", "value", "count", "url",
       "line", "args"]
# (family, points): an editor's default monospace at three sizes, two other monospace families,
# two proportional ones (whose spacing the monospace rules must leave alone)
FONTS = [("DejaVu Sans Mono", 10), ("DejaVu Sans Mono", 9), ("DejaVu Sans Mono", 11), ("Liberation Mono", 10),
         ("DejaVu Sans", 10), ("Liberation Sans", 10), ("Liberation Mono", 9), ("Nimbus Mono PS", 10)]


class Lines:
    """Seeded line generator."""

    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def ident(self) -> str:
        return self.r.choice(IDS) + self.r.choice(["", "", "_id", "_list", "2", "Name"])

    def words(self, lo: int, hi: int) -> str:
        return " ".join(self.r.choice(WORDS) for _ in range(self.r.randint(lo, hi)))

    def prose(self) -> str:
        s = self.words(3, 10)
        return s[0].upper() + s[1:] + self.r.choice([".", ".", ",", ":", "?", "!", ";"])

    def code(self) -> str:
        r, a, b, c = self.r, self.ident(), self.ident(), self.ident()
        return r.choice([
            f"def {a}({b}, {c}=None):",
            f"    return {a}[{r.randrange(10)}] + {b}",
            f"{a} = {b}.get('{r.choice(WORDS)}', {r.randrange(100)})",
            f"if ({a} != NULL && {b} > {r.randrange(50)}) {{",
            f"for (int i = 0; i < {a}; i++) {{",
            f'printf("%d: %s\\n", {a}, {b});',
            f"import {a}.{b} as {c}",
            f"    {a}.append({b}[i:j])  # {self.words(2, 2)}",
            f'echo "${{{a.upper()}}}" >> /tmp/{b}.log',
            f"{a.upper()}_{b.upper()}={r.randrange(1000)}",
        ])

    def misc(self) -> str:
        r = self.r
        value = r.choice(["true", "false", str(r.randrange(100)), '"' + r.choice(WORDS) + '"'])
        return r.choice([
            f"/home/user/{self.ident()}/{r.choice(WORDS)}.{r.choice(['txt', 'py', 'md', 'conf'])}",
            f"https://example.com/{r.choice(WORDS)}?id={r.randrange(999)}",
            f"[{r.randrange(24):02d}:{r.randrange(60):02d}:{r.randrange(60):02d}] "
            f"{r.choice(['INFO', 'WARN', 'ERROR'])} {self.prose()}",
            f"{r.choice(WORDS)}.{r.choice(WORDS)} = {value}",
            f"- {self.prose()}",
            f"# {r.choice(WORDS).title()} {r.choice(WORDS)}",
        ])

    def case(self) -> list[str]:
        return [self.r.choice([self.code, self.code, self.prose, self.misc])() for _ in range(self.r.randint(24, 30))]


def main() -> None:
    out, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    gen = Lines(seed)
    cases = []
    for k in range(count):
        family, points = FONTS[k % len(FONTS)]
        cases.append((family, points, (k // len(FONTS)) % 2 == 1, gen.case()))
    win = Gtk.Window()
    win.set_default_size(900, 600)
    win.move(0, 0)
    view = Gtk.TextView()
    view.set_left_margin(8)
    view.set_top_margin(6)
    win.add(view)
    css = Gtk.CssProvider()
    Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), css, 800)
    state = {"k": 0}

    def show() -> bool:
        family, points, dark, lines = cases[state["k"]]
        fg, bg = ("#e0e0e0", "#1e1e1e") if dark else ("#1a1a1a", "#ffffff")
        css.load_from_data(f"textview, textview text {{ font-family: '{family}'; font-size: {points}pt; "
                           f"color: {fg}; background-color: {bg}; }}".encode())
        view.get_buffer().set_text("\n".join(lines))
        GLib.timeout_add(400, grab)
        return False

    def to_image(buffer_x: int, buffer_y: int) -> tuple[int, int]:
        x, y = view.buffer_to_window_coords(Gtk.TextWindowType.TEXT, buffer_x, buffer_y)
        ox, oy = view.translate_coordinates(win, 0, 0)
        return x + ox, y + oy

    def grab() -> bool:
        family, points, dark, lines = cases[state["k"]]
        window = win.get_window()
        width, height = window.get_width(), window.get_height()
        buf = view.get_buffer()
        gt = []
        for n, text in enumerate(lines):
            if not text.strip():
                continue
            lead = len(text) - len(text.lstrip())
            first = view.get_iter_location(buf.get_iter_at_line_offset(n, lead))
            end = buf.get_iter_at_line(n)
            end.forward_to_line_end()
            last = view.get_iter_location(end)
            x0, y0 = to_image(first.x, first.y)
            x1, y1 = to_image(last.x, last.y + last.height)
            if y1 <= height:
                gt.append({"text": text.strip(), "bbox": [x0, y0, x1, y1]})
        name = f"{out}/c{seed}-{state['k']:03d}"
        Gdk.pixbuf_get_from_window(window, 0, 0, width, height).savev(name + ".png", "png", [], [])
        with open(name + ".json", "w") as f:
            json.dump({"font": family, "pt": points, "dark": dark, "lines": gt}, f)
        state["k"] += 1
        if state["k"] >= len(cases):
            Gtk.main_quit()
        else:
            GLib.idle_add(show)
        return False

    win.show_all()
    GLib.timeout_add(800, show)
    Gtk.main()


if __name__ == "__main__":
    main()
