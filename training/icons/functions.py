#!/usr/bin/env python3
"""Map an icon's name to the UI function it performs (an id of functions.json), or None.

Icon sets name icons by shape ("xmark", "chevron-left", "bars", "floppy-disk");
applications name the control by what it does (Close, Back, Menu, Save). This module
turns a set's icon name -- plus its aliases and the set's naming conventions -- into one
id of ``detact/data/icons/functions.json``, or ``None`` when the icon is not a UI
function (animals, food, brands, weather symbols that are not a weather button ...) or
when the name is ambiguous. **Precision over coverage**: a wrong label is worse than none.

How a name is matched (``map_function``):

1. Set conventions first: LibreOffice ``.uno`` command names (``sc_bold`` -> bold) and
   freedesktop Icon Naming Spec names (``go-previous`` -> back) have their own tables.
2. The name is split into tokens (``arrow-left-bold-circle-outline``,
   ``text_bold_24_regular``, ``TextBold`` ...), set prefixes/size suffixes are removed
   (``bxs-``, ``baseline-``, ``-24-regular``, ``-symbolic``) and synonyms are folded
   (close/xmark/dismiss -> x, magnify/search -> search, cog/gear -> settings ...).
3. The token multiset is looked up in a phrase table -- the whole name must match, no
   token may be left over ("account-arrow-left" is *not* "back"). If it fails, trailing
   style tokens (outline, fill, bold, 24, alt ...) are dropped one at a time, then all
   style tokens, then container shapes (circle, square, box): "arrow-left-bold-circle"
   -> "arrow left" -> back. Set families can override or block a phrase ("arrow-left" is
   a triangle caret in Material, "bars" is the hamburger menu in Font Awesome).
4. Aliases are tried the same way when the name itself gives nothing.

Run ``python training/icons/functions.py`` for the self-check (a table of names and the
function each must -- or must not -- map to).
"""
from __future__ import annotations

import json
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Optional

HERE = Path(__file__).resolve().parent
DEFAULT_VOCABULARY = HERE.parent.parent / "detact" / "data" / "icons" / "functions.json"
#: The data tables (synonyms, phrases, family overrides, freedesktop and LibreOffice names, self-check).
TABLES = HERE / "tables"


@lru_cache(maxsize=4)
def load_vocabulary(path: Optional[str] = None) -> dict[str, dict]:
    """functions.json as {id: entry}."""
    p = Path(path) if path else DEFAULT_VOCABULARY
    return {f["id"]: f for f in json.loads(p.read_text())}


# ---------------------------------------------------------------- tokens

#: Synonyms folded to one token before matching (applied to names and phrases alike).
CANON: dict[str, str] = json.loads((TABLES / "canon.json").read_text(encoding="utf-8"))

#: Style/size tokens dropped in the later matching stages (digits are dropped too).
STYLE = {
    "outline", "outlined", "fill", "filled", "solid", "regular", "light", "thin", "bold",
    "duotone", "twotone", "tone", "duo", "line", "linear", "broken", "sharp", "rounded",
    "round", "alt", "alternate", "variant", "o", "sm", "lg", "xs", "xl", "mini", "micro",
    "small", "large", "tiny", "big", "thick", "bulk", "remix", "stroke", "stroked",
    "symbolic", "simple", "plain", "long", "narrow", "short", "wide", "heavy", "medium",
    "glyph", "flat", "ltr", "rtl", "empty", "blank", "deg", "v", "new", "default",
}
#: Style words that are also content words ("format-bold", "light-mode", "folder-new"):
#: dropped only from the end of a name, never from its middle.
TRAILING_ONLY = {"bold", "light", "new", "empty", "blank", "small", "large", "big", "tiny",
                 "long", "short", "wide", "narrow", "broken", "line", "fill", "default"}
#: Container shapes dropped in the last stage ("plus-circle" -> "plus").
CONTAINERS = {"circle", "circled", "square", "squared", "box", "rectangle", "rect", "button",
              "btn", "sign", "mark", "frame", "badge", "fab", "shape"}

