"""The icon sets kept out of the bank *and* out of the encoder's training, to measure how
well DetACT names the icons of sets it has never seen (issue 13, "Must show").

One list, used everywhere: ``icon_templates/build_bank.py`` refuses these sets, the encoder's
data builder (``training/icons/train_encoder.py``) skips them, and
``benchmarks/icons_quality.py --leave-out`` evaluates on them by default.

Five families (eight corpus set ids):

* **Yaru** (``yaru``, ``yaru-symbolic``) -- Ubuntu's desktop icon theme, full colour and
  symbolic: the desktop theme held out.
* **Lucide** (``lucide``, ``lucide-lab``) and **Feather** (``feather``) -- Lucide is a fork of
  Feather whose shared icons are near-identical, so Feather goes with it (otherwise the test
  would partly measure Feather's twins).
* **Octicons** (``octicon``) -- GitHub's web set.
* **Carbon** (``carbon``) -- IBM's web set.
* **Ant Design** (``ant-design``) -- the icon set of the Ant Design web framework.

Papirus, Breeze and Sifr are never used at all (``collect.py`` refuses them); they are not
part of this list because nothing here may read them.
"""
from __future__ import annotations

#: Held-out family -> the corpus set ids it covers.
HELD_OUT_FAMILIES: dict[str, tuple[str, ...]] = {
    "yaru": ("yaru", "yaru-symbolic"),
    "lucide": ("lucide", "lucide-lab", "feather"),
    "octicon": ("octicon",),
    "carbon": ("carbon",),
    "ant-design": ("ant-design",),
}

#: Every corpus set id that is held out.
HELD_OUT_SETS: frozenset[str] = frozenset(s for sets in HELD_OUT_FAMILIES.values() for s in sets)


def is_held_out(icon_set: str) -> bool:
    """Whether a corpus set id belongs to a held-out family."""
    return icon_set in HELD_OUT_SETS
