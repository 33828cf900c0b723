"""Words the recognizer gets wrong in ways a word list can mend.

**Menu-bar words read with one thin glyph wrong.** The recognizer splits a thin stroke in two
or reads one thin glyph for another at 12-14 px: a menu bar's "Edit" comes back as "Edlit",
"File" as "FiIe". A menu bar's titles come from a short, fixed vocabulary, so a menu item's
one-word read that becomes one of `MENU_WORDS` by dropping one thin glyph (`THIN`), or by
swapping one for another, is that word; so is one that starts with an "E" where an "F" makes
one (the F of "File" over its mnemonic's underline reads "Eile"). Only menu items are corrected
(the semantics stage knows the role); other text keeps what was read.

**Letters the CTC decoder merged or split** (`repaired_words`, every text run). The recognizer
emits one character per few output steps and needs a blank step between two equal letters; at
9-13 px a doubled letter often gets none and collapses ("acount", "Setings", "Conect"). It also
puts a space inside a word where two letters stand apart ("Docum ents", "He lp", "em ail"). With
an English word list (`english_words`):

1. Two space-separated pieces of letters join when together they are a word (or make one
   with a letter doubled as in rule 2: "S etings" -> "Settings") and neither is a common word
   itself ("Docum ents" -> "Documents", "se lected"; "Log in", "un to", "Tom as" stay: a misread
   letter beside a real space is likelier than a space inside a word). The second piece is
   lower-case: "New York" is two words. Three pieces join the same way when the middle one is
   no word and the outer two are not both words ("Sho rt cuts" -> "Shortcuts").
2. A word of letters that is not a word, where doubling exactly one of its letters makes one,
   gets that letter doubled ("acount" -> "account"); a word with no such variant, or with two,
   stays ("Malik", "Xubuntu"), and so do words under four letters (fragments: "Sho"), in
   capitals ("COS") and before a dot ("Sel.": abbreviations).
3. A run ending in a letter and two dots ends in an ellipsis ("Connect to Server.." -> "...");
   menus and buttons end in "..." and never in "..", while "cd .." keeps its two dots.

Only pieces of ASCII letters (with trailing punctuation) take part in rule 1, and in rule 2 but
for one more case: inside a file name, path, URL or identifier, a word of five or more small
letters between other characters gets rule 2 too ("/acount/v2", "setings.chart.JPG",
"--ofset=8.40"; four-letter ones stay: "cron" is no "croon"). Numbers are left as read. One
rule needs no word list:

4. An "O" among digits is a zero: a run of digits and "O"s (at least one digit, two characters)
   with no letter touching it ("U+OO41" -> "U+0041", "2O24" -> "2024"; "CO2", "H2O" stay), and
   a lone "O" before a size unit ("O bytes" -> "0 bytes"); so is a capital "O" in a hex colour,
   a "#" and 3, 4, 6 or 8 hex digits and "O"s ("#ffffOO" -> "#ffff00"; "#Oslo", "#TODO" and
   "#food" stay).
5. A zero among letters is an "O": a "0" between two letters, or starting a word the list
   has when it starts with "O" instead, in a word with no other digit ("Libre0ffice",
   "mode0ffset", "0verview"; "0xff", "fe80", "a0b1", "#e0f", "0px", "0min" stay).
6. A file name's extension in mixed case whose capitals have the shape of their small letters
   (`SMALL_SHAPED`) is in small letters ("debug.Py", "IMG_7095.cSS", "2022-02-08.Wav"), when the
   name before the dot looks like a file's (small letters, or a digit, "_" or "-" in it: "St.Paul"
   stays); so is an "S" glued to a number (seconds: "29S" -> "29s").
7. A capital "I" next to a small letter in a word the list does not have is an "l" when that
   makes a word in one case ("AlI" -> "All", "SeIect" -> "Select", "Iabel" -> "label");
   "McIntosh", "getId" and "toID" stay (no such word either way), and so does "Ivan" (a word
   already).
8. A word of four letters or more that the list does not have, starting with an "l" or a "Q",
   is an "I" or an "O" word when that makes one in the list ("lcons" -> "Icons", "lmage" ->
   "Image": a capital I's stem; "Qptions" -> "Options": an O over its mnemonic's underline);
   "ln" and "Quit" stay.
9. In a run of four words or more, "al", "wil", "wel", "fil", "ful" and "pul" are "all",
   "will", "well", "fill", "full" and "pull" (`SHORT_DOUBLE_L`: rule 2 for words under four
   letters, for the common ones only; "This flag wil be removed", read off chrome://flags).

12. A small "l" read as a "1" or an "i" (Nimbus Mono, Courier's shape, at 13 px: "c1ient",
    "1ist", "ciient", "result_iist"): in a piece of letters (and "1"s, no other digit) that is
    not words of the list, each part of it (split at capitals: "1ineName" is "1ine" and "Name")
    is mended when it is four letters or more and not in the list, and every "1" in it made an
    "l", or else exactly one of its "i"s but the last, makes one ("1ineName" -> "lineName";
    "v1beta", "h1", "a11y" and "a1ly", "kiwi", "Wii", a cut-off "peri" stay).
13. A "0" ending a word of three capitals or more (no other digit) is an "O" when that makes a
    word ("INF0" -> "INFO"; "ABC0", "MP3" stay).

Two more need no word list either:

10. In a URL's query, an "8" or a "6" between a parameter's value that ends in a letter and the
    next parameter's name and "=" is the "&" between them ("?q=schema8page=4" -> "?q=schema&page=4":
    a monospace font's ampersand, Fira Code's, reads as a digit); "?id=128page=2" stays.
11. In an expression (a run that also holds "&&", "==", "!=" or a "!" before a word), two of
    "I", "l", "1" and "|" standing alone between spaces are the "||" of a logical or ("a && b II
    !c" -> "a && b || !c"); "Part II", "Henry II" stay.

**Keys of a calculator** (`calculator_keys`, all the runs of a screenshot together). In most
sans-serif fonts "l" and "I" are the same stroke, and the natural logarithm's key reads "In";
on a screen that also shows two of a calculator's function keys (`CALCULATOR_KEYS`: "sin",
"cos", "tan", "log", "exp", ...) a run that reads exactly "In", "|n" or "1n" is "ln".
"""
from __future__ import annotations