#: iconify set prefix -> naming family (for per-family overrides below).
FAMILY = {
    "ic": "material", "material-symbols": "material", "material-symbols-light": "material",
    "mdi": "mdi", "mdi-light": "mdi",
    "fa": "fa4", "fa-solid": "fa", "fa-regular": "fa", "fa6-solid": "fa", "fa6-regular": "fa",
    "fa7-solid": "fa", "fa7-regular": "fa", "la": "fa",
    "fluent": "fluent", "fluent-mdl2": "mdl2",
    "ph": "ph", "lucide": "lucide", "lucide-lab": "lucide", "feather": "lucide", "fe": "fe",
    "tabler": "tabler", "bi": "bi", "octicon": "octicon", "codicon": "codicon", "ri": "ri",
    "ion": "ion", "famicons": "ion", "ant-design": "ant", "mingcute": "mingcute",
    "hugeicons": "hugeicons", "radix-icons": "radix", "akar-icons": "akar",
    "heroicons": "heroicons", "heroicons-outline": "heroicons", "heroicons-solid": "heroicons",
    "bx": "bx", "bxs": "bx", "carbon": "carbon", "iconoir": "iconoir", "eva": "eva",
    "icon-park-outline": "iconpark", "icon-park-solid": "iconpark", "icon-park-twotone": "iconpark",
    "pepicons-pencil": "pepicons", "pepicons-pop": "pepicons", "pepicons-print": "pepicons",
    "gg": "gg", "uil": "uil", "uim": "uil", "uis": "uil", "tdesign": "tdesign",
    "solar": "solar", "majesticons": "majesticons", "iconamoon": "iconamoon",
}

#: Sets whose names end in a pixel size ("-16", "-24", "-20-solid" ...).
_SIZE_SUFFIX = re.compile(r"(?:[-_](?:10|12|14|16|20|24|26|28|32|36|40|48|64|96))+"
                          r"(?:[-_](?:regular|filled|light|solid|outline|color|stroke|fill))?$")
SIZE_SUFFIX_SETS = {"fluent", "heroicons", "heroicons-solid", "heroicons-outline", "octicon",
                    "qlementine-icons", "garden"}
#: Names a set uses for a different icon than its tokens suggest (hugeicons "arrow-up01" is a
#: 0-1 sort icon, "arrow-up-01" a chevron).
SET_NAME_BLOCK = {"hugeicons": re.compile(r"^arrow-(up|down)\d+$")}
_SET_PREFIX = {
    "ic": ("baseline-", "outline-", "round-", "sharp-", "twotone-"),
    "bx": ("bxs-", "bx-"), "bxs": ("bxs-",),
    "ion": ("ios-", "md-"),
}


def split_name(name: str) -> list[str]:
    """Lower-case word and number tokens of an icon name (camelCase, -, _, . split)."""
    name = re.sub(r"([a-z])([A-Z])", r"\1 \2", name)
    out: list[str] = []
    for chunk in re.split(r"[^A-Za-z0-9]+", name.lower()):
        for tok in re.findall(r"[a-z]+|\d+", chunk):
            out.append(str(int(tok)) if tok.isdigit() else tok)
    return out


def strip_set_affixes(name: str, icon_set: str) -> str:
    """Remove a set's prefixes and size/style suffixes that carry no meaning."""
    n = name.lower()
    for pre in _SET_PREFIX.get(icon_set, ()):
        if n.startswith(pre):
            n = n[len(pre):]
            break
    n = re.sub(r"-symbolic$", "", n)
    if icon_set in SIZE_SUFFIX_SETS:
        n = _SIZE_SUFFIX.sub("", n) or n
    return n


def canon_tokens(tokens: Iterable[str], family: str = "") -> list[str]:
    """Tokens with synonyms folded (family-specific ones first)."""
    fam = FAMILY_CANON.get(family, {})
    return [fam.get(t, CANON.get(t, t)) for t in tokens]


def key_of(tokens: Iterable[str]) -> tuple[str, ...]:
    """Order-insensitive lookup key (a sorted token multiset)."""
    return tuple(sorted(tokens))


# ---------------------------------------------------------------- phrase table
# One line per function: "function id: phrase | phrase | ...". A phrase is the icon name
# in words; tokens are folded with CANON, so "magnify plus" also covers "search plus".

PHRASES = (TABLES / "phrases.txt").read_text(encoding="utf-8")

#: Per-family overrides: "family[,family]: phrase -> function id or None".
#: None blocks a global phrase for that family (the name means something else there).
FAMILY_PHRASES = (TABLES / "family_phrases.txt").read_text(encoding="utf-8")

