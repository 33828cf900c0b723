"""Pages rendered by headless Chromium, light and dark, at device scale 1 and 2: every widget
placed at a known CSS box must come back as one element whose centre lands inside it."""
from __future__ import annotations

import pytest

from chromium import chromium_binary, render_html
from conftest import find_text

pytestmark = pytest.mark.skipif(chromium_binary() is None, reason="chromium is not installed")

# (name, css box x, y, w, h, html) — absolutely positioned so the expected boxes are exact
WIDGETS = [
    ("title", 40, 30, 300, 30, '<div style="font-size:22px;font-weight:bold">Create an account</div>'),
    ("username", 40, 100, 320, 34, '<input placeholder="Username" style="width:100%;height:100%">'),
    ("password", 40, 150, 320, 34, '<input type="password" value="secret12" style="width:100%;height:100%">'),
    ("remember", 40, 205, 18, 18, '<input type="checkbox" style="width:18px;height:18px;margin:0">'),
    ("remember_label", 66, 203, 200, 22, '<span>Remember me</span>'),
    ("submit", 40, 250, 140, 38, '<button style="width:100%;height:100%;background:#2563eb;color:#fff;border:0;'
                                  'border-radius:6px;font-size:16px">Sign in</button>'),
    ("cancel", 200, 250, 140, 38, '<button style="width:100%;height:100%;font-size:16px">Cancel</button>'),
    ("link", 420, 100, 200, 22, '<a href="#" style="color:#2563eb">Forgot password?</a>'),
]


def page(theme: str) -> str:
    bg, fg = ("#ffffff", "#111827") if theme == "light" else ("#111827", "#e5e7eb")
    field = "" if theme == "light" else "input{background:#1f2937;color:#e5e7eb;border:1px solid #6b7280}"
    body = "".join(f'<div style="position:absolute;left:{x}px;top:{y}px;width:{w}px;height:{h}px">{html}</div>'
                   for _, x, y, w, h, html in WIDGETS)
    return (f"<!doctype html><html><head><style>body{{margin:0;background:{bg};color:{fg};"
            f"font-family:'DejaVu Sans',sans-serif;font-size:15px}}{field}</style></head><body>{body}</body></html>")


@pytest.fixture(scope="module", params=[("light", 1), ("dark", 1), ("light", 2)], ids=lambda p: f"{p[0]}-x{p[1]}")
def rendered(request, tmp_path_factory):
    theme, scale = request.param
    d = tmp_path_factory.mktemp(f"{theme}{scale}")
    (d / "page.html").write_text(page(theme))
    return render_html(d / "page.html", d / "page.png", 800, 340, scale), scale


def test_widgets_come_back_once_at_their_boxes(parser, rendered):
    path, scale = rendered
    result = parser.parse(path)
    els = result.elements
    assert result.width == 800 * scale
    for name, x, y, w, h, _ in WIDGETS:
        box = (x * scale, y * scale, (x + w) * scale, (y + h) * scale)
        hits = [e for e in els if box[0] <= e.center[0] < box[2] and box[1] <= e.center[1] < box[3]]
        assert hits, (name, box, [(e.kind, e.text, e.bbox) for e in els])
        if name != "password":  # the masked dots may read as separate runs
            assert len(hits) == 1, (name, [(e.kind, e.text, e.bbox) for e in hits])
    for word in ("Create an account", "Username", "Remember me", "Sign in", "Cancel", "Forgot password?"):
        assert find_text(els, word), (word, [e.text for e in els])
    assert find_text(els, "Sign in")[0].color == "blue"