import gzip
import re
import string
from functools import lru_cache

import numpy as np

from ..runtime import package_data

#: Titles of application menu bars (GTK, Qt, LibreOffice, browsers, IDEs), as drawn.
MENU_WORDS = frozenset({
    "File", "Edit", "View", "Search", "Find", "Tools", "Help", "Window", "Document", "Format", "Insert",
    "Bookmarks", "History", "Project", "Build", "Debug", "Terminal", "Tabs", "Options", "Settings",
    "Image", "Layer", "Select", "Selection", "Filters", "Colors", "Colours", "Table", "Data", "Actions",
    "Navigate", "Refactor", "Code", "Tasks", "Session", "Torrent", "Calculator", "Mode", "Functions",
    "Variables", "Units", "Profile", "Sheet", "Slide", "Shape", "Favorites", "Favourites", "Preferences",
})
#: Glyphs the recognizer confuses with each other or adds when it splits a thin stroke.
THIN = "lIi|1!"


def menu_word(read: str) -> str:
    """``read`` as the menu-bar word it misreads by one thin glyph ("Edlit" -> "Edit", "FiIe" ->
    "File"); unchanged when it is one already, has a space, or no such word is one glyph off."""
    if read in MENU_WORDS or " " in read:
        return read
    thin = [k for k, c in enumerate(read) if c in THIN]
    for k in thin:                                      # one thin glyph too many
        word = read[:k] + read[k + 1:]
        if word in MENU_WORDS:
            return word
    for k in thin:                                      # one thin glyph for another
        for other in THIN[:3]:
            word = read[:k] + other + read[k + 1:]
            if word in MENU_WORDS:
                return word
    if read[:1] == "E" and "F" + read[1:] in MENU_WORDS:   # an F over its mnemonic's underline
        return "F" + read[1:]
    return read


def menu_items_read(texts: np.ndarray, roles: np.ndarray) -> np.ndarray:
    """``texts`` (N,) with each menu item's (``roles`` (N,) "menuitem") read put through
    `menu_word`; a copy, object dtype."""
    return np.array([menu_word(str(t)) if r == "menuitem" else t for t, r in zip(texts, roles)], dtype=object)