#: Families whose own canonical synonyms apply before the global ones.
FAMILY_CANON: dict[str, dict[str, str]] = {
    "fa4": {"times": "x"},
    "fa": {"times": "x", "xmark": "x"},
    "uil": {"times": "x"},
}

#: Ids never added to the phrase table automatically (ambiguous as a bare icon name).
NO_AUTO_ID = {"up", "down", "back", "forward", "first", "last", "restore", "line", "fill",
              "group", "expand", "collapse", "video", "trash", "desktop", "printer", "window",
              "app", "text", "open", "schedule", "clear", "zoom", "fit", "speaker", "merge cells", "enter",
              "minimize", "maximize", "compress"}


def _parse_phrases(text: str) -> list[tuple[str, str]]:
    """(function id, phrase) pairs of PHRASES."""
    pairs: list[tuple[str, str]] = []
    for line in text.strip().splitlines():
        if not line.strip():
            continue
        fid, _, rest = line.partition(":")
        for phrase in rest.split("|"):
            if phrase.strip():
                pairs.append((fid.strip(), phrase.strip()))
    return pairs


def _parse_family(text: str) -> list[tuple[list[str], str, Optional[str]]]:
    """(families, phrase, function or None) triples of FAMILY_PHRASES."""
    out = []
    for line in text.strip().splitlines():
        if not line.strip():
            continue
        fams, _, rest = line.partition(":")
        phrase, _, target = rest.partition("->")
        target = target.strip()
        out.append(([f.strip() for f in fams.split(",")], phrase.strip(),
                    None if target == "None" else target))
    return out


@lru_cache(maxsize=1)
def phrase_table() -> dict[tuple[str, ...], str]:
    """Global {token key: function id}; raises on a phrase claimed by two functions."""
    vocab = load_vocabulary()
    table: dict[tuple[str, ...], str] = {}
    pairs = _parse_phrases(PHRASES)
    for fid in vocab:
        if fid not in NO_AUTO_ID:
            pairs.append((fid, fid))
    for fid, phrase in pairs:
        if fid not in vocab:
            raise ValueError(f"phrase table names unknown function {fid!r}")
        key = key_of(canon_tokens(split_name(phrase)))
        if not key:
            continue
        old = table.get(key)
        if old is not None and old != fid:
            raise ValueError(f"phrase {phrase!r} maps to both {old!r} and {fid!r}")
        table[key] = fid
    return table


@lru_cache(maxsize=1)
def family_table() -> dict[str, dict[tuple[str, ...], Optional[str]]]:
    """Per-family {token key: function id or None} overrides."""
    vocab = load_vocabulary()
    table: dict[str, dict[tuple[str, ...], Optional[str]]] = {}
    for fams, phrase, target in _parse_family(FAMILY_PHRASES):
        if target is not None and target not in vocab:
            # a bare canonical token such as "bell" stands for its function phrase
            target = phrase_table().get(key_of(canon_tokens(split_name(target))), target)
            if target not in vocab:
                raise ValueError(f"family override {phrase!r} names unknown function {target!r}")
        for fam in fams:
            key = key_of(canon_tokens(split_name(phrase), fam))
            fam_table = table.setdefault(fam, {})
            if key in fam_table and fam_table[key] != target:
                raise ValueError(f"family {fam}: {phrase!r} maps to both {fam_table[key]!r} and {target!r}")
            fam_table[key] = target
    return table


# ---------------------------------------------------------------- freedesktop

#: freedesktop Icon Naming Spec (and common GNOME/KDE extension) names.
FREEDESKTOP: dict[str, Optional[str]] = json.loads((TABLES / "freedesktop.json").read_text(encoding="utf-8"))


def map_freedesktop(name: str, context: str = "") -> tuple[bool, Optional[str]]:
    """(known, function) for a freedesktop icon name (``-symbolic``/``-rtl`` removed)."""
    n = name.lower()
    cands = [n]
    for pattern in (r"-symbolic$", r"-(rtl|ltr)$", r"-symbolic$"):
        n = re.sub(pattern, "", n)
        cands.append(n)
    for cand in cands:
        if cand in FREEDESKTOP:
            return True, FREEDESKTOP[cand]
    # battery-level-50[-charging], network-wireless-signal-good, audio-volume-*, weather-* ...
    for pattern, fid in FREEDESKTOP_PATTERNS:
        if re.fullmatch(pattern, n):
            return True, fid
    return False, None


