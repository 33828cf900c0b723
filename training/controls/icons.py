"""Inline SVG icons from the npm icon packages (bootstrap-icons, mdi, lucide, tabler).

Every icon action in words.ICON_ACTIONS names one icon per set; `IconSets.svg()` returns it
as an inline <svg> sized in CSS pixels that paints with currentColor.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from words import ICON_ACTIONS

SETS = ("bootstrap", "mdi", "lucide", "tabler")


class IconSets:
    """Loads icon sources lazily from node_modules."""

    def __init__(self, node_modules: Path):
        self.nm = Path(node_modules)

    @lru_cache(maxsize=None)
    def _iconify(self, pkg: str) -> dict:
        return json.loads((self.nm / "@iconify-json" / pkg / "icons.json").read_text())

    def _iconify_svg(self, pkg: str, name: str) -> tuple[str, str]:
        """(viewBox, body) of an iconify icon, following aliases."""
        data = self._iconify(pkg)
        while name not in data["icons"]:
            name = data["aliases"][name]["parent"]
        icon = data["icons"][name]
        w, h = icon.get("width", data.get("width", 24)), icon.get("height", data.get("height", 24))
        return f"0 0 {w} {h}", icon["body"]

    @lru_cache(maxsize=None)
    def _file_svg(self, path: str) -> tuple[str, str]:
        """(viewBox, inner markup, root attributes) of an SVG file."""
        text = Path(path).read_text()
        m = re.search(r"<svg([^>]*)>(.*)</svg>", text, re.S)
        attrs, body = m.group(1), m.group(2)
        vb = re.search(r'viewBox="([^"]+)"', attrs).group(1)
        keep = " ".join(re.findall(r'(?:fill|stroke|stroke-width|stroke-linecap|stroke-linejoin)="[^"]*"', attrs))
        return vb, f"<g {keep}>{body}</g>" if keep else body

    def svg(self, action: str, iconset: str, size: int = 18, extra: str = "") -> str:
        """Inline <svg> for an action in a set, aria-hidden (the control carries the name)."""
        _, bi, mdi, lucide, tabler = ICON_ACTIONS[action]
        if iconset == "bootstrap":
            vb, body = self._file_svg(str(self.nm / "bootstrap-icons" / "icons" / f"{bi}.svg"))
            paint = 'fill="currentColor"'
        elif iconset == "tabler":
            vb, body = self._file_svg(str(self.nm / "@tabler" / "icons" / "icons" / "outline" / f"{tabler}.svg"))
            paint = ""
        elif iconset in ("mdi", "lucide"):
            vb, body = self._iconify_svg(iconset, mdi if iconset == "mdi" else lucide)
            paint = 'fill="currentColor"' if iconset == "mdi" else ""
        else:
            raise ValueError(f"unknown icon set {iconset!r}")
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="{vb}" '
                f'{paint} aria-hidden="true" focusable="false" {extra}>{body}</svg>')

    def bootstrap_name(self, action: str) -> str:
        """The bootstrap-icons name (Shoelace's default icon library)."""
        return ICON_ACTIONS[action][1]