#: A piece of a run that rule 1 or 2 may mend: letters, then at most some closing punctuation.
_WORD = re.compile(r"([A-Za-z]+)([.,:;!?]*)")
#: The second piece of a split word: lower-case letters, then closing punctuation.
_WORD_END = re.compile(r"([a-z]+)([.,:;!?]*)")
#: Digits and "O"s with no letter on either side (rule 4).
_DIGITS_WITH_O = re.compile(r"(?<![A-Za-z])(?=[0-9Oo]*[0-9])[0-9Oo]{2,}(?![A-Za-z])")
#: A lone "O" before a size unit (rule 4).
_ZERO_SIZE = re.compile(r"(?<![\w.,])[Oo](?= (?:bytes|B|KB|KiB|MB|MiB|GB|GiB|items|files)\b)")
#: A hex colour holding a capital "O": "#" and 3, 4, 6 or 8 hex digits and "O"s (rule 4).
_HEX_COLOUR = re.compile(r"(?<![\w#])#(?=[0-9A-Fa-fO]*O)(?:[0-9A-Fa-fO]{8}|[0-9A-Fa-fO]{6}|[0-9A-Fa-fO]{3,4})(?![\w])")
#: Two dots after a letter at the end of a run: a collapsed ellipsis (rule 3).
_TWO_DOTS = re.compile(r"(?<=[A-Za-z])\.\.$")
#: A word of letters and digits (rule 5).
_ALPHANUMERIC = re.compile(r"[A-Za-z0-9]+")
#: A word of small letters inside a path, URL or identifier (rule 2 there).
_INNER_WORD = re.compile(r"(?<![A-Za-z])[a-z]{5,}(?![A-Za-z])")
#: A "0" between letters (rule 5).
_ZERO_IN_WORD = re.compile(r"(?<=[A-Za-z])0(?=[A-Za-z])")
#: A "0" starting a word of small letters (rule 5).
_ZERO_FIRST = re.compile(r"(?<![\w.])0([a-z]{2,})\b")
#: Capitals drawn like their small letters, bar size (the recognizer mixes them up at 9-15 px).
SMALL_SHAPED = "COPSVWXZ"
#: A file name's stem, a dot, an extension of two to four letters ending the word (rule 6).
_EXTENSION = re.compile(r"(?<![\w.])([\w-]+)\.([A-Za-z]{2,4})(?![\w.])")
#: An "S" glued to the end of a number (rule 6).
_SECONDS = re.compile(r"(?<=\d)S\b")
#: Rule 10: a URL's query string, and an "&" read as a digit between two of its parameters.
_QUERY = re.compile(r"\?[^\s#]+")
_QUERY_AMPERSAND = re.compile(r"(=[\w.\-]*[A-Za-z])[86](?=[A-Za-z_][\w.\-]*=)")
#: Rule 11: an expression, and two bars read as letters standing alone in it.
_EXPRESSION = re.compile(r"&&|==|!=|(?<![\w!])![\w(]")
_BARS_READ = re.compile(r"(?<![^ ])[Il1|]{2}(?= )")
#: A capital I with a small letter before or after it (rule 7).
_I_BY_SMALL = re.compile(r"(?<=[a-z])I|I(?=[a-z])")


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """The bundled English word list as it writes its words ("account", "Samuel", "LP";
    ``detact/data/text/words.txt.gz``, built by ``training/text/build_words.py``); empty, so
    nothing is mended, when the file is missing."""
    try:
        return frozenset(gzip.decompress(package_data("text", "words.txt.gz").read_bytes()).decode("ascii").split())
    except (OSError, ValueError, EOFError):
        return frozenset()


def _known(word: str, words: frozenset[str]) -> bool:
    """In the list in any casing the list uses: lower-case, capitalised (a name) or capitals."""
    low = word.lower()
    return low in words or low.capitalize() in words or low.upper() in words


def known_words(text: str) -> bool:
    """Whether ``text`` is nothing but words of the list (any casing it uses), each maybe
    followed by punctuation: "Dark mode settings", "Search." (False for an empty text, digits,
    paths, addresses and misreads such as "Labellmport")."""
    words = english_words()
    pieces = text.split()
    return bool(pieces) and bool(words) and all(
        (m := _WORD.fullmatch(p)) is not None and _known(m.group(1), words) for p in pieces)


#: The words of one or two letters that count as words on their own (rule 1): the list also
#: has every letter and abbreviations such as "rs", "es", "ed", "lp".
SHORT_WORDS = frozenset("a i am an as at be by do go he if in is it me my no of oh ok on or so to up us we".split())


def _plain_word(piece: str, words: frozenset[str]) -> bool:
    """A common word on its own: in the list in lower case (names and abbreviations, "Sam",
    "LP", do not count); of one or two letters only the `SHORT_WORDS`."""
    low = piece.lower()
    return low in SHORT_WORDS if len(low) <= 2 else low in words