#: Contexts whose unlisted names may still be matched with the general phrase table.
FREEDESKTOP_FALLBACK_CONTEXTS = {"actions", "status", "devices", "places", "emblems", "panel",
                                 "stock", "ui", "legacy", ""}

FREEDESKTOP_PATTERNS: list[tuple[str, Optional[str]]] = [
    (r"battery-(level-\d+-)?(full-|good-|low-|caution-|empty-)?charg(ing|ed)(-.*)?", "battery charging"),
    (r"battery-(level-\d+|full|good|low|caution|empty|medium|000|020|040|060|080|100)(-.*)?", "battery"),
    (r"network-wireless-(signal|connected|hotspot)(-.*)?", "wifi"),
    (r"network-cellular-(signal|connected|.*g)(-.*)?", "signal"),
    (r"network-wired(-.*)?", "network"),
    (r"audio-volume-(high|medium)(-.*)?", "volume"),
    (r"weather-.*", "weather"),
    (r"folder-(documents|download|downloads|music|pictures|videos|templates|publicshare|remote|desktop|home|images|photos|video|public|development|git)(-.*)?", "folder"),
    (r"user-trash(-.*)?", "trash"),
    (r"mail-(message-)?(unread|new)(-.*)?", "mark as unread"),
    (r"(x-office|application-vnd\.(ms-|openxmlformats-officedocument\.)?)(spreadsheet|excel)(.*)?", "spreadsheet"),
    (r"(x-office|application-vnd\.(ms-|openxmlformats-officedocument\.)?)(presentation|powerpoint)(.*)?", "presentation"),
    (r"(image|application)-(x-)?(zip|rar|7z|7zip|compressed|tar|gzip|bzip|xz|archive|x-lzma|lha|arj|cab)(-.*)?", "compress"),
    (r"image-(png|jpeg|jpg|gif|bmp|tiff|svg\+xml|x-.*|webp)", "image"),
    (r"audio-(mpeg|x-.*|ogg|flac|mp3|wav|aac|midi)", "music"),
    (r"video-(mp4|x-.*|mpeg|ogg|webm|quicktime)", "video"),
]


# ---------------------------------------------------------------- libreoffice

#: LibreOffice .uno command names (lower case) -> function.
LIBREOFFICE: dict[str, Optional[str]] = json.loads((TABLES / "libreoffice.json").read_text(encoding="utf-8"))


def map_libreoffice(name: str) -> tuple[bool, Optional[str]]:
    """(known, function) for a LibreOffice image path such as ``cmd/sc_bold`` or ``cmd/32/bold``."""
    base = name.rsplit("/", 1)[-1].lower()
    if name.lower().startswith("cmd/"):
        cmd = re.sub(r"^(sc|lc)_", "", base)
        if cmd in LIBREOFFICE:
            return True, LIBREOFFICE[cmd]
        return True, None          # an unlisted .uno command: no guess from its run-together name
    return False, None


# ---------------------------------------------------------------- the mapping

def _lookup(tokens: list[str], family: str) -> tuple[bool, Optional[str]]:
    """(found, function) for one token list: family overrides first, then the global table."""
    if not tokens:
        return False, None
    key = key_of(tokens)
    for fam in (family_table().get(family, {}), family_table().get("*", {})):
        if key in fam:
            return True, fam[key]
    if key in phrase_table():
        return True, phrase_table()[key]
    return False, None


def _is_style(tok: str) -> bool:
    """Style, size or variant token (dropped in the later stages)."""
    return tok in STYLE or tok.isdigit()


def match_tokens(tokens: list[str], family: str = "") -> Optional[str]:
    """Function for canonical tokens, trying less and less of the name's decoration."""
    found, fid = _lookup(tokens, family)
    if found:
        return fid
    if any(a.isdigit() and b.isdigit() for a, b in zip(tokens, tokens[1:])):
        return None               # "crop-16-9", "arrow-down-1-9": the numbers carry meaning
    toks = list(tokens)
    while len(toks) > 1 and _is_style(toks[-1]):
        toks.pop()
        found, fid = _lookup(toks, family)
        if found:
            return fid
    core = [t for t in toks if not _is_style(t) or t in TRAILING_ONLY]
    if core and core != toks:
        found, fid = _lookup(core, family)
        if found:
            return fid
    # a leading "box" is the object (mdi "box-plus" = archive box), not a frame
    bare = [t for i, t in enumerate(core) if t not in CONTAINERS or (t == "box" and i == 0)]
    if bare and bare != core:
        found, fid = _lookup(bare, family)
        if found:
            return fid
        while len(bare) > 1 and _is_style(bare[-1]):
            bare.pop()
            found, fid = _lookup(bare, family)
            if found:
                return fid
    return None


