"""Native HTML controls in three CSS skins: browser default, modern flat, boxy classic."""
from __future__ import annotations

from .base import Kit



SKINS = {
    "ua": """
:root { accent-color: var(--dx-accent); }
button.dx-combo { padding: 2px 8px; }
""",
    "modern": """
:root { accent-color: var(--dx-accent); }
.dx-btn, button.dx-combo { font: inherit; padding: calc(7px * var(--dx-pad)) 14px; border-radius: var(--dx-radius);
  border: 1px solid var(--dx-border); background: var(--dx-bg); color: var(--dx-fg); cursor: pointer;
  display: inline-flex; align-items: center; gap: 6px; }
.dx-primary { background: var(--dx-accent); border-color: var(--dx-accent); color: #fff; }
.dx-danger { background: #dc2626; border-color: #dc2626; color: #fff; }
.dx-text { border-color: transparent; background: transparent; }
.dx-ico-btn { padding: 6px; }
.dx-btn[aria-pressed=true] { background: var(--dx-sel); border-color: var(--dx-accent); }
.dx-btn:disabled { opacity: .5; cursor: default; }
input[type=text], input[type=email], input[type=tel], input[type=url], input[type=password], input[type=search],
input[type=number], select, textarea { font: inherit; padding: calc(7px * var(--dx-pad)) 10px; border: 1px solid var(--dx-border);
  border-radius: var(--dx-radius); background: var(--dx-bg); color: var(--dx-fg); }
input[type=checkbox]:not(.dx-switch), input[type=radio] { width: 17px; height: 17px; margin: 0; }
input:focus-visible, select:focus-visible, textarea:focus-visible, button:focus-visible {
  outline: 2px solid var(--dx-accent); outline-offset: 1px; }
""",
    "boxy": """
:root { --dx-radius: 0px; }
.dx-btn, button.dx-combo { font: inherit; padding: calc(4px * var(--dx-pad)) 12px; border: 1px solid #8a8f98;
  background: linear-gradient(#fdfdfd, #e3e5e8); color: #1b1b1b; border-radius: 2px; display: inline-flex; gap: 5px;
  align-items: center; }
html.dx-dark .dx-btn, html.dx-dark button.dx-combo { background: linear-gradient(#4a4d52, #393b3f); color: #eee;
  border-color: #222; }
.dx-primary { border-color: #2f5d9e; background: linear-gradient(#5d95de, #3a74c4); color: #fff; }
.dx-danger { border-color: #9e2f2f; background: linear-gradient(#e06060, #c43a3a); color: #fff; }
.dx-ico-btn { padding: 3px 5px; }
.dx-btn[aria-pressed=true] { background: linear-gradient(#c9ccd1, #dfe1e4); box-shadow: inset 0 1px 3px rgba(0,0,0,.35); }
.dx-btn:disabled { color: #999; }
input[type=text], input[type=email], input[type=tel], input[type=url], input[type=password], input[type=search],
input[type=number], select, textarea { font: inherit; padding: 3px 5px; border: 1px solid #8a8f98; border-radius: 0;
  box-shadow: inset 1px 1px 2px rgba(0,0,0,.15); background: var(--dx-bg); color: var(--dx-fg); }
input.dx-switch { border-radius: 3px; }
input.dx-switch::after { border-radius: 2px; }
.dx-tablist [role=tab] { border: 1px solid var(--dx-border); border-bottom: 0; background: var(--dx-bg2); margin-right: 2px; }
.dx-tablist [role=tab][aria-selected=true] { background: var(--dx-bg); border-bottom: 1px solid var(--dx-bg); }
""",
}


class NativeKit(Kit):
    """Plain HTML form controls; variant picks the CSS skin."""

    name = "native"
    variants = tuple(SKINS)

    def extra_css(self) -> str:
        return SKINS[self.variant or "modern"]