def _doubled(word: str, words: frozenset[str]) -> str:
    """``word`` with one letter doubled when exactly one such variant is a word (rule 2); words
    under four letters stay (a run's cut-off "Sho", a "tos" are likelier fragments than "Shoo",
    "toss")."""
    if len(word) < 4 or _known(word, words):
        return word
    found = {word[:k + 1] + word[k:] for k in range(len(word)) if _known(word[:k + 1] + word[k:], words)}
    return found.pop() if len(found) == 1 else word


def repaired_words(text: str, words: frozenset[str] | None = None) -> str:
    """``text`` with rules 1-8 and 10-13 of the module docstring applied; ``words`` defaults to
    `english_words` (without one, only rules 4 to 6, 10 and 11 apply)."""
    words = english_words() if words is None else words
    text = _ZERO_SIZE.sub("0", _DIGITS_WITH_O.sub(lambda m: re.sub("[Oo]", "0", m.group()), text))
    text = _HEX_COLOUR.sub(lambda m: m.group().replace("O", "0"), text)
    text = _ALPHANUMERIC.sub(lambda m: _small_l(_zeros_as_o(m.group(), words), words), text)
    text = _SECONDS.sub("s", _EXTENSION.sub(_small_extension, text))
    text = _QUERY.sub(lambda m: _QUERY_AMPERSAND.sub(r"\1&", m.group()), text)
    if _EXPRESSION.search(text):
        text = _BARS_READ.sub("||", text)
    if not words:
        return text
    text = _TWO_DOTS.sub("...", text)
    pieces = text.split(" ")
    out: list[str] = []
    k = 0
    while k < len(pieces):
        piece, after = pieces[k], pieces[k + 1] if k + 1 < len(pieces) else ""
        three = _joined(out[-1], piece + after, words, middle=piece) if out and after else None
        joined = _joined(out[-1], piece, words) if out and not three else None
        if three:                                         # "Sho rt cuts", before "Short"
            out[-1] = three
            k += 1
        # "the se lected": "se" belongs to the piece after it, not to "the"
        elif joined and not (after and _joined(piece, after, words)):
            out[-1] = joined
        else:
            out.append(piece)
        k += 1
    mended = []
    sentence = len(out) >= SENTENCE_WORDS
    for piece in out:
        m = _WORD.fullmatch(piece)
        # not a word in capitals ("COS") nor one before a dot (an abbreviation: "Sel.")
        if m and not m.group(2).startswith(".") and not (len(m.group(1)) > 1 and m.group(1).isupper()):
            word = _doubled(_first_letter(_small_ls(m.group(1), words), words), words)
            piece = (SHORT_DOUBLE_L.get(word, word) if sentence else word) + m.group(2)
        elif not m:   # a path, URL or identifier: its words of small letters
            piece = _INNER_WORD.sub(lambda w: _doubled(w.group(), words), piece)
        mended.append(piece)
    return " ".join(mended)


#: Rule 9: short words whose doubled "l" the recognizer reads as one in running text
#: (chrome://flags' "This flag wil ...", "al tabs"); rule 2 leaves words under four letters
#: alone, and these few are the common ones whose collapsed form is no word.
SHORT_DOUBLE_L = {"al": "all", "wil": "will", "wel": "well", "fil": "fill", "ful": "full", "pul": "pull"}
#: ... mended only in a run of this many words or more (a sentence, where the collapse happens;
#: a lone "al" may be a name's part).
SENTENCE_WORDS = 4


def _small_ls(word: str, words: frozenset[str]) -> str:
    """``word`` with rule 7 applied: every capital "I" next to a small letter an "l", when the
    word is not in the list as written (mixed case never is: "AlI" is no "Ali") and that makes
    one in one case ("AlI" -> "All", "HeIp" -> "Help"; "McIntosh", "getId", "toID" stay)."""
    def plain_case(w: str) -> bool:
        return w.islower() or w.isupper() or w[1:].islower()

    if "I" not in word or (plain_case(word) and _known(word, words)):
        return word
    mended = _I_BY_SMALL.sub("l", word)
    return mended if mended != word and plain_case(mended) and _known(mended, words) else word


#: First letters the recognizer reads for others (rule 8): a capital I's thin stem read as an
#: "l", an O over its mnemonic's underline read as a "Q".
FIRST_LETTERS = {"l": "I", "Q": "O"}


def _first_letter(word: str, words: frozenset[str]) -> str:
    """``word`` with rule 8 applied: a word of four letters or more, not in the list, whose
    first letter swapped by `FIRST_LETTERS` makes one, gets that letter ("lcons" -> "Icons",
    "Qptions" -> "Options"; "ln" is too short, "Quit" a word already)."""
    new = FIRST_LETTERS.get(word[:1])
    if new is None or len(word) < 4 or not word[1:].islower() or _known(word, words):
        return word
    mended = new + word[1:]
    return mended if _known(mended, words) else word