def map_name(name: str, icon_set: str = "", family: Optional[str] = None) -> Optional[str]:
    """Function of one icon name under a set's conventions (no aliases)."""
    fam = FAMILY.get(icon_set, icon_set) if family is None else family
    block = SET_NAME_BLOCK.get(icon_set)
    if block and block.search(name.lower()):
        return None
    tokens = canon_tokens(split_name(strip_set_affixes(name, icon_set)), fam)
    return match_tokens(tokens, fam)


#: iconify sets whose aliases are loose search synonyms rather than former names.
SYNONYM_ALIAS_SETS = {"mdi", "mdi-light"}


def map_function(name: str, icon_set: str = "", source: str = "iconify",
                 aliases: Iterable[str] = (), context: str = "") -> Optional[str]:
    """The UI function (functions.json id) of an icon, or None.

    ``source`` is "iconify", "freedesktop" or "libreoffice"; ``aliases`` are other names
    the set gives the same image (iconify aliases, freedesktop symlinks, LibreOffice
    links.txt entries); ``context`` is the freedesktop context folder (apps, actions ...).
    """
    names = [name, *aliases]
    if source == "libreoffice":
        for n in names:
            known, fid = map_libreoffice(n)
            if known and fid:
                return fid
        low = name.lower()
        if low.startswith("cmd/"):
            return None
        if low.startswith("vcl/res/"):   # mouse pointer shapes and widget parts
            return "loading" if low.startswith("vcl/res/spinner") else None
        return map_name(name.rsplit("/", 1)[-1], "libreoffice", family="libreoffice")
    if source == "freedesktop":
        for n in names:
            known, fid = map_freedesktop(n, context)
            if known:
                if fid:
                    return fid
                if n == name:
                    return None
        if context not in FREEDESKTOP_FALLBACK_CONTEXTS:
            return None           # logos, file types, flags, emotes: only the listed names
        for n in names:
            fid = map_name(re.sub(r"-symbolic(-rtl|-ltr)?$", "", n), "freedesktop", family="")
            if fid:
                return fid
        return None
    for n in (names if icon_set not in SYNONYM_ALIAS_SETS else [name]):
        fid = map_name(n, icon_set)
        if fid:
            return fid
    if split_name(name)[:1] == ["weather"]:
        return "weather"          # mdi/fd-style weather-* condition icons
    return None


# ---------------------------------------------------------------- self-check

#: (set, name, expected function or None); source inferred from the set.
SELF_CHECK: list[tuple[str, str, Optional[str]]] = [
    tuple(row) for row in json.loads((TABLES / "self_check.json").read_text(encoding="utf-8"))]


def _source_of(icon_set: str) -> str:
    """Source of a self-check entry's set."""
    return icon_set if icon_set in ("freedesktop", "libreoffice") else "iconify"


def self_check(verbose: bool = True) -> int:
    """Run SELF_CHECK and the table consistency checks; returns the number of failures."""
    phrase_table()
    family_table()
    failures = 0
    rows = []
    for icon_set, name, want in SELF_CHECK:
        src = _source_of(icon_set)
        got = map_function(name, icon_set, src)
        ok = got == want
        failures += not ok
        rows.append((ok, icon_set, name, want, got))
    if verbose:
        w1 = max(len(r[1]) for r in rows)
        w2 = max(len(r[2]) for r in rows)
        for ok, s, n, want, got in rows:
            mark = "ok  " if ok else "FAIL"
            print(f"{mark} {s:<{w1}} {n:<{w2}} -> {str(got):<22} (want {want})")
        print(f"{len(rows) - failures}/{len(rows)} passed; {len(phrase_table())} phrases, "
              f"{sum(len(v) for v in family_table().values())} family overrides, "
              f"{len(FREEDESKTOP)} freedesktop names, {len(LIBREOFFICE)} LibreOffice commands")
    return failures


if __name__ == "__main__":
    sys.exit(1 if self_check() else 0)