def _zeros_as_o(piece: str, words: frozenset[str]) -> str:
    """``piece`` (letters and digits) with rule 5 applied: only when its one digit is that
    zero and it is no hexadecimal number ("e0f")."""
    if sum(c.isdigit() for c in piece) != 1 or all(c in string.hexdigits for c in piece):
        return piece
    piece = _ZERO_IN_WORD.sub("O", piece)
    if len(piece) >= 4 and piece.endswith("0") and piece[:-1].isalpha() and piece[:-1].isupper():   # rule 13
        return piece[:-1] + "O" if _known(piece[:-1] + "O", words) else piece
    return _ZERO_FIRST.sub(lambda m: "O" + m.group(1) if _known("o" + m.group(1), words) else m.group(0), piece)


#: The parts of an identifier (rule 12): a capital and small letters, or small letters (and
#: "1"s read for "l").
_CAMEL_PART = re.compile(r"[A-Z]?[a-z1]+|[A-Z]+(?![a-z])")


def _small_l(piece: str, words: frozenset[str]) -> str:
    """``piece`` (letters and digits) with rule 12 applied."""
    if not words or any(c.isdigit() and c != "1" for c in piece) or not any(c.islower() for c in piece):
        return piece
    return _CAMEL_PART.sub(lambda m: _small_l_part(m.group(), words), piece)


def _small_l_part(part: str, words: frozenset[str]) -> str:
    """One part of `_small_l`: mended when four letters or more, no word, and its "1"s as "l"s,
    or else exactly one of its "i"s as an "l", make one."""
    # a numeronym ("a11y", read "a1ly") has its "1"s side by side
    if len(part) < 4 or re.search("1[1l]|l1", part) or ("1" not in part and _known(part, words)):
        return part
    if "1" in part:
        mended = part.replace("1", "l")
        return mended if mended[1:].islower() and _known(mended, words) else part
    # not a last "i": a word cut off at its run's end ("peri" of "period") is no "perl"
    found = [part[:k] + "l" + part[k + 1:] for k, c in enumerate(part[:-1]) if c == "i"]
    found = [w for w in found if _known(w, words)]
    return found[0] if len(found) == 1 else part


def _small_extension(m: re.Match) -> str:
    """The `_EXTENSION` match with rule 6 applied."""
    stem, ext = m.group(1), m.group(2)
    file_like = stem.islower() or any(c.isdigit() or c in "_-" for c in stem)
    mixed = ext != ext.lower() and ext != ext.upper()
    if file_like and mixed and all(c in SMALL_SHAPED for c in ext if c.isupper()):
        return f"{stem}.{ext.lower()}"
    return m.group(0)


def _joined(left: str, right: str, words: frozenset[str], middle: str = "") -> str | None:
    """``left`` and ``right`` as one word (rule 1), or None. With ``middle`` (a piece that
    ``right`` begins with: three pieces, "Sho" "rt" "cuts"), the middle one must be no word and
    the outer two not both words."""
    a, b = _WORD.fullmatch(left), _WORD_END.fullmatch(right)    # (so the middle is letters too)
    if not (a and b) or a.group(2):
        return None
    joined = _doubled(a.group(1) + b.group(1), words)
    if middle:
        outer = _plain_word(a.group(1), words) and _plain_word(b.group(1)[len(middle):], words)
        if not _known(joined, words) or _plain_word(middle, words) or outer:
            return None
    elif not _known(joined, words) or _plain_word(a.group(1), words) or _plain_word(b.group(1), words):
        return None
    return joined + b.group(2)


#: Function keys that make a screenshot a calculator's (`calculator_keys`).
CALCULATOR_KEYS = frozenset({"sin", "cos", "tan", "log", "exp", "EXP", "mod", "Mod", "sinh", "cosh", "tanh", "log10"})
_LOG_READS = frozenset({"In", "|n", "1n"})


def calculator_keys(texts: list[str]) -> list[str]:
    """``texts`` (every run of one screenshot) with a read "In", "|n" or "1n" as "ln" when two
    or more runs read as `CALCULATOR_KEYS`: the natural logarithm's key."""
    if sum(t in CALCULATOR_KEYS for t in texts) < 2 or not any(t in _LOG_READS for t in texts):
        return list(texts)
    return ["ln" if t in _LOG_READS else t for t in texts]

