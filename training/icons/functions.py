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


@lru_cache(maxsize=4)
def load_vocabulary(path: Optional[str] = None) -> dict[str, dict]:
    """functions.json as {id: entry}."""
    p = Path(path) if path else DEFAULT_VOCABULARY
    return {f["id"]: f for f in json.loads(p.read_text())}


# ---------------------------------------------------------------- tokens

#: Synonyms folded to one token before matching (applied to names and phrases alike).
CANON: dict[str, str] = {
    "close": "x", "xmark": "x", "dismiss": "x",
    "add": "plus",
    "minus": "minus", "remove": "minus", "subtract": "minus",
    "delete": "trash", "bin": "trash", "garbage": "trash", "trashcan": "trash",
    "wastebasket": "trash", "dustbin": "trash", "rubbish": "trash",
    "magnify": "search", "magnifying": "search", "magnifier": "search", "loupe": "search",
    "setting": "settings", "cog": "settings", "cogs": "settings", "gear": "settings",
    "gears": "settings", "preferences": "settings", "preference": "settings",
    "config": "settings", "configuration": "settings",
    "account": "user", "person": "user", "profile": "user", "avatar": "user",
    "people": "users", "persons": "users", "accounts": "users", "team": "users",
    "email": "mail", "envelope": "mail", "envelop": "mail",
    "pencil": "edit",
    "photo": "image", "photos": "image", "picture": "image", "pictures": "image",
    "img": "image", "pic": "image", "images": "image", "photograph": "image",
    "document": "file", "doc": "file",
    "directory": "folder", "dir": "folder",
    "microphone": "mic",
    "notification": "bell", "notifications": "bell",
    "favourite": "favorite", "heart": "favorite", "star": "favorite",
    "information": "info",
    "question": "help",
    "warn": "warning",
    "locked": "lock", "padlock": "lock", "unlocked": "unlock",
    "reload": "refresh",
    "synchronize": "sync", "synchronise": "sync",
    "calender": "calendar",
    "time": "clock",
    "message": "chat", "messages": "chat", "sms": "chat", "conversation": "chat",
    "comments": "comment",
    "sharing": "share",
    "chain": "link", "hyperlink": "link",
    "visibility": "eye", "visible": "eye",
    "house": "home",
    "angle": "chevron", "angles": "chevrons",
    "printer": "print",
    "wireless": "wifi", "wlan": "wifi",
    "screen": "display", "monitor": "display",
    "smartphone": "mobile", "cellphone": "mobile",
    "graph": "chart",
    "basket": "cart",
    "labels": "tag", "label": "tag", "tags": "tag",
    "funnel": "filter",
    "pushpin": "pin", "thumbtack": "pin",
    "bookmarks": "bookmark",
    "archived": "archive",
    "lightbulb": "idea", "bulb": "idea",
    "ellipsis": "more", "kebab": "more", "meatballs": "more",
    "opened": "open",
    "thumbs": "thumb",
    "videocam": "videocamera", "webcam": "videocamera", "camcorder": "videocamera",
    "headphone": "headphones",
    "cart": "cart",
}

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

PHRASES = r"""
close: x | x small | close window | window x | window close | tab x | x square | close square | chrome close | x lg
minimize: window minimize | chrome minimize | minimize window
maximize: window maximize | chrome maximize | maximize window
restore: window restore | chrome restore | restore window
restore from trash: trash restore | restore from trash | trash undo | trash arrow up | restore trash | trash can arrow up
fullscreen: fullscreen | full screen | screen full | open in full | arrows pointing out | full screen maximize | fullscreen enter | arrows maximize | enter fullscreen | corners out | arrows out | expand arrows | view fullscreen | maximize | expand
exit fullscreen: fullscreen exit | exit fullscreen | full screen exit | screen normal | arrows pointing in | x fullscreen | full screen minimize | arrows minimize | corners in | arrows in | compress arrows | view restore | exit full screen | minimize | compress
back: arrow left | arrow back | go back | left arrow | arrow left circle | back arrow | arrow big left | move left | arrow left alt
forward: arrow right | arrow forward | go forward | right arrow | arrow big right | move right | arrow right alt
up: arrow up | arrow upward | up arrow | arrow big up | go up
down: arrow down | arrow downward | down arrow | arrow big down | go down
home: home | home variant | home door | go home | home alt
refresh: refresh | arrow clockwise | refresh cw | refresh ccw | arrow path | cached | arrow repeat | view refresh | rotate refresh | refresh double
stop: stop | process stop | media stop | player stop | stop square
new window: window plus | window new | new window | open new window
new tab: tab plus | tab new | new tab | add tab
tabs: tabs | tab | tab unselected | browser tabs
open in new window: open in new window | pop out | popout | window pop out | open in window
external link: external link | link external | open in new | launch | arrow top right on square | square arrow out up right | box arrow up right | up right from square | arrow up right from square | link out | open external | external | share external | arrow square out | open in browser
split view: split view | split screen | split horizontal | split vertical | layout split | view split | editor split | split window
first: first page | page first | go first | first record
last: last page | page last | go last | last record
scroll to top: to top | scroll to top | go top | back to top | vertical align top arrow
scroll to bottom: to bottom | scroll to bottom | go bottom
navigate: navigation | navigate | directions | location arrow | route | navigation arrow | signpost
explore: explore | compass | discover | compass outline
add: plus | add | plus lg | plus thick | add circle | plus small
remove: minus | minus circle | dash circle | minus lg
delete: trash | trash can | delete forever | trash x | delete outline | delete empty | trash empty | trash 2 | delete bin | can trash
edit: edit | pen | mode edit | edit square | edit box | pencil line | pen line | file edit | edit outline | edit note | square pen | edit 2 | pencil alt | pen to square | edit alt | pencil simple line
cut: cut | scissors | content cut | edit cut | scissor | scissors cutting
copy: copy | content copy | edit copy | clone | document duplicate | copy document | file copy | copy alt | copy simple | files copy
paste: paste | content paste | edit paste | clipboard paste | paste alt
undo: undo | arrow undo | edit undo | undo variant | arrow go back | arrow back up | arrow uturn left | arrow u up left | undo alt | arrow rotate left | rotate left arrow
redo: redo | arrow redo | edit redo | redo variant | arrow go forward | arrow forward up | arrow uturn right | arrow u up right | redo alt | arrow rotate right
select all: select all | edit select all | selection all | select all on
select: cursor default | mouse pointer | arrow pointer | select | selection | lasso | cursor arrow | pointer | cursor pointer | edit select | select object | lasso select | cursor default outline
find: find | edit find | text search | find in page | search text | file search text | search in document
find and replace: find replace | edit find replace | find and replace | replace | search replace | text search replace | replace all
clear: clear | edit clear | clear all | backspace clear | backspace | backspace outline
clear formatting: format clear | clear formatting | text clear formatting | remove formatting | format text clear | text clear format | clear format | eraser text
duplicate: duplicate | content duplicate | plus copy
rename: rename | rename box | rename outline | textbox rename
spell check: spell check | spellcheck | check spelling | spelling | tools check spelling | text proofing | text spell check | spell check alt | abc check
format painter: format painter | format paint | paint format | brush format | clone format
crop: crop | crop alt | crop simple | image crop
rotate left: rotate left | rotate 90 degrees ccw | object rotate left | rotate ccw | rotate counterclockwise | rotate anticlockwise | anticlockwise | counterclockwise | rotate left variant
rotate right: rotate right | rotate 90 degrees cw | object rotate right | rotate cw | rotate clockwise | clockwise | rotate right variant
flip horizontal: flip horizontal | flip h | reflect horizontal | object flip horizontal | flip horizontally | mirror horizontal | flip horizontal alt
flip vertical: flip vertical | flip v | reflect vertical | object flip vertical | flip vertically | mirror vertical
resize: resize | resize bottom right | resize handle | arrows resize
move: move | arrows move | arrow all | cursor move | arrows out cardinal | open with | pan tool | drag move | arrows alt move | arrows up down left right
draw: draw | pen tool | gesture | scribble | drawing | freehand | vector pen | draw pen | ink stroke | pen fancy | signature pen
brush: brush | paintbrush | paint brush | brush variant | brush alt | brush simple
eraser: eraser | erase | eraser variant | eraser alt
color picker: color picker | colorpicker | eyedropper | eye dropper | pipette | colorize | eyedropper variant | dropper | color pick | eyedropper sample | eyedropper full
fill: paint bucket | fill drip | bucket fill | color fill | fill color | paint can | paintcan | bucket paint
shapes: shapes | shape outline | geometric shapes | shapes alt
line: vector line | line tool | draw line | insert line | line diagonal
layers: layers | layer | layer group | stack | layers triple | layers alt | stack 2 | layers simple
ungroup: ungroup | object ungroup | format ungroup | ungroup objects
group: group objects | object group | format group
bring to front: bring to front | bring forward | flip to front | arrange bring to front | arrange bring forward | object bring to front
send to back: send to back | send backward | flip to back | arrange send to back | arrange send backward | object send to back
align objects: align horizontal left | align horizontal center | align horizontal right | align horizontal distribute center | align vertical distribute center | align horizontal justify center | align vertical justify center | distribute horizontal | distribute vertical | align objects | object align
crosshair: crosshair | crosshairs | reticle | crosshair simple
save: save | floppy | floppy disk | content save | document save | device floppy | diskette | save outline | floppy disk back | save alt | file save | save file
save as: save as | document save as | file save as | content save as
save all: save all | content save all | floppy disk multiple | save multiple | save copy all
open: document open | file open | open file | open document
folder: folder | folder outline | folder closed | folder simple | folder 2 | folders | folder alt
open folder: folder open | open folder | folder opened | folder open outline | file directory open | folder simple open
new folder: folder plus | folder new | create new folder | new folder | folder add | folder simple plus | folder badge plus
file: file | file blank | insert drive file | file text | file lines | document text | file earmark | file earmark text | file document | file outline | description | text file | file alt
new file: file plus | file new | new file | note add | file earmark plus | file add | document add | page plus
recent: recent | document open recent | recents | file clock | clock file | recent files
print: print | print outline | document print | print alt | print simple
print preview: print preview | document print preview | preview print | print eye
export: export | document export | file export | export variant | export alt | export file
import: import | document import | file import | import alt | import file
download: download | arrow download | file download | tray arrow down | arrow down tray | download simple | arrow down to line | arrow down to bracket | download alt | cloud download alt | download outline | arrow bottom to line | download 2
upload: upload | arrow upload | file upload | tray arrow up | arrow up tray | upload simple | arrow up from line | arrow up from bracket | publish | upload alt | upload 2
attach: attach | attachment | paperclip | paper clip | attach file | mail attachment | attach 2 | paperclip horizontal | attachment alt
share: share | share variant | share 2 | share nodes | share alt | ios share | share android | share ios | share network | share social | share square | social share | share outline | share from square
send: send | paper plane | paperplane | mail send | paper airplane | send horizontal | send alt | paper plane tilt | paper plane right | send plane | send message | send 2
properties: properties | document properties | file properties
pdf: pdf | file pdf | document pdf | picture as pdf | file pdf box | filetype pdf | application pdf | pdf box | file pdf outline
image: image | image outline | photo library | image multiple | file image | image alt | gallery | image square | image 2 | image simple | image variant | file earmark image | photo album | photograph
video: movie | film | file video | video file | movie open | filmstrip | video library | film strip | file earmark play | clapperboard | movie roll | file movie
music: music | music note | musical note | file music | audiotrack | library music | music 2 | music notes | music alt | file audio | musical notes | music note beamed | audio file | music simple
spreadsheet: spreadsheet | file excel | file spreadsheet | x office spreadsheet | file xls | sheet | table spreadsheet | file earmark spreadsheet | document table | file table
presentation: presentation | file powerpoint | file presentation | file ppt | x office presentation | file earmark ppt | presentation chart
archive: archive | archive box | archive outline | archive alt | archive 2 | archive folder
unarchive: unarchive | archive arrow up | archive restore | archive up
compress: file zip | folder zip | file archive | zip file | zip box | file zipper | compress files | folder zipper | file earmark zip | archive zip
extract: extract | unzip | decompress | unpack
scan: scan | scanner | document scanner | scan document | scan line | scan alt
bold: bold | format bold | text bold | type bold | text b | bold text | editor bold
italic: italic | format italic | text italic | type italic | italic text | editor italic
underline: underline | format underline | text underline | format underlined | type underline | underline text | editor underline | text u
strikethrough: strikethrough | format strikethrough | text strikethrough | strikethrough variant | strike | format strikethrough variant | strikethrough s | type strikethrough | strikeout | editor strikethrough | text strike
subscript: subscript | format subscript | text subscript | subscript text
superscript: superscript | format superscript | text superscript | superscript text
align left: align left | format align left | text align left | format justify left | align text left | left align | text left | editor align left | paragraph left | align start
align center: align center | format align center | text align center | format justify center | align centre | text center | editor align center | paragraph center | center align
align right: align right | format align right | text align right | format justify right | align text right | right align | text right | editor align right | paragraph right | align end
justify: align justify | format align justify | text align justify | format justify fill | justify | text justify | editor align justify | align justified | paragraph justify | text align justify center
align top: align top | vertical align top | format vertical align top | valign top | cell vertical top
align middle: align middle | vertical align middle | vertical align center | format vertical align center | valign middle | align vertical middle
align bottom: align bottom | vertical align bottom | format vertical align bottom | valign bottom | cell vertical bottom
bulleted list: format list bulleted | list bullets | list ul | list unordered | text bullet list | bullet list | list bulleted | unordered list | list dots | editor unordered list | format list bulleted square
numbered list: format list numbered | list ol | list ordered | list numbers | text number list | numbered list | list numbered | format list numbers | ordered list | editor ordered list | list numeric
checklist: checklist | list checks | list check | format list checks | tasklist | list todo | task list | list task | checklist alt
indent: indent | format indent increase | format indent more | text indent increase | indent increase | increase indent | indent more | text indent | indent right
outdent: outdent | format indent decrease | format indent less | text indent decrease | indent decrease | decrease indent | dedent | unindent | indent less | text outdent | indent left
font: font | format font | text font | typography | font family | fonts | text font family
font size: font size | format size | text size | format font size | text font size | format text size
increase font size: font size increase | format font size increase | text font size increase | font increase | text increase | text larger | format text larger | a arrow up | text grow | font size up | text size increase
decrease font size: font size decrease | format font size decrease | text font size decrease | font decrease | text decrease | text smaller | format text smaller | a arrow down | text shrink | font size down | text size decrease
font color: format color text | font color | text color | font colors | color text | text colour | font colour
highlight: highlight | highlighter | marker | format color highlight | text highlight | format ink highlighter | ink highlighter | mark pen | highlight alt | highlighter circle
background color: background color | bg colors | cell color | text background | background colour | format color background
color palette: palette | color palette | colors | color lens | swatches | swatch | color swatch | palette outline | art palette | color palette outline | palette swatch
insert image: image plus | add photo alternate | insert image | image add | add image | picture add | insert picture | image plus outline
insert table: table | table plus | insert table | table add | add table | table large | table 2 | table simple | table alt
insert link: link plus | link add | insert link | add link | link variant plus
insert chart: insert chart | chart plus | chart add | add chart | insert chart outlined
insert comment: comment plus | comment add | add comment | insert comment | add comment alt
insert symbol: omega | special character | character map | accessories character map | insert symbol | symbol
insert equation: function | insert equation | equation | formula | fx | math formula | function variant | square function | math function
insert page break: page break | insert page break | format page break | break page
insert video: video plus | film plus | movie plus | insert video | add video | video add
insert row: table row plus after | table row plus before | row insert top | row insert bottom | add row above | add row below | insert row above | insert row below | insert row | table row insert | row plus | table insert row | insert row after | insert row before
insert column: table column plus after | table column plus before | column insert left | column insert right | add column left | add column right | insert column left | insert column right | insert column | table column insert | column plus | table insert column
delete row: table row remove | row remove | delete row | table row minus | row minus | table delete row | row delete | table row trash
delete column: table column remove | column remove | delete column | table column minus | column minus | table delete column | column delete | table column trash
merge cells: merge cells | table merge cells | cells merge | table cells merge | merge cell
split cells: split cells | table split cell | cells split | table cells split | split cell
borders: border all | border outer | border inner | border none | border left | border right | border top | border bottom | border horizontal | border vertical | border style | borders | border clear | border color | cell borders | table borders | border outside | border inside
text: text | text box | textbox | type | text fields | text t | insert text | text tool | format text | textarea | text field | text outline | text cursor input
heading: heading | format header | h | header 1 | header 2 | header 3 | heading 1 | heading 2 | heading 3 | text h | title | text header | format title | type h | text heading | format heading
paragraph: paragraph | pilcrow | format pilcrow | format paragraph | text paragraph | paragraph mark | show formatting
quote: quote | format quote | quotes | quote left | quote right | blockquote | text quote | format quote close | format quote open | quote alt | quote open | quote close | block quote | text quote alt
code block: code block | inline code | code snippet | format code | text code | code box outline
line spacing: line spacing | format line spacing | text line spacing | line height | text line height | paragraph spacing
text direction: text direction | format textdirection l to r | format textdirection r to l | format text direction ltr | format text direction rtl | text direction ltr | text direction rtl | format pilcrow arrow left | format pilcrow arrow right | text direction left to right | text direction right to left
change case: change case | format letter case | letter case | text case | case upper | uppercase | lowercase | format letter case upper | format letter case lower | text case uppercase | text case lowercase | text change case | case sensitive
wrap text: wrap text | text wrap | wrap | format text wrapping wrap | word wrap | text wrapping
word count: word count | text word count | text word count alt
page setup: page setup | document page setup | page layout setup
header and footer: header footer | document header footer | page header footer | header and footer
footnote: footnote | text footnote | format footnote
table of contents: table of contents | toc | list tree contents | contents | text toc
horizontal line: horizontal rule | horizontal line | separator horizontal | format horizontal rule | line horizontal | insert horizontal rule | divider horizontal
sort ascending: sort ascending | sort asc | sort numeric ascending | sort numerically ascending | sort variant ascending | sort bool ascending | sort calendar ascending
sort descending: sort descending | sort desc | sort numeric descending | sort numerically descending | sort variant descending | sort bool descending | sort calendar descending
autosum: sigma | sum | functions | autosum | auto sum | math sigma
styles: styles | text styles | format styles | style gallery | paint styles
translate: translate | language | g translate | translation | languages | translate variant | translate alt | local language | language outline | translation alt
zoom in: zoom in | search plus | zoom plus | glass search plus | zoom in alt | search zoom in | zoom in outline | zoom in area
zoom out: zoom out | search minus | zoom minus | glass search minus | zoom out alt | search zoom out | zoom out outline | zoom out area
zoom: zoom | zoom area | search zoom | zoom tool
fit: fit to screen | fit screen | fit to page | zoom fit | zoom fit best | fit to width | fit width | fit page | best fit | zoom to fit | arrows fit
actual size: zoom original | actual size | one to one | zoom 100 | zoom reset | real size | original size
grid view: grid | view grid | grid view | view module | squares four | layout grid | view gallery | grid large | view grid outline | th | th large | grid 2 | layout grid alt | grid four | view tiles | apps grid view
list view: list | view list | list view | list details | th list | view headline list | layout list | list alt | rows view | view list outline | list flat
sidebar: sidebar | side navigation | sidebar expand | sidebar collapse | sidebar simple | sidebar fold | sidebar unfold | layout sidebar | toggle sidebar | sidebar toggle | panel sidebar
columns: columns | view column | columns 2 | columns 3 | column view | view columns | layout columns | view week columns
layout: layout | view quilt | layout alt | layout 2 | page layout | template | view compact
dashboard: dashboard | view dashboard | layout dashboard | dashboard outline | board dashboard | dashboard alt
sort: sort | sort variant | arrows sort | sort alt | sort by | arrow sort | sort arrows | sort vertical | arrow up wide narrow | arrow up narrow wide | arrow up short wide | arrow up wide short | arrow up 1 9 | arrow up 9 1 | arrow down wide narrow | arrow down narrow wide | arrow down short wide | arrow down wide short | arrow down 1 9 | arrow down 9 1 | arrow down up | arrow up down sort
filter: filter | filter list | filter variant | filter alt | filter outline | filter simple | filter 2 | filter lines
show: eye | show | remove red eye | eye open | eye outline | view eye | visible eye | eye alt | preview eye
hide: eye off | eye slash | eye closed | eye hide | invisible | hidden | eye crossed | eye invisible | eye none | visibility off | eye x | eye blocked | eye disabled
preview: preview | open preview | quick look | document preview | file preview | pageview
dark mode: dark mode | moon | dark theme | night mode | moon stars | weather night mode | theme dark | mode dark | moon star | moon outline
light mode: light mode | sun | sunny | wb sunny | light theme | mode light | theme light | sun outline | white balance sunny
brightness: brightness | brightness high | brightness low | brightness medium | brightness auto | sun brightness | display brightness | brightness percent | brightness up | brightness down | brightness half
contrast: contrast | circle half | invert colors | circle half stroke | theme light dark | contrast box | contrast circle | color mode
slideshow: slideshow | presentation play | play presentation | slideshow play | start presentation
picture in picture: picture in picture | pip | picture in picture alt | picture in picture enter | picture in picture exit | pip exit | picture in picture bottom right | picture in picture top right
grid lines: grid on | grid lines | show grid | gridlines | grid line | grid visible
ruler: ruler | straighten | ruler combined | ruler square | ruler measure | ruler horizontal | ruler vertical
play: play | play arrow | media playback start | player play | play outline | play circle | play button | play alt | play fill | playback play
pause: pause | player pause | media playback pause | pause circle | pause outline | pause button | pause alt | playback pause
play pause: play pause | pause play | player play pause | playback play pause | media play pause
next: skip next | skip forward | next | player skip forward | track next | media skip forward | step forward | forward step | skip end | next track | player track next | play skip forward | media next | skip next outline | forward end | skip forward circle
previous: skip previous | skip back | skip backward | previous | player skip back | track previous | track prev | media skip backward | step backward | backward step | skip start | previous track | player track prev | play skip back | media previous | skip previous outline | backward start
record: record | record circle | media record | record rec | fiber manual record | player record | record button | recording | rec
volume: volume | volume high | volume up | volume medium | volume 2 | speaker wave | audio volume high | audio volume medium | sound | speaker high | volume full | volume loud | volume 3 | volume plus | sound on | speaker loud | volume source
volume down: volume down | volume low | volume minus | speaker low | volume 1 | audio volume low | volume min | sound low | volume decrease
mute: volume off | volume mute | volume x | volume slash | mute | speaker off | speaker mute | speaker x | speaker slash | audio volume muted | sound off | volume cross | volume variant off | volume disabled | sound mute | volume 0 | volume muted | speaker simple x | speaker simple slash | no sound | speaker none
shuffle: shuffle | shuffle variant | arrows shuffle | random | shuffle alt | shuffle angular | media playlist shuffle | shuffle 2
repeat: repeat | loop | repeat variant | media playlist repeat | repeat all | arrows repeat | playlist repeat | repeat alt | repeat on | loop alt
repeat one: repeat one | repeat once | repeat 1 | repeat one on | media playlist repeat song | media playlist repeat one | repeat single | repeat 1 on
rewind: rewind | fast rewind | media seek backward | replay 5 | replay 10 | replay 30 | rewind 10 | rewind 5 | rewind 30 | seek backward | fast backward circle | rewind circle | rewind button | go backward 10 | go backward 5 | go backward 30 | skip back 10 | skip back 5 | skip back 30
fast forward: fast forward | media seek forward | forward 5 | forward 10 | forward 30 | seek forward | fast forward circle | fast forward button | fast forward 10 | fast forward 5 | fast forward 30 | go forward 10 | go forward 5 | go forward 30 | skip forward 10 | skip forward 5 | skip forward 30
eject: eject | media eject | eject variant | eject alt | eject simple
subtitles: subtitles | closed caption | closed captioning | captions | subtitle | closed caption outline | cc | subtitles alt
playlist: playlist | queue music | playlist music | list music | playlist play | music playlist | play list
add to playlist: playlist add | playlist plus | add to playlist | queue add | playlist music plus | music playlist add | list music plus
speed: speed | speedometer | gauge | tachometer | tachometer alt | playback speed | gauge high | speedometer medium | speedometer slow | gauge simple
equalizer: equalizer | graphic eq | music equalizer | equaliser | eq
headphones: headphones | earphones | audio headphones | headphones alt | headphones simple
speaker: speaker | speakers | audio speakers | speaker wireless | speaker alt
cast: cast | cast connected | airplay | screen cast | cast variant | cast alt | chromecast
screen share: screen share | share screen | display share | present to all | screen sharing | share display | monitor up | display arrow up | screen share outline
mail: mail | mail outline | mail alt | mail simple | mail closed | inbox mail | mail 2 | email outline
inbox: inbox | inbox full | inbox arrow down | move to inbox | tray | inbox stack | inbox alt | tray full | inbox in
reply: reply | mail reply | mail reply sender | arrow reply | reply outline | reply alt | message reply | comment reply
reply all: reply all | mail reply all | arrow reply all | reply all outline | reply all alt
forward message: mail forward | forward mail | arrow forward message | share forward | mail forward outline | message forward
compose: compose | mail message new | mail plus | mail edit | new message | compose mail | mail compose | chat compose | square pen compose | write | mail new | chat plus | chat add | message plus | new chat | chat new
chat: chat | chat bubble | message circle | message square | chatbox | chatbubble | chatbubbles | forum | chat dots | chat text | textsms | speech bubble | chat left | chat square | chat circle | chats | chat alt | chat 2 | chat ellipsis | chat left text | chat bubble left | chat bubble left right | chat bubble oval left | chat teardrop | message text | chat left dots | messages square | chat bubbles | comment alt lines | chat outline
comment: comment | comment text | comment dots | comment alt | mode comment | comment multiple | comment discussion | comment outline | comments alt | comment lines | comment 2 | comment bubble
call: phone | telephone | call | phone call | phone in talk | local phone | call start | phone outline | phone alt | phone ringing | call outline | phone handset | handset
end call: call end | phone hangup | phone off | call stop | phone hang up | phone disconnect | phone slash | phone x | phone end | call cancel | end call
video call: video call | video chat | video person call | video person | videocamera call | video conference
notifications: bell | bell ring | bell ringing | notifications active | bell simple | bell badge | bell dot | bell alert | bell outline | notifications none | bell simple ringing | bell fill | bell alt | bell 2 | bell on
notifications off: bell off | bell slash | bell x | bell cancel | notifications off | bell minus | bell simple slash | bell disabled | silent | mute notifications
contacts: contacts | address book | contact book | x office address book | contacts book | book user | contacts outline | user book | contact list | phonebook | book contacts
user: user | user circle | user round | user outline | user alt | user square | circle user | avatar default | user 2 | user filled | user profile | face user
users: users | group users | user multiple | users group | user group | users round | users three | user friends | people team | people community | groups | user multiple outline | team users | users alt | users 2 | friends
add user: user plus | user add | add user | user plus alt | users plus | group add | person add alt | user follow | add person | user circle plus | user round plus
remove user: user minus | user remove | user x | user trash | user delete | remove user | user unfollow | user round minus | user round x | user circle minus | user cancel
sign in: login | log in | sign in | arrow right to bracket | right to bracket | box arrow in right | login box | sign in alt | door arrow left | enter door | log in alt | login variant | arrow right end on rectangle | arrow left end on rectangle | enter
sign out: logout | log out | sign out | exit to app | arrow right from bracket | right from bracket | box arrow right | logout box | system log out | sign out alt | log out alt | logout variant | door arrow right | exit door | arrow right start on rectangle | arrow left start on rectangle | logout box r | exit
calendar: calendar | calendar month | calendar blank | calendar days | date range | calendar date | calendar week | calendar alt | calendar range | calendar outline | calendar 2 | calendar simple | calendar dots | calendar event | x office calendar | calendar view month | calendar ltr | calendar rtl | event
add event: calendar plus | calendar add | event add | add event | appointment new | calendar badge plus | calendar add on | calendar event add
clock: clock | clock outline | access time | clock 3 | clock alt | clock four | clock simple | clock circle | clock time | watch later | clock 2 | clock hour 4 | clock 9 | clock 10
alarm: alarm | alarm clock | access alarm | alarm on | alarm add | alarm plus | alarm check | alarm clock alt
timer: timer | stopwatch | timer outline | chronometer | timer alt | timer 10 | stopwatch alt | timer 1 | timer 2 | timer 3 | timer 5
history: history | clock rotate left | clock counter clockwise | time history | history alt | restore clock | history toggle | clock arrow back | clock history | manage history | clock rewind | history edu clock
bookmark: bookmark | bookmark outline | bookmark simple | bookmark plus | bookmark add | bookmark border | bookmark new | bookmark check | turned in | turned in not | bookmark star | bookmark alt | bookmark added | bookmark 2 | user bookmarks | bookmark filled | bookmark simple plus
favorite: favorite | favorite border | favorite outline | favorite plus | favorite filled | starred | non starred | favorite add | favorite alt | favorite empty | favorite full | favorite simple | favorite border purple
like: thumb up | like | thumb like | hand thumb up | hand thumbs up | thumb up off alt | thumbsup | thumb up alt | upvote | thumb up outline | like alt | thumbs up alt
dislike: thumb down | dislike | thumb dislike | hand thumb down | hand thumbs down | thumb down off alt | thumbsdown | thumb down alt | downvote | thumb down outline | dislike alt | thumbs down alt
flag: flag | flag outline | flag variant | flag triangle | outlined flag | flag 2 | flag banner | flag alt | flag pennant | emblem flag
tag: tag | tag outline | tag simple | tag multiple | sell | local offer | price tag | pricetag | pricetags | tag alt | tag 2 | tag text | tag text outline | tag faces
pin: pin | push pin | pinned | pin angle | pin outline | view pin | pin 2 | pin alt | pushpin outline | pin simple | pin fill
unpin: pin off | unpin | pin slash | unpin alt | pin angle off | push pin off | pin simple slash | pinoff | keep off
location: map marker | location | place | location on | map pin | location pin | pin drop | location dot | geo | geo alt | map marker alt | mark location | location marker | map pin line | location outline | map marker outline | location 2 | map location | geo fill | map pin simple | location alt | pin map
my location: my location | gps fixed | crosshairs gps | locate | locate fixed | find location | location crosshairs | current location | near me | location current | gps | location arrow circle | target location
map: map | map outline | map trifold | maps | map 2 | map folded | map alt | atlas | map simple | map legend
link: link | link variant | link 2 | link simple | link 45 | link horizontal | link alt | link simple horizontal | insert link alt | link angled
unlink: link off | unlink | link broken | link slash | link break | link 2 off | link variant off | link simple break | unlink alt | link disconnect | link x | link simple horizontal break | link remove | link minus
mention: at | at sign | alternate email | mention | at symbol | email at
hashtag: hashtag | hash | number sign | hash tag | hashtag alt | number symbol
rss: rss | rss feed | feed | rss alt | rss simple | rss square
globe: globe | world | public | earth | web | internet | globe alt | globe simple | globe americas | globe europe | globe asia | globe africa | earth americas | earth europe | earth asia | world wide web | globe 2 | globe hemisphere west | globe hemisphere east | globe outline | web browser
news: news | newspaper | newspaper variant | newspaper alt | news alt | feed news | newspaper clipping | newsletter
announcement: megaphone | bullhorn | campaign | speakerphone | loudspeaker | announcement | megaphone simple | bullhorn outline | broadcast megaphone
settings: settings | settings outline | settings 2 | settings six | settings fine | preferences system | settings alt | settings simple | system settings | settings 3 | settings 4 | settings 5 | settings line | settings applications outline | settings outline alt | settings cog | gear wide connected
search: search | search glass | search outline | system search | search alt | search 2 | search sm | search normal | search simple | search circle | search md | search thin
menu: menu | menu 2 | menu alt | open menu | menu burger | burger menu | menu line horizontal | three bars | menu hamburger | menu 3 | menu outline | menu alt 2 | menu alt 3 | menu alt 4 | menu simple | hamburger menu | menu rounded | menu fold | menu unfold | navicon | reorder three | menu variant | hamburger button | menu hamburger alt
more options: more vert | more horiz | more vertical | more horizontal | dots vertical | dots horizontal | more | more h | more v | three dots | three dots vertical | more circle | dots three | dots three vertical | dots three outline | dots three circle | more 2 | dots | view more | view more horizontal | more alt | overflow menu vertical | overflow menu horizontal | menu dots | dots 3 | more h | ellipsis h | ellipsis v | more vertical alt | more horizontal alt | more circle horizontal | more circle vertical | dots vertical rounded | dots horizontal rounded | more fill | view more vertical
apps: apps | view app grid | dots grid | dots nine | waffle | grid dots | app grid | apps outline | dots 9 | app launcher | grid 3 | apps alt | all apps
help: help | help circle | help outline | help box | help center | live help | help browser | help contents | help faq | lifebuoy | life ring | support | help alt | help rhombus | help octagon | lifesaver | help mark | faq | help simple
info: info | info circle | info outline | info i | help about | info square | info alt | dialog information | info box outline | info 2 | info fill | info simple | about | info variant
warning: warning | alert triangle | exclamation triangle | triangle exclamation | warning amber | warning alt | report problem | triangle alert | dialog warning | caution | alert diamond | warning triangle | warning outline | triangle warning | warning 2 | exclamation triangle fill
error: error | alert circle | exclamation circle | circle exclamation | error outline | dialog error | alert octagon | octagon alert | x octagon | circle alert | error circle | warning circle | warning octagon | error warning | exclamation octagon | octagon exclamation | report octagon | error alt | status error | alert octagram | error badge | important circle
success: check circle | checkmark circle | circle check | check circle outline | task alt | emblem default | emblem ok | success | circle check big | checkbox circle | done circle | check circled | success circle | status success | check circle broken | checkmark circle outline | check circle alt | ok circle | tick circle | confirm circle | emblem ok
check: check | checkmark | done | tick | check small | ok | check thick | check simple | checkmark 12 | check line | check fat | checkmark alt | check alt | checkmark outline | check 1 | check 2 | check mark | check lg | check big | confirm | accept | yes | approve
cancel: x circle | cancel | close circle | dismiss circle | circle x | times circle | cancel outline | x circle outline | close circle outline | cancel circle | circle close | cancel presentation
block: block | ban | prohibited | circle slash | forbid | not allowed | slash circle | do not enter | blocked | prohibit | forbidden | ban outline | block alt | no symbol | cancel slash | stop sign ban | circle off
lock: lock | lock closed | lock outline | lock simple | changes prevent | system lock screen | https | lock keyhole | lock alt | lock 2 | lock password | lock square rounded | lock fill | locked | lock on | security lock
unlock: unlock | lock open | lock open variant | lock unlock | changes allow | lock open alt | lock keyhole open | unlock alt | lock open outline | lock simple open | unlocked | lock open 2 | lock off | lock open right | no encryption
key: key | key variant | vpn key | dialog password | key round | passkey | keys | key alt | key 2 | key outline | key skeleton | key simple | password key
security: shield | security | shield check | verified user | shield outline | shield checkmark | shield lock | security high | gpp good | shield half | shield tick | shield done | shield alt | shield keyhole | shield 2 | shield ok | shield check alt | shield filled | shield security | shield fill
fingerprint: fingerprint | finger print | fingerprint simple | touch id | fingerprint scan | fingerprint alt
power: power | power off | power settings new | power standby | power button | shutdown | system shutdown | shut down | poweroff | power alt | power outline | on off | power 2
restart: restart | restart alt | reboot | system reboot | power cycle | restart circle
sleep: sleep | power sleep | system suspend | system hibernate | suspend | hibernate | sleep mode
battery: battery | battery full | battery half | battery low | battery empty | battery medium | battery std | battery alert | battery level | battery high | battery bar | battery outline | battery 0 | battery 25 | battery 50 | battery 75 | battery 100 | battery good | battery caution | battery horizontal | battery vertical | battery full alt | battery warning | battery 1 | battery 2 | battery 3 | battery 4 | battery 5 | battery 6 | battery 10 | battery 20 | battery 30 | battery 40 | battery 60 | battery 70 | battery 80 | battery 90 | battery level 50 | battery level 100 | battery level 0
battery charging: battery charging | battery charging full | battery bolt | battery charge | battery full charging | battery charging 50 | battery charging 100 | battery plus | battery charging high | battery charging low | battery full charged | battery level charging | battery charging vertical | battery horizontal charge
wifi: wifi | wifi high | signal wifi 4 bar | wifi strength | network wireless | wifi 1 | wifi 2 | wifi 3 | wifi 4 | wifi medium | wifi low | network wifi | wifi full | wifi alt | wifi signal | wifi strength 4 | signal wifi | network wireless signal excellent | wifi router signal | wifi 100 | wifi on
wifi off: wifi off | wifi slash | wifi x | signal wifi off | wifi strength off | network wireless offline | wifi disabled | wifi cross | wifi remove | network wireless disabled
bluetooth: bluetooth | bluetooth connected | bluetooth active | bluetooth b | bluetooth alt | bluetooth on | bluetooth audio
network: network | ethernet | lan | network wired | ethernet port | lan connect | network outline | lan outline | network alt | ethernet cable | network 2
signal: signal | signal cellular alt | cellular | antenna | signal cellular 4 bar | network cellular | cell signal | signal bars | antenna bars | reception | signal 4 | signal alt | cell signal full | signal full | signal high | signal cellular | network cellular signal excellent | mobile data | cellular bars | signal cellular 3 bar
airplane mode: airplane mode | airplanemode active | airplane | plane | flight | airplane mode active | plane alt | aeroplane | flight mode | airplane alt | airplane tilt
keyboard: keyboard | input keyboard | keyboard outline | keyboard variant | keyboard alt | keyboard 2 | keypad keyboard
mouse: mouse | input mouse | mouse variant | computer mouse | mouse alt | mouse simple | mouse 2 | mouse pointer device
display: display | desktop | desktop windows | video display | tv | device desktop | computer desktop | display outline | television | display alt | tv alt | desktop alt | display 2 | desktop mac | tv simple | pc display
computer: computer | pc | desktop tower | desktop classic | computer tower | pc case | computer outline | computer alt
laptop: laptop | laptop mac | laptop chromebook | device laptop | laptop alt | laptop outline | laptop windows | laptop simple | notebook laptop
mobile: mobile | phone android | phone iphone | iphone | device mobile | mobile alt | mobile screen | phone portrait | phone mobile | device phone mobile | mobile phone | mobile outline | mobile 2 | stay current portrait | mobile button | phone smartphone
tablet: tablet | tablet android | tablet mac | device tablet | ipad | tablet alt | tablet portrait | tablet outline | tablet landscape
printer: printer device | printer network | printer 3d
camera: camera | photo camera | camera alt | camera outline | camera photo | camera 2 | camera simple | image camera | camera fill | camera iris
video camera: videocamera | video | video camera | camera web | device camera video | video vintage | camera movie | camera video | video outline | video alt | video 2 | videocamera outline | videocamera alt | film camera | video recorder | video camera alt
camera off: camera off | videocamera off | video off | camera slash | video slash | video camera slash | webcam off | camera disabled | video disabled | camera x | videocamera slash | video camera off | camera video off | camera web off
microphone: mic | mic outline | mic none | keyboard voice | audio input microphone | mic alt | mic 2 | microphone lines | mic simple | mic on | mic fill | mic variant | mic line | voice mic | mic circle
microphone off: mic off | mic slash | mic mute | microphone sensitivity muted | mic x | mic disabled | microphone lines slash | audio input microphone muted | mic muted | mic cross | mic none off | mic off alt | mic simple slash | microphone variant off | mic variant off
usb: usb | usb stick | usb flash drive | usb port | usb symbol | usb drive | drive removable media usb | usb alt | usb c
storage: storage | hard drive | harddisk | hard disk | hdd | ssd | drive harddisk | sd card | device hdd | hard drives | harddrive | hard disk alt | storage outline | disk drive | drive removable media
memory: memory | chip | cpu | microchip | processor | developer board | ram | memory stick | cpu chip | cpu 64 bit | chip alt | cpu alt
server: server | dns | server network | server outline | network server | servers | server alt | server 2 | server stack | rack server
cloud: cloud | cloud outline | cloud queue | cloud alt | cloud simple | cloud circle outline | cloud 2 | cloud fill
cloud upload: cloud upload | cloud arrow up | cloud up | upload cloud | cloud upload alt | cloud upload outline | cloud plus up
cloud download: cloud download | cloud arrow down | cloud down | download cloud | cloud download outline | cloud download 2
offline: cloud off | cloud slash | offline | network offline | cloud offline | cloud disconnected | cloud x | wifi disconnected | offline bolt | network disconnected | cloud cross | no connection
sync: sync | sync alt outline | autorenew | arrow sync | cloud sync | emblem synchronizing | sync circle | arrows clockwise | arrows counter clockwise | arrow sync circle | sync problem | synchronize | refresh double sync | arrows rotate | arrow counterclockwise sync | sync outline
backup: backup | backups | backup outline | cloud backup | backup restore outline
trash: user trash full | recycle bin | wastebasket full | emptytrash
terminal: terminal | console | utilities terminal | terminal box | terminal window | terminal square | command line | terminal alt | square terminal | app terminal | terminal 2 | console line | terminal outline
code: code | code braces | code slash | code tags | code brackets | code simple | code alt | code xml | code 2 | file code | code box | code outline | source code | code circle | code view | code curly | developer mode
bug: bug | bug report | bug outline | debug | bug ant | bug beetle | bug alt | bug 2 | bug off outline | insect bug
database: database | db | database outline | database alt | database 2 | database simple | data base | database storage | database fill
chart: chart | bar chart | chart bar | analytics | poll | stats | chart column | chart histogram | chart box | assessment | bar chart 2 | chart bar square | statistics | data bar vertical | data bar horizontal | chart bar vertical | chart bar horizontal | chart simple | insert chart outlined chart | chart bar big | chart vertical | bar chart alt | chart alt | data histogram | chart bar 2 | analytics alt | insights | equalizer chart | chart 2 | chart 3 | chart bar alt
pie chart: pie chart | chart pie | chart donut | data usage | data pie | chart pie slice | pie chart outline | pie chart alt | chart pie alt | pie | donut chart | chart donut variant | pie chart 2
line chart: chart line | line chart | show chart | trending up | trend up | chart line up | chart line variant | multiline chart | stacked line chart | chart trending | chart spline | data line | data trending | trending down | line chart up | chart line down | chart timeline variant | chart line data | line graph | chart multiline | chart line alt | trend down | chart bell curve
cart: cart | shopping cart | cart outline | cart shopping | cart variant | cart simple | local grocery store | trolley | cart alt | shopping cart alt | shopping cart simple | shopping cart outline | cart 2 | shopping cart 2 | shopping | cart shopping fast
add to cart: cart plus | add shopping cart | shopping cart plus | add to cart | cart arrow down | cart add | shopping cart add | cart shopping plus
shopping bag: shopping bag | bag | bag handle | local mall | bag shopping | shopping bag alt | bag 2 | bag simple | shopping bag outline | bag alt | shopping bag 2
store: store | shop | storefront | store front | building store | store mall | market | shop alt | store alt | shop 2 | storefront outline | store 2 | shopping store | shop window
payment: credit card | payment | credit card outline | bank card | credit card alt | credit card 2 | payment card | card pay | credit card front | card credit | credit card back | payments card
wallet: wallet | wallet outline | account balance wallet | purse | wallet alt | wallet 2 | wallet simple | wallet money
money: money | cash | dollar | currency dollar | currency usd | attach money | money bill | banknotes | banknote | cash multiple | coins | coin | payments | dollar sign | money dollar | usd | money alt | cash stack | money bill wave | money 2 | cash alt | bill money | currency dollar simple
receipt: receipt | invoice | bill | receipt long | receipt text | file invoice | invoice outline | receipt outline | receipt alt | receipt 2 | file invoice dollar | receipt item
gift: gift | card giftcard | redeem | gift outline | giftcard | gift alt | gift box | gift 2 | present gift
package: package | parcel | package variant | package 2 | package alt | box package | package outline | package closed | parcel box
shipping: truck | local shipping | shipping | truck delivery | delivery | truck fast | truck outline | delivery truck | shipping fast | truck alt | truck 2 | truck moving | shipping truck
extensions: extension | puzzle | puzzle piece | extensions | plugin | puzzle outline | add on | extension puzzle | puzzle alt | plugins | puzzle 2 | extensions outline
toggle: toggle on | toggle off | toggle switch | toggle left | toggle right | toggle | toggle switch off | switch on | switch off | toggle alt | toggle switch on | toggle on alt | toggle off alt
adjustments: tune | sliders | sliders horizontal | adjustments | adjustments horizontal | sliders h | options | faders | controls | tune variant | sliders vertical | adjustments vertical | sliders alt | sliders v | faders horizontal | adjustments alt | tune vertical | settings adjust | slider horizontal
tools: tools | wrench | tool | toolbox | screwdriver wrench | hammer wrench | construct | repair | wrench outline | tools alt | wrench screwdriver | tools 2 | wrench alt | tools outline | wrench simple
build: hammer | hammer 2 | hammer alt | hammer outline | build hammer
magic: magic wand | wand | auto fix | auto fix high | magic | wand magic | wand magic sparkles | wand sparkles | color wand | magic wand 2 | magic stick | wand stars | magic alt | auto fix normal
ai: sparkles | sparkle | auto awesome | ai | creation | sparkles 2 | sparkling | magic sparkles | ai sparkle | stars ai | sparkles alt | sparkle ai | sparkles outline | ai magic
idea: idea | idea outline | tips and updates | emoji objects | idea on | light idea | idea alt | idea 2 | lamp idea | idea simple | light bulb
rocket: rocket | rocket launch | rocket takeoff | rocket outline | rocket alt | rocket 2
accessibility: accessibility | accessible | universal access | wheelchair | accessibility new | accessible forward | universal access circle | accessibility alt | wheelchair alt | accessible icon
qr code: qr code | qrcode | qr code scanner | qr code 2 | qrcode scan | scan qr code | qr | qr scan | qr code scan | qrcode alt
barcode: barcode | barcode scan | barcode reader | scan barcode | barcode alt | upc | barcode scanner
book: book | book open | book outline | menu book | book open variant | auto stories | book 2 | book alt | bookopen | book open outline | book simple | book closed | book open alt | reader book | book alt 2
library: library | books | library books | bookshelf | library shelves | library alt | library outline
clipboard: clipboard | clipboard outline | clipboard text | assignment | clipboard list | clipboard alt | clipboard 2 | clipboard text outline | clipboard document | clipboard simple | clipboard notes
note: note | notes | sticky note | notepad | sticky note 2 | note outline | note text | memo | notebook | note alt | note sticky | notes alt | sticky note alt | journal | note 2 | sticky notes | note simple | note blank
task: task | tasks | assignment turned in | clipboard check | todo | task square | clipboard tick | clipboard task | task done | tasks alt | clipboard checked
briefcase: briefcase | business center | briefcase outline | portfolio | briefcase alt | briefcase 2 | briefcase simple | work briefcase | briefcase business
building: building | business | office building | domain | apartment | corporate fare | buildings | building 2 | office | company | building alt | building office | building skyscraper | buildings alt | building outline | building 4
school: school | graduation cap | academic cap | education | hat graduation | mortarboard | school outline | graduation | cap graduation | graduation cap alt | student cap
trophy: trophy | emoji events | trophy variant | trophy outline | trophy alt | trophy 2 | award trophy | cup trophy | trophy simple
medal: medal | award | military tech | workspace premium | medal outline | medal alt | award alt | medal 2 | ribbon award | medal star
hourglass: hourglass | hourglass empty | hourglass full | hourglass top | hourglass bottom | hourglass start | hourglass end | hourglass half | timer sand | hourglass split | hourglass medium | sand timer | hourglass alt | hourglass high | hourglass low | hourglass simple | timer sand empty | timer sand full | hourglass outline | hourglass 1 | hourglass 2 | hourglass 3
loading: loading | spinner | loader | spinner third | circle notch | loader 2 | loader circle | spinner gap | content loading | process working | loader alt | loading alt | spinner ios | loader 3 | loader 4 | loader 5 | spinner 2 | spinner 3 | spinner alt | loader quarter | spinner ball | loading 2 | loading 3 | progress activity | spinner bold
git branch: git branch | branch | source branch | code fork | git fork | repo forked | fork code | code branch | branch fork | git branch alt | branches | git fork alt
git merge: git merge | source merge | merge type | call merge | merge | git merge alt | merge vertical | merge horizontal
git commit: git commit | commit | source commit | git commit alt | commit alt
pull request: git pull request | pull request | merge request | source pull | pull request alt | git pull request alt | git pull
repository: repo | repository | git repository | source repository | repo alt | repository alt | repo 2
plug: plug | power plug | plug connected | plugs connected | plugs | plug alt | plug 2 | electrical plug | plug outline
unplug: unplug | power plug off | plug off | plug disconnected | plug slash | plug x | plugs off
sitemap: sitemap | sitemap outline | file tree | account tree | hierarchy | tree structure | organization chart | list tree | hierarchy alt | diagram 3 | hierarchy 2 | sitemap alt | tree view | file tree outline | diagram tree | org chart | structure tree
api: api | webhook | webhooks | api app | integration | api alt | api 2
expand: expand all | show more | expand more vertical | arrows expand vertical | expand vertical more | text expand
collapse: collapse all | unfold less | chevron collapse | show less | fold vertical | collapse vertical | collapse content | unfold less horizontal | unfold less vertical | chevron contract | arrow collapse vertical | collapse alt
chevron down: chevron down | expand more | chevron down circle | keyboard arrow down | nav arrow down | pan down | chevron bottom | chevron down small | expand circle down | chevron down outline | chevron compact down | chevron dropdown | down chevron | arrow down s | direction down chevron
chevron up: chevron up | expand less | chevron up circle | keyboard arrow up | nav arrow up | pan up | chevron top | chevron up small | expand circle up | chevron up outline | chevron compact up | up chevron | arrow up s | chevron up alt
chevron left: chevron left | navigate before | keyboard arrow left | arrow back ios | arrow back ios new | nav arrow left | pan start | chevron back | chevron left small | chevron left circle | chevron left outline | chevron compact left | left chevron | arrow left s | navigate back | chevron previous
chevron right: chevron right | navigate next | keyboard arrow right | arrow forward ios | nav arrow right | pan end | chevron forward | chevron right small | chevron right circle | chevron right outline | chevron compact right | right chevron | arrow right s | navigate forward | chevron next
caret down: caret down | arrow drop down | menu down | triangle down | caret down fill | triangle down small | arrow drop down circle | down caret | caret down outline | arrow down drop circle | caret bottom | dropdown | triangle down fill | caret down small | caret sort down | arrow down drop | sort down caret | down triangle | arrow down b
caret up: caret up | arrow drop up | menu up | triangle up | caret up fill | triangle up small | up caret | caret up outline | arrow up drop circle | caret top | triangle up fill | caret up small | arrow up drop | up triangle | arrow up b
caret left: caret left | arrow drop left | menu left | triangle left | caret left fill | triangle left small | left caret | caret left outline | arrow left drop circle | triangle left fill | caret left small | left triangle | arrow left b
caret right: caret right | arrow drop right | menu right | triangle right | caret right fill | triangle right small | right caret | caret right outline | arrow right drop circle | triangle right fill | caret right small | right triangle | arrow right b
double chevron left: chevron double left | chevrons left | chevron left double | keyboard double arrow left | double arrow left | arrow left double | double left | chevron double left circle | double chevron left | chevrons left outline | chevron left 2 | chevron double back
double chevron right: chevron double right | chevrons right | chevron right double | keyboard double arrow right | double arrow right | arrow right double | double right | chevron double right circle | double chevron right | chevrons right outline | chevron right 2 | chevron double forward
double chevron up: chevron double up | chevrons up | chevron up double | keyboard double arrow up | double arrow up | arrow up double | double up | double chevron up | chevrons up outline
double chevron down: chevron double down | chevrons down | chevron down double | keyboard double arrow down | double arrow down | arrow down double | double down | double chevron down | chevrons down outline
drag handle: drag handle | drag indicator | grip vertical | grip horizontal | grip | grabber | drag vertical | drag horizontal | dots six vertical | dots six | grip lines | grip lines vertical | gripper | drag dots | drag horizontal variant | drag vertical variant | grip dots vertical | grip dots horizontal | drag drop vertical | drag handle horizontal | holder | gripper bar horizontal | gripper bar vertical | dots six horizontal | grip dots | drag handle dots 2 | drag handle dots 1
swap: swap horizontal | swap vertical | swap horiz | swap vert | arrows exchange | exchange | exchange alt | arrow right arrow left | arrow up arrow down | swap | switch horizontal | switch vertical | arrows left right swap | arrows exchange alt | arrow swap | swap horizontal circle | swap vertical circle | arrows left right | arrows up down | exchange horizontal | exchange vertical | arrow left right swap
unfold: unfold more | unfold | chevron expand | selector | unfold more horizontal | caret sort | chevron up down | unfold vertical | unfold more vertical | caret up down | arrows up down unfold | expand vertical | chevron sort | chevrons expand vertical
enter: keyboard return | subdirectory arrow left | corner down left | arrow elbow down left | keyboard enter | enter key | arrow return left | return key | arrow enter | keyboard return outline | return down back
checkbox: checkbox | check box | check square | checkbox marked | checkbox checked | checkbox unchecked | checkbox outline | check box outline | checkbox indeterminate | indeterminate check box | square check big | check square o | check box outline blank | checkbox blank | checked | checkbox intermediate | checkbox multiple marked | checkbox on | checkbox off | checkbox tick | checkbox check | check square alt | checkmark square | square checkmark
radio button: radio button checked | radio button unchecked | radio button on | radio button off | radiobox marked | radiobox blank | radio checked | radio unchecked | radio button | radio on | radio off | radio mixed | radio selected | radio button partial | radiobox indeterminate variant
emoji: emoji | smile | smiley | emoticon | face smile | mood | insert emoticon | emoji emotions | sentiment satisfied | emoticon outline | emoticon happy | smile plus | add reaction | happy | emoji happy | face smile plus | emoji smile | smiley face | emotion | emotion happy | mood smile | mood happy | emoticon happy outline | smile circle | face happy | emoji add | insert emoji | emoji smile slight | smiley happy | sentiment very satisfied
weather: weather | cloud sun | partly cloudy day | weather cloudy | weather sunny | weather rainy | weather partly cloudy | weather snowy | weather pouring | cloud rain | cloud lightning | cloud snow | cloud drizzle | weather clear | weather overcast | weather showers | weather storm | weather few clouds | weather fog | weather windy | sun cloud | weather lightning | weather partly cloudy day | weather hail
thermometer: thermometer | thermostat | device thermostat | temperature | thermometer half | temperature high | temperature low | thermometer simple | temp | thermometer alt | thermometer lines
filter off: filter off | filter remove | filter x | filter slash | filter alt off | filter minus | filter cancel | filter list off | filter remove outline | filter variant remove | filter off outline | filter clear | filter disabled | filter circle x mark | remove filter
sort alphabetical: sort alphabetical | sort alpha down | sort alpha up | sort by alpha | sort alphabetical ascending | sort alphabetical descending | arrow down a z | arrow up a z | arrow down z a | arrow up z a | sort az | sort za | sort alpha down alt | sort alpha up alt | sort alphabetical variant | sort a z | sort z a | text sort ascending | text sort descending
calculator: calculator | calculate | calculator variant | accessories calculator | calculator alt | calculator outline | calculator simple | calculator 2
percent: percent | percentage | percent circle | discount | percent outline | percent square | percent alt | percent box | sale percent
target: target | bullseye | bullseye arrow | goal | target arrow | target 2 | target alt | target outline | dart board
headset: headset | headset mic | support agent | customer service | headset help | customer support | headset alt | headset 2 | call center | customer service 2
feedback: feedback | rate review | message feedback | chat feedback | comment feedback | feedback outline | person feedback
rating: star half | star half full | rating | star half stroke | star half alt | half star | star half outline | stars rating | star half empty | star half filled | star half sharp
verified: verified | check decagram | badge check | check badge | patch check | seal check | rosette discount check | certified | badge verified | verified badge | decagram check | rosette check | shield verified badge | check decagram outline | approved | patch check fill | verify | verified check | checkmark badge | badge checkmark
user settings: user settings | user cog | manage accounts | person settings | user gear | user config | user cog outline | person gear | settings user | user pen settings | account settings | user admin settings
admin: admin | admin panel settings | shield user | user shield | administrator | shield person | user admin | admin user | user crown
id card: id card | identification card | card account details | id badge | vcard | contact card | address card | id | card account details outline | person vcard | user id | id card alt | identity card | credit card user | badge id | contacts id card | card id | card user
phone incoming: phone incoming | call received | phone arrow down left | phone in | incoming call | phone call incoming | call incoming | phone incoming call | phone arrow left
phone outgoing: phone outgoing | call made | phone arrow up right | phone out | outgoing call | phone call outgoing | call outgoing | phone outgoing call | phone arrow right
voicemail: voicemail | voice mail | voicemail alt
fax: fax | printer fax | fax machine | fax outline
spam: spam | mail mark junk | junk | report spam | mail junk | spam alt | mail spam | email spam | junk mail
drafts: drafts | mail drafts | draft mail | drafts outline | mail draft
outbox: outbox | inbox arrow up | mail outbox | outbox alt | sent | mail sent | sent mail
mark as read: mark email read | mail open | mark as read | mail mark read | mark chat read | mail read | mail open outline | mail opened | read mail | mail check | mark read
mark as unread: mark email unread | mark as unread | mail unread | mail mark unread | email mark as unread | mark chat unread | unread mail | mail new dot | mail badge | mail unread outline | mark unread
snooze: snooze | bell z | alarm snooze | notifications paused | bell sleep | clock snooze | snooze 2 | bell pause | bell snooze | snooze alt
schedule: schedule send | calendar clock | clock calendar | scheduled | schedule alt | calendar time | calendar clock outline | calendar schedule | schedule
today: today | calendar today | go to today | calendar day today | today outline
reading mode: reading mode | chrome reader mode | reader mode | immersive reader | reader | book reading | reading
read aloud: read aloud | record voice over | text to speech | speak text | read out loud | speech to text reverse | voice over
dictionary: dictionary | book alphabet | accessories dictionary | dictionary alt | book a | book dictionary
app: application | app | application outline | app alt | application x executable | apps app | application brackets
window: window | web asset | app window | browser | window alt | application window | window outline | browser window | window simple | browser alt | window 2
dock left: dock left | dock to left | panel left | sidebar left | layout sidebar left | left panel open | left panel close | panel left expand | panel left contract | panel left close | panel left open | layout left | side panel left | sidebar left open | dock left panel | layout sidebar left expand | layout sidebar left collapse
dock right: dock right | dock to right | panel right | sidebar right | layout sidebar right | right panel open | right panel close | panel right expand | panel right contract | panel right close | panel right open | layout right | side panel right | sidebar right open | layout sidebar reverse | layout sidebar right expand | layout sidebar right collapse
dock bottom: dock bottom | dock to bottom | panel bottom | layout panel | bottom panel open | bottom panel close | panel bottom expand | panel bottom contract | panel bottom close | panel bottom open | layout bottombar | layout bottom | sidebar bottom | layout bottombar expand | layout bottombar collapse
dock top: dock top | dock to top | panel top | top panel open | top panel close | panel top expand | panel top contract | panel top close | panel top open | layout navbar | layout top | layout navbar expand | layout navbar collapse
desktop: user desktop | show desktop | desktop show | desktop workspace
workspaces: workspaces | virtual desktop | workspace | workspaces outline | desktop multiple
screenshot: screenshot | screenshot monitor | screen shot | accessories screenshot | applets screenshooter | screenshot region | screenshot 2 | screen capture | capture screen | screenshot alt | camera screenshot | crop screen
compare: compare | compare arrows | git compare | diff | file diff | compare horizontal | compare vertical | diff added | document compare | compare alt | file compare
track changes: track changes document | document track changes
pivot table: pivot table chart | pivot table | table pivot
freeze panes: freeze panes | table freeze column | table freeze row | freeze column | freeze row
"""

#: Per-family overrides: "family[,family]: phrase -> function id or None".
#: None blocks a global phrase for that family (the name means something else there).
FAMILY_PHRASES = r"""
solar: plane -> None
material: star rate -> rating
*: menu button -> None
*: menu button wide -> None
*: home mini -> None
*: home max -> None
ep: tools -> settings
ph: person simple -> None
ph: person simple circle -> None
mingcute: profile -> id card
*: box checkmark -> None
*: favorite broken -> None
*: favorite crack -> None
*: alt text -> None
*: filter 1 -> None
*: filter 2 -> None
*: filter 3 -> None
*: filter 4 -> None
*: filter 5 -> None
*: filter 6 -> None
*: filter 7 -> None
*: filter 8 -> None
*: filter 9 -> None
el: check empty -> checkbox
fluent: check -> None
fluent: arrow repeat 1 -> repeat one
fluent: arrow repeat all -> repeat
fluent: arrow repeat all off -> None
material: move -> None
fluent,grommet-icons,humbleicons,ph,ri,streamline-ultimate,tdesign,solar,wpf,vaadin,mingcute,charm,fontisto: cursor -> select
fa,fa4,bx,el,fontisto,uil,vaadin,zondicons: adjust -> contrast
fluent: drag -> move
iconpark,lsicon,mi,qlementine-icons: drag -> drag handle
mingcute,radix: switch -> toggle
clarity,mdl2,iconpark,lsicon: switch -> swap
*: globe light -> None
*: crop 1 1 -> None
lets-icons: alarm -> None
pepicons: line x circle -> remove
pepicons: line y circle -> None
material: save alt -> download
tdesign: app -> apps
mdi: text box -> None
mage: box check -> None
libreoffice: marker rect -> None
libreoffice: check -> None
libreoffice: target -> None
libreoffice: draw -> None
libreoffice: id -> None
libreoffice: layout empty -> None
libreoffice: table -> None
fluent: maximize -> maximize
basil,famicons,solar,ion: card -> payment
material,mdi: pin -> None
material,mdi: more -> None
eva,gg,teenyicons: pin -> location
cuida,ep,fa,gravity-ui,hugeicons,humbleicons,majesticons,meteor-icons,mynaui,pixelarticons,prime,proicons,solar,system-uicons,teenyicons,uil,mingcute: box -> package
bx,carbon,duo-icons,gg,iconamoon,lets-icons,mage,icons8,oi,zondicons: box -> archive
fluent,majesticons,pepicons,proicons,pixelarticons,ion: open -> external link
qlementine-icons: open -> open folder
ant,mi,uiw,vaadin,tdesign,uil: enter -> enter
uil,ci,bx,carbon,vaadin,oui,lineicons: exit -> None
lets-icons: stop -> None
uiw: stop -> block
bx,carbon,cil,clarity,el,grommet-icons,iconoir,icons8,lets-icons,mingcute,vaadin,wpf,mdl2: group -> users
iconpark,hugeicons,radix,qlementine-icons: group -> group
el,f7,qlementine-icons,wpf: speaker -> volume
raphael: speaker -> None
icomoon-free,ix,uiw: notification -> None
clarity,ion,majesticons,mdi,lets-icons,carbon: text -> None
basil,bitcoin-icons,charm,oui,system-uicons,raphael,qlementine-icons,icomoon-free: cross -> x
ant,ci,el,f7,fontisto,heroicons,iconoir,jam,meteor-icons,mynaui,prime,tdesign,teenyicons,uil,uiw,vaadin: forward -> fast forward
ant,el,f7,fe,fontisto,heroicons,jam,meteor-icons,prime,tdesign,uil,uiw,zondicons,icomoon-free: backward -> rewind
basil,charm,flowbite,mingcute,solar,system-uicons,codicon,qlementine-icons: forward -> forward message
material,mingcute: minimize -> minimize
material,mingcute: maximize -> maximize
eva: minimize -> zoom out
eva: maximize -> zoom in
formkit: minimize -> None
formkit: maximize -> None
material,gg,iconoir,formkit: compress -> None
ep,streamline,proicons,hugeicons,ci: expand -> None
ooui: expand -> chevron down
pajamas,pixelarticons,quill: expand -> unfold
clarity,ep,fluent,solar,meteor-icons,raphael: list -> None
iconpark,icons8: list -> checklist
oui,mingcute,bytesize,grommet-icons: alert -> warning
cuida,jam,mdl2: alert -> error
iconpark,jam: phone -> mobile
akar,el,lets-icons,mingcute,octicon,ph,radix,raphael,ri,tdesign,iconpark: video -> video
material: arrow left -> caret left
material: arrow right -> caret right
material: arrow left alt -> back
material: arrow right alt -> forward
material: north -> up
material: south -> down
material: west -> back
material: east -> forward
material: schedule -> clock
material: event -> calendar
material: restore -> history
material: group -> users
material: public -> globe
material: description -> file
material: create -> edit
material: build -> tools
material: work -> briefcase
material: room -> location
material: keep -> pin
material: badge -> id card
material: grade -> favorite
material: report -> error
material: more -> None
material: forward -> forward message
material: sync alt -> swap
material: track changes -> None
material: filter -> None
material: crop square -> None
material: crop portrait -> None
material: crop landscape -> None
material: crop din -> None
material: crop original -> None
material: crop free -> None
material: crop 16 9 -> None
material: crop 3 2 -> None
material: crop 5 4 -> None
material: crop 7 5 -> None
material: crop 9 16 -> None
material: brightness 1 -> None
material: brightness 2 -> None
material: brightness 3 -> None
material: launch -> external link
material: feed -> None
material: support -> help
material: list -> list view
material: view list -> list view
material: window -> None
material: tab -> tabs
material: compress -> None
material: expand -> unfold
material: stop -> stop
material: label -> tag
material: language -> translate
material: flight -> airplane mode
material: storage -> storage
material: dashboard -> dashboard
material: apps -> apps
material: widgets -> None
material: pending -> None
material: update -> None
material: replay -> None
material: shop -> store
material: shop 2 -> store
material: supervisor account -> users
mdi: alert -> warning
mdi: alert outline -> warning
mdi: alert box -> warning
mdi: cancel -> block
mdi: group -> group
mdi: forward -> None
mdi: web -> globe
mdi: television -> display
mdi: drag -> None
mdi: new box -> None
mdi: card -> None
mdi: select -> select
mdi: expand all -> expand
mdi: file tree -> sitemap
mdi: tray -> inbox
fa4: times -> x
fa4: times circle -> cancel
fa4: times rectangle -> close
fa4: bars -> menu
fa4: navicon -> menu
fa4: reorder -> menu
fa4: compress -> exit fullscreen
fa4: expand -> fullscreen
fa4: arrows alt -> fullscreen
fa4: arrows -> move
fa4: forward -> fast forward
fa4: backward -> rewind
fa4: fast forward -> next
fa4: fast backward -> previous
fa4: repeat -> redo
fa4: rotate left -> undo
fa4: rotate right -> redo
fa4: files -> copy
fa4: sort up -> caret up
fa4: sort down -> caret down
fa4: sort asc -> caret up
fa4: sort desc -> caret down
fa4: header -> heading
fa4: th -> grid view
fa4: th large -> grid view
fa4: th list -> list view
fa4: user times -> remove user
fa4: hdd -> storage
fa4: gear -> settings
fa4: thumbs up -> like
fa4: thumbs down -> dislike
fa4: star half -> rating
fa4: list -> list view
fa4: circle o notch -> loading
fa4: dot circle -> radio button
fa4: toggle on -> toggle
fa4: toggle off -> toggle
fa4: remove -> x
fa4: close -> x
fa4: location arrow -> navigate
fa: xmark -> x
fa: times -> x
fa: times circle -> cancel
fa: bars -> menu
fa: compress -> exit fullscreen
fa: expand -> fullscreen
fa: compress alt -> exit fullscreen
fa: expand alt -> fullscreen
fa: arrows alt -> move
fa: up down left right -> move
fa: arrows up down left right -> move
fa: maximize -> fullscreen
fa: minimize -> exit fullscreen
fa: forward -> fast forward
fa: backward -> rewind
fa: fast forward -> next
fa: fast backward -> previous
fa: forward fast -> next
fa: backward fast -> previous
fa: sort up -> caret up
fa: sort down -> caret down
fa: rotate left -> undo
fa: rotate right -> redo
fa: arrow rotate left -> undo
fa: arrow rotate right -> redo
fa: rotate -> refresh
fa: arrows rotate -> refresh
fa: heading -> heading
fa: user xmark -> remove user
fa: user times -> remove user
fa: hdd -> storage
fa: user gear -> user settings
fa: user cog -> user settings
fa: circle dot -> radio button
fa: dot circle -> radio button
fa: thumbs up -> like
fa: thumbs down -> dislike
fa: location arrow -> navigate
fa: toggle on -> toggle
fa: toggle off -> toggle
fa: clone -> copy
fa: table list -> list view
fa: table cells -> grid view
fa: table cells large -> grid view
fa: list -> list view
fa: table columns -> columns
fa: display -> display
fa: square xmark -> close
fa: circle xmark -> cancel
fa: bolt -> None
fluent: alert -> bell
fluent: alert off -> bell off
fluent: alert on -> bell
fluent: alert badge -> bell
fluent: navigation -> menu
fluent: phone -> mobile
fluent: speaker -> volume
fluent: speaker 0 -> volume down
fluent: speaker 1 -> volume down
fluent: speaker 2 -> volume
fluent: color -> color palette
fluent: box -> package
fluent: group -> group
fluent: organization -> sitemap
fluent: text t -> text
fluent: arrow clockwise -> refresh
fluent: arrow counterclockwise -> None
fluent: data bar vertical -> chart
fluent: calendar ltr -> calendar
fluent: window new -> new window
fluent: board -> dashboard
fluent: apps -> apps
fluent: grid -> grid view
fluent: dismiss -> x
fluent: prohibited -> block
fluent: people -> users
fluent: textbox -> text
fluent: mail read -> mark as read
fluent: mail unread -> mark as unread
mdl2: cancel -> close
mdl2: chrome close -> close
mdl2: chrome minimize -> minimize
mdl2: chrome restore -> restore
mdl2: back -> back
mdl2: forward -> forward
mdl2: global navigation button -> menu
mdl2: more -> more options
mdl2: clear -> clear
mdl2: refresh -> refresh
mdl2: mail forward -> forward message
mdl2: mail reply -> reply
mdl2: mail reply all -> reply all
mdl2: up -> up
mdl2: down -> down
mdl2: next -> next
mdl2: previous -> previous
mdl2: status error full -> error
mdl2: error badge -> error
mdl2: warning -> warning
mdl2: blocked -> block
mdl2: favorite star -> favorite
mdl2: favorite star fill -> favorite
mdl2: like -> like
mdl2: dislike -> dislike
mdl2: sync -> sync
mdl2: light -> None
mdl2: sunny -> weather
ph: caret down -> chevron down
ph: caret up -> chevron up
ph: caret left -> chevron left
ph: caret right -> chevron right
ph: caret circle down -> chevron down
ph: caret circle up -> chevron up
ph: caret circle left -> chevron left
ph: caret circle right -> chevron right
ph: caret double left -> double chevron left
ph: caret double right -> double chevron right
ph: caret double up -> double chevron up
ph: caret double down -> double chevron down
ph: caret circle double left -> double chevron left
ph: caret circle double right -> double chevron right
ph: caret up down -> unfold
ph: list -> menu
ph: arrow counter clockwise -> None
ph: arrow clockwise -> None
ph: arrows clockwise -> refresh
ph: arrows counter clockwise -> refresh
ph: warning circle -> error
ph: prohibit -> block
ph: prohibit inset -> block
ph: text indent -> indent
ph: text outdent -> outdent
ph: rows -> list view
ph: frame corners -> fullscreen
ph: eyedropper -> color picker
ph: note pencil -> edit
lucide,fe: minimize 2 -> exit fullscreen
lucide,fe: maximize 2 -> fullscreen
lucide,fe: shrink -> exit fullscreen
lucide,fe: expand -> fullscreen
lucide,fe: text -> None
lucide,fe: forward -> forward message
lucide,fe: arrow left right -> swap
lucide,fe: arrow up down -> None
lucide,fe: group -> group
lucide,fe: rotate ccw -> None
lucide,fe: rotate cw -> None
lucide,fe: scan -> scan
lucide,fe: sheet -> spreadsheet
lucide,fe: plane -> airplane mode
lucide,fe: box -> package
lucide,fe: baseline -> font color
lucide,fe: x octagon -> error
lucide,fe: tablet -> tablet
lucide,fe: list collapse -> collapse
lucide,fe: undo 2 -> undo
lucide,fe: redo 2 -> redo
tabler: minimize -> exit fullscreen
tabler: maximize -> fullscreen
tabler: volume -> volume
tabler: volume 2 -> volume down
tabler: volume 3 -> mute
tabler: rotate -> None
tabler: rotate 2 -> None
tabler: rotate clockwise -> None
tabler: rotate clockwise 2 -> None
tabler: refresh -> refresh
tabler: box -> package
tabler: stack -> layers
tabler: restore -> None
tabler: alert circle -> error
tabler: bulb -> idea
tabler: mood smile -> emoji
tabler: circle dot -> None
tabler: writing -> edit
tabler: arrows left right -> swap
tabler: arrows up down -> swap
tabler: h 1 -> heading
tabler: h 2 -> heading
tabler: h 3 -> heading
bi: dash -> remove
bi: dash circle -> remove
bi: dash square -> remove
bi: dash lg -> remove
bi: list -> menu
bi: phone -> mobile
bi: box -> package
bi: stars -> ai
bi: forward -> forward message
bi: reply -> reply
bi: arrow left right -> swap
bi: arrow down up -> swap
bi: person dash -> remove user
bi: telephone inbound -> phone incoming
bi: telephone outbound -> phone outgoing
bi: telephone x -> end call
bi: telephone minus -> None
bi: reception 4 -> signal
bi: arrow counterclockwise -> None
bi: arrow clockwise -> refresh
bi: house -> home
bi: type -> text
bi: type h 1 -> heading
bi: type h 2 -> heading
bi: type h 3 -> heading
bi: text left -> align left
bi: text center -> align center
bi: text right -> align right
bi: text paragraph -> paragraph
bi: journal -> note
bi: journal text -> note
bi: upc -> barcode
bi: upc scan -> barcode
bi: layout sidebar -> sidebar
bi: layout sidebar reverse -> dock right
bi: layout split -> split view
bi: grid 3 x 3 gap -> apps
bi: grid 3 x 3 -> apps
bi: chevron bar expand -> None
bi: fonts -> font
bi: cash -> money
bi: cash stack -> money
octicon: dash -> remove
octicon: alert -> warning
octicon: stop -> error
octicon: organization -> building
octicon: mute -> mute
octicon: unmute -> volume
octicon: kebab horizontal -> more options
octicon: kebab vertical -> more options
octicon: file directory -> folder
octicon: file directory open -> open folder
octicon: triangle down -> caret down
octicon: triangle up -> caret up
octicon: triangle left -> caret left
octicon: triangle right -> caret right
octicon: light bulb -> idea
octicon: graph -> chart
octicon: project -> None
octicon: diff -> compare
octicon: repo -> repository
octicon: feed -> None
octicon: goal -> target
codicon: x -> close
codicon: chrome close -> close
codicon: chrome minimize -> minimize
codicon: chrome maximize -> maximize
codicon: chrome restore -> restore
codicon: remove -> remove
codicon: debug -> bug
codicon: pass -> success
codicon: pass filled -> success
codicon: star full -> favorite
codicon: star empty -> favorite
codicon: star half -> rating
codicon: organization -> None
codicon: kebab vertical -> more options
codicon: list flat -> list view
codicon: list tree -> sitemap
codicon: color mode -> contrast
codicon: paintcan -> fill
codicon: notebook -> note
codicon: layout -> layout
codicon: account -> user
codicon: mail read -> mark as read
codicon: clear all -> clear
codicon: feedback -> feedback
codicon: unmute -> volume
codicon: mute -> mute
codicon: replace -> find and replace
codicon: graph line -> line chart
codicon: graph -> chart
codicon: record -> record
codicon: stop -> None
codicon: debug stop -> None
ri: arrow left s -> chevron left
ri: arrow right s -> chevron right
ri: arrow up s -> chevron up
ri: arrow down s -> chevron down
ri: arrow drop left -> caret left
ri: arrow drop right -> caret right
ri: arrow drop up -> caret up
ri: arrow drop down -> caret down
ri: arrow left double -> double chevron left
ri: arrow right double -> double chevron right
ri: arrow up double -> double chevron up
ri: arrow down double -> double chevron down
ri: alert -> warning
ri: checkbox circle -> success
ri: close circle -> cancel
ri: forbid -> block
ri: forbid 2 -> block
ri: global -> globe
ri: equalizer -> adjustments
ri: speed -> None
ri: team -> users
ri: group -> users
ri: user add -> add user
ri: user unfollow -> remove user
ri: user follow -> add user
ri: shut down -> power
ri: vidicon -> video camera
ri: vidicon 2 -> video camera
ri: macbook -> laptop
ri: bank card -> payment
ri: bill -> receipt
ri: sparkling -> ai
ri: sparkling 2 -> ai
ri: emotion -> emoji
ri: emotion happy -> emoji
ri: notification -> bell
ri: notification 2 -> bell
ri: notification 3 -> bell
ri: notification 4 -> bell
ri: notification off -> bell off
ri: login box -> sign in
ri: logout box -> sign out
ri: logout box r -> sign out
ri: login circle -> sign in
ri: logout circle -> sign out
ri: logout circle r -> sign out
ri: price tag -> tag
ri: price tag 3 -> tag
ri: links -> link
ri: link unlink -> unlink
ri: link unlink m -> unlink
ri: more -> more options
ri: more 2 -> more options
ri: information -> info
ri: error warning -> error
ri: clockwise -> rotate right
ri: anticlockwise -> rotate left
ri: clockwise 2 -> rotate right
ri: anticlockwise 2 -> rotate left
ri: mark pen -> highlight
ri: drag move -> move
ri: drag move 2 -> move
ri: layout left -> dock left
ri: layout right -> dock right
ri: layout bottom -> dock bottom
ri: layout top -> dock top
ri: send plane -> send
ri: send plane 2 -> send
ri: share forward -> forward message
ri: share forward 2 -> forward message
ri: file copy -> copy
ri: file copy 2 -> copy
ri: time -> clock
ri: loop left -> None
ri: loop right -> None
ri: focus -> None
ri: contacts -> contacts
ri: customer service -> headset
ri: customer service 2 -> headset
ri: verified badge -> verified
ri: delete bin -> delete
ri: search eye -> None
ri: mail send -> send
ion: create -> edit
ion: card -> payment
ion: build -> tools
ion: pin -> location
ion: open -> external link
ion: expand -> fullscreen
ion: contract -> exit fullscreen
ion: enter -> sign in
ion: exit -> sign out
ion: pricetag -> tag
ion: pricetags -> tag
ion: locate -> my location
ion: list -> list view
ion: options -> adjustments
ion: play forward -> fast forward
ion: play back -> rewind
ion: play skip forward -> next
ion: play skip back -> previous
ion: color fill -> fill
ion: color wand -> magic
ion: reorder three -> menu
ion: reorder four -> None
ion: happy -> emoji
ion: sunny -> light mode
ion: cube -> None
ion: ellipsis horizontal -> more options
ion: ellipsis vertical -> more options
ion: document -> file
ion: document text -> file
ion: information -> info
ion: information circle -> info
ion: help -> help
ion: business -> building
ion: extension puzzle -> extensions
ion: stop -> stop
ion: alert -> None
ion: alert circle -> error
ion: bulb -> idea
ion: navigate -> navigate
ion: radio button on -> radio button
ion: radio button off -> radio button
ant: left -> chevron left
ant: right -> chevron right
ant: up -> chevron up
ant: down -> chevron down
ant: double left -> double chevron left
ant: double right -> double chevron right
ant: stop -> block
ant: notification -> announcement
ant: apartment -> sitemap
ant: environment -> location
ant: aim -> crosshair
ant: bars -> menu
ant: appstore -> apps
ant: unordered list -> bulleted list
ant: ordered list -> numbered list
ant: font colors -> font color
ant: bg colors -> background color
ant: insert row above -> insert row
ant: insert row below -> insert row
ant: insert row left -> insert column
ant: insert row right -> insert column
ant: delete row -> delete row
ant: delete column -> delete column
ant: merge cells -> merge cells
ant: split cells -> split cells
ant: step forward -> next
ant: step backward -> previous
ant: sound -> volume
ant: customer service -> headset
ant: translation -> translate
ant: drag -> move
ant: holder -> drag handle
ant: expand -> fullscreen
ant: compress -> exit fullscreen
ant: arrows alt -> fullscreen
ant: user delete -> remove user
ant: user add -> add user
ant: poweroff -> power
ant: global -> globe
ant: team -> users
ant: clock circle -> clock
ant: file text -> file
ant: safety -> security
ant: like -> like
ant: dislike -> dislike
ant: alert -> None
ant: exception -> None
ant: disconnect -> unlink
ant: swap -> swap
ant: scissor -> cut
ant: snippets -> None
ant: read -> book
ant: audio -> microphone
ant: audio muted -> microphone off
ant: eye invisible -> hide
mingcute: left -> chevron left
mingcute: right -> chevron right
mingcute: up -> chevron up
mingcute: down -> chevron down
mingcute: back -> None
mingcute: back 2 -> None
mingcute: pic -> image
mingcute: more 1 -> more options
mingcute: more 2 -> more options
mingcute: more 3 -> more options
hugeicons: arrow left 1 -> chevron left
hugeicons: arrow right 1 -> chevron right
hugeicons: arrow up 1 -> chevron up
hugeicons: arrow down 1 -> chevron down
hugeicons: arrow left double -> double chevron left
hugeicons: arrow right double -> double chevron right
hugeicons: arrow up double -> double chevron up
hugeicons: arrow down double -> double chevron down
hugeicons: cancel 1 -> close
hugeicons: cancel 2 -> close
hugeicons: cancel circle -> cancel
hugeicons: cancel square -> close
hugeicons: multiplication sign -> close
hugeicons: plus sign -> add
hugeicons: minus sign -> remove
hugeicons: delete 1 -> delete
hugeicons: delete 2 -> delete
hugeicons: delete 3 -> delete
hugeicons: delete 4 -> delete
hugeicons: notification 1 -> bell
hugeicons: notification 2 -> bell
hugeicons: notification 3 -> bell
hugeicons: notification off 1 -> bell off
hugeicons: notification off 2 -> bell off
hugeicons: search 1 -> search
hugeicons: search 2 -> search
hugeicons: menu 1 -> menu
hugeicons: menu 2 -> menu
hugeicons: more horizontal -> more options
hugeicons: more vertical -> more options
radix: cross 1 -> x
radix: cross 2 -> x
radix: cross circled -> cancel
radix: dots horizontal -> more options
radix: dots vertical -> more options
radix: hamburger menu -> menu
radix: enter full screen -> fullscreen
radix: exit full screen -> exit fullscreen
radix: drag handle dots 1 -> drag handle
radix: drag handle dots 2 -> drag handle
radix: drag handle horizontal -> drag handle
radix: drag handle vertical -> drag handle
radix: reload -> refresh
radix: reset -> None
akar: cross -> x
akar: link out -> external link
akar: double check -> None
akar: more horizontal -> more options
akar: more vertical -> more options
gg: close -> x
gg: close o -> cancel
gg: close r -> close
heroicons: arrow path -> refresh
heroicons: arrow path rounded square -> refresh
heroicons: bars 3 -> menu
heroicons: bars 4 -> menu
heroicons: bars 2 -> menu
heroicons: ellipsis horizontal -> more options
heroicons: ellipsis vertical -> more options
heroicons: ellipsis horizontal circle -> more options
heroicons: squares 2 x 2 -> grid view
heroicons: view grid -> grid view
heroicons: view list -> list view
heroicons: queue list -> list view
heroicons: cog 6 tooth -> settings
heroicons: cog 8 tooth -> settings
heroicons: shield check -> security
heroicons: exclamation circle -> error
heroicons: exclamation triangle -> warning
heroicons: information circle -> info
heroicons: question mark circle -> help
heroicons: x mark -> x
heroicons: minus small -> remove
heroicons: plus small -> add
heroicons: document plus -> new file
heroicons: document arrow down -> None
heroicons: document arrow up -> None
heroicons: document text -> file
heroicons: speaker x mark -> mute
heroicons: speaker wave -> volume
heroicons: film -> video
heroicons: video camera -> video camera
heroicons: video camera slash -> camera off
heroicons: funnel -> filter
heroicons: globe alt -> globe
heroicons: swatch -> color palette
heroicons: wrench screwdriver -> tools
heroicons: light bulb -> idea
heroicons: arrows right left -> swap
heroicons: arrows up down -> swap
heroicons: chevron up down -> unfold
heroicons: bars arrow up -> sort ascending
heroicons: bars arrow down -> sort descending
bx: x -> x
bx: menu -> menu
bx: menu alt left -> menu
bx: menu alt right -> menu
bx: dots horizontal rounded -> more options
bx: dots vertical rounded -> more options
bx: message -> chat
bx: message square -> chat
bx: x circle -> cancel
bx: fullscreen -> fullscreen
bx: exit fullscreen -> exit fullscreen
bx: log in -> sign in
bx: log out -> sign out
carbon: close -> x
carbon: close outline -> cancel
carbon: close filled -> cancel
carbon: overflow menu vertical -> more options
carbon: overflow menu horizontal -> more options
carbon: maximize -> fullscreen
carbon: minimize -> exit fullscreen
carbon: subtract -> remove
carbon: add -> add
carbon: caret sort -> unfold
carbon: view -> show
carbon: view off -> hide
carbon: warning alt -> warning
carbon: warning -> error
carbon: warning filled -> error
carbon: misuse -> cancel
carbon: checkmark outline -> success
carbon: checkmark filled -> success
carbon: user multiple -> users
carbon: user avatar -> user
carbon: data base -> database
carbon: chart bar -> chart
carbon: idea -> idea
carbon: ibm -> None
iconoir: nav arrow down -> chevron down
iconoir: nav arrow up -> chevron up
iconoir: nav arrow left -> chevron left
iconoir: nav arrow right -> chevron right
iconoir: xmark -> x
iconoir: xmark circle -> cancel
iconoir: more horiz -> more options
iconoir: more vert -> more options
iconoir: warning triangle -> warning
iconoir: warning circle -> error
iconoir: info circle -> info
iconoir: help circle -> help
iconoir: multiple pages -> None
eva: close -> x
eva: close circle -> cancel
eva: done all -> None
eva: alert triangle -> warning
eva: alert circle -> error
iconpark: close -> x
iconpark: close one -> cancel
iconpark: close small -> x
iconpark: back -> None
iconpark: left -> chevron left
iconpark: right -> chevron right
iconpark: up -> chevron up
iconpark: down -> chevron down
iconpark: more one -> more options
iconpark: more two -> more options
iconpark: more -> more options
iconpark: hamburger button -> menu
iconpark: application menu -> apps
iconpark: setting two -> settings
iconpark: setting -> settings
iconpark: delete -> delete
iconpark: delete one -> delete
iconpark: edit -> edit
iconpark: edit two -> edit
iconpark: search -> search
iconpark: home -> home
iconpark: plus -> add
iconpark: minus -> remove
iconpark: check -> check
iconpark: check one -> success
iconpark: attention -> error
iconpark: caution -> warning
iconpark: help -> help
iconpark: info -> info
iconpark: refresh -> refresh
iconpark: download -> download
iconpark: upload -> upload
iconpark: share -> share
iconpark: lock -> lock
iconpark: unlock -> unlock
pepicons: dots x -> more options
pepicons: dots y -> more options
pepicons: triangle down -> caret down
pepicons: triangle up -> caret up
pepicons: triangle left -> caret left
pepicons: triangle right -> caret right
pepicons: line x -> remove
pepicons: line y -> None
uil: times -> x
uil: times circle -> cancel
uil: times square -> close
uil: bars -> menu
uil: ellipsis h -> more options
uil: ellipsis v -> more options
uil: compress -> exit fullscreen
uil: expand arrows -> fullscreen
uil: compress arrows -> exit fullscreen
uil: angle left -> chevron left
uil: angle right -> chevron right
uil: angle up -> chevron up
uil: angle down -> chevron down
uil: left -> None
tdesign: close -> x
tdesign: close circle -> cancel
tdesign: close rectangle -> close
tdesign: chevron left double -> double chevron left
tdesign: chevron right double -> double chevron right
tdesign: fullscreen 1 -> fullscreen
tdesign: fullscreen exit 1 -> exit fullscreen
tdesign: more -> more options
tdesign: ellipsis -> more options
tdesign: view list -> list view
tdesign: view module -> grid view
solar: close circle -> cancel
solar: close square -> close
solar: hamburger menu -> menu
solar: menu dots -> more options
solar: menu dots circle -> more options
solar: widget -> apps
solar: widget 2 -> apps
solar: widget 4 -> apps
solar: trash bin trash -> delete
solar: trash bin minimalistic -> delete
solar: trash bin minimalistic 2 -> delete
solar: trash bin 2 -> delete
solar: magnifer -> search
solar: magnifer zoom in -> zoom in
solar: magnifer zoom out -> zoom out
solar: settings minimalistic -> settings
solar: pen new square -> edit
solar: pen new round -> edit
solar: pen 2 -> edit
solar: pen -> edit
solar: home 2 -> home
solar: home angle -> home
solar: home angle 2 -> home
solar: home smile -> home
solar: alt arrow left -> chevron left
solar: alt arrow right -> chevron right
solar: alt arrow up -> chevron up
solar: alt arrow down -> chevron down
solar: double alt arrow left -> double chevron left
solar: double alt arrow right -> double chevron right
solar: double alt arrow up -> double chevron up
solar: double alt arrow down -> double chevron down
solar: danger triangle -> warning
solar: danger circle -> error
solar: info circle -> info
solar: question circle -> help
solar: check circle -> success
solar: bell off -> bell off
solar: bell -> bell
solar: user plus -> add user
solar: user minus -> remove user
solar: users group rounded -> users
solar: users group two rounded -> users
solar: letter -> mail
solar: letter opened -> mark as read
solar: login -> sign in
solar: logout -> sign out
solar: login 2 -> sign in
solar: logout 2 -> sign out
solar: login 3 -> sign in
solar: logout 3 -> sign out
solar: eye closed -> hide
solar: download minimalistic -> download
solar: upload minimalistic -> upload
solar: undo left -> undo
solar: undo right -> redo
solar: undo left round -> undo
solar: undo right round -> redo
solar: copy -> copy
solar: clipboard -> clipboard
solar: folder with files -> folder
solar: folder open -> open folder
solar: add folder -> new folder
solar: add circle -> add
solar: add square -> add
solar: minus circle -> remove
solar: minus square -> remove
solar: refresh -> refresh
solar: restart -> restart
majesticons: close -> x
majesticons: close circle -> cancel
majesticons: menu -> menu
majesticons: more menu -> more options
majesticons: more menu vertical -> more options
iconamoon: close -> x
iconamoon: close circle 1 -> cancel
iconamoon: menu burger horizontal -> menu
iconamoon: menu kebab horizontal -> more options
iconamoon: menu kebab vertical -> more options
iconamoon: menu kebab vertical circle -> more options
iconamoon: menu kebab horizontal circle -> more options
iconamoon: sign times -> x
iconamoon: sign times circle -> cancel
iconamoon: sign plus -> add
iconamoon: sign plus circle -> add
iconamoon: sign minus -> remove
iconamoon: sign minus circle -> remove
iconamoon: arrow left 1 -> back
iconamoon: arrow right 1 -> forward
iconamoon: arrow up 1 -> up
iconamoon: arrow down 1 -> down
iconamoon: arrow left 2 -> chevron left
iconamoon: arrow right 2 -> chevron right
iconamoon: arrow up 2 -> chevron up
iconamoon: arrow down 2 -> chevron down
iconamoon: arrow left 5 circle -> None
iconamoon: shopping card -> cart
"""

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
FREEDESKTOP = {
    "window-close": "close", "window-minimize": "minimize", "window-maximize": "maximize",
    "window-restore": "restore", "window-new": "new window", "tab-new": "new tab",
    "application-exit": None, "view-fullscreen": "fullscreen", "view-restore": "exit fullscreen",
    "go-previous": "back", "go-next": "forward", "go-up": "up", "go-down": "down",
    "go-home": "home", "go-first": "first", "go-last": "last", "go-top": "scroll to top",
    "go-bottom": "scroll to bottom", "go-jump": None, "view-refresh": "refresh",
    "process-stop": "stop", "list-add": "add", "list-remove": "remove", "edit-delete": "delete",
    "edit-copy": "copy", "edit-cut": "cut", "edit-paste": "paste", "edit-undo": "undo",
    "edit-redo": "redo", "edit-select-all": "select all", "edit-select": "select",
    "edit-find": "find", "edit-find-replace": "find and replace", "edit-clear": "clear",
    "edit-clear-all": "clear", "edit-rename": "rename", "edit-undo-history": "history",
    "document-new": "new file", "document-open": "open", "document-open-recent": "recent",
    "document-save": "save", "document-save-as": "save as", "document-save-all": "save all",
    "document-print": "print", "document-print-preview": "print preview",
    "document-properties": "properties", "document-export": "export", "document-import": "import",
    "document-edit": "edit", "document-send": "send", "document-revert": None,
    "document-page-setup": "page setup", "document-close": "close", "document-share": "share",
    "document-preview": "preview", "document-encrypt": "lock", "document-decrypt": "unlock",
    "format-text-bold": "bold", "format-text-italic": "italic", "format-text-underline": "underline",
    "format-text-strikethrough": "strikethrough", "format-justify-left": "align left",
    "format-justify-center": "align center", "format-justify-right": "align right",
    "format-justify-fill": "justify", "format-indent-more": "indent", "format-indent-less": "outdent",
    "format-text-direction-ltr": "text direction", "format-text-direction-rtl": "text direction",
    "format-text-direction-symbolic": "text direction", "format-text-larger": "increase font size",
    "format-text-smaller": "decrease font size", "format-font-size-more": "increase font size",
    "format-font-size-less": "decrease font size", "format-text-superscript": "superscript",
    "format-text-subscript": "subscript", "format-list-unordered": "bulleted list",
    "format-list-ordered": "numbered list", "format-text-color": "font color",
    "format-fill-color": "fill", "format-stroke-color": None, "format-text-uppercase": "change case",
    "format-text-lowercase": "change case", "format-text-capitalize": "change case",
    "format-text-code": "code block", "format-text-blockquote": "quote",
    "format-text-highlight": "highlight", "format-border-set-all": "borders",
    "insert-image": "insert image", "insert-link": "insert link", "insert-text": "text",
    "insert-object": None, "insert-table": "insert table", "insert-horizontal-rule": "horizontal line",
    "insert-math-expression": "insert equation", "insert-emoticon": "emoji", "insert-chart": "insert chart",
    "insert-page-break": "insert page break", "insert-comment": "insert comment",
    "mail-send": "send", "mail-send-receive": "sync", "mail-reply-sender": "reply",
    "mail-reply-all": "reply all", "mail-forward": "forward message", "mail-message-new": "compose",
    "mail-mark-read": "mark as read", "mail-mark-unread": "mark as unread", "mail-mark-junk": "spam",
    "mail-mark-notjunk": None, "mail-mark-important": None, "mail-attachment": "attach",
    "mail-unread": "mark as unread", "mail-read": "mark as read", "mail-replied": None,
    "mail-inbox": "inbox", "mail-outbox": "outbox", "mail-sent": "outbox", "mail-drafts": "drafts",
    "mail-archive": "archive",
    "media-playback-start": "play", "media-playback-pause": "pause", "media-playback-stop": "stop",
    "media-record": "record", "media-seek-backward": "rewind", "media-seek-forward": "fast forward",
    "media-skip-backward": "previous", "media-skip-forward": "next", "media-eject": "eject",
    "media-playlist-shuffle": "shuffle", "media-playlist-repeat": "repeat",
    "media-playlist-repeat-song": "repeat one", "media-playlist-repeat-one": "repeat one",
    "media-playlist-consecutive": None, "media-view-subtitles": "subtitles",
    "object-flip-horizontal": "flip horizontal", "object-flip-vertical": "flip vertical",
    "object-rotate-left": "rotate left", "object-rotate-right": "rotate right",
    "object-select": "check", "object-group": "group", "object-ungroup": "ungroup",
    "object-order-front": "bring to front", "object-order-back": "send to back",
    "object-order-raise": "bring to front", "object-order-lower": "send to back",
    "system-shutdown": "power", "system-reboot": "restart", "system-log-out": "sign out",
    "system-lock-screen": "lock", "system-search": "search", "system-suspend": "sleep",
    "system-hibernate": "sleep", "system-run": None, "system-switch-user": None,
    "system-users": "users", "system-help": "help", "system-settings": "settings",
    "view-sort-ascending": "sort ascending", "view-sort-descending": "sort descending",
    "view-list": "list view", "view-grid": "grid view", "view-list-details": "list view",
    "view-list-icons": "grid view", "view-app-grid": "apps", "view-more": "more options",
    "view-more-horizontal": "more options", "view-continuous": None, "view-dual": "split view",
    "view-paged": None, "view-pin": "pin", "view-filter": "filter", "view-sidebar": "sidebar",
    "view-reveal": "show", "view-conceal": "hide", "view-visible": "show", "view-hidden": "hide",
    "view-split-left-right": "split view", "view-split-top-bottom": "split view",
    "view-media-playlist": "playlist", "view-calendar": "calendar", "view-history": "history",
    "sidebar-show": "sidebar", "sidebar-show-right": "dock right", "sidebar-show-left": "dock left",
    "zoom-in": "zoom in", "zoom-out": "zoom out", "zoom-original": "actual size",
    "zoom-fit-best": "fit", "zoom-fit-width": "fit", "zoom-fit-page": "fit", "zoom-fit-height": "fit",
    "help-about": "info", "help-contents": "help", "help-faq": "help", "help-browser": "help",
    "help-hint": "idea",
    "tools-check-spelling": "spell check", "call-start": "call", "call-stop": "end call",
    "call-incoming": "phone incoming", "call-outgoing": "phone outgoing", "call-missed": None,
    "address-book-new": None, "appointment-new": "add event", "appointment-soon": "alarm",
    "appointment-missed": None, "contact-new": "add user", "bookmark-new": "bookmark",
    "bookmark-add": "bookmark", "bookmarks": "bookmark", "user-bookmarks": "bookmark",
    "open-menu": "menu", "application-menu": "menu", "pan-down": "chevron down",
    "pan-up": "chevron up", "pan-start": "chevron left", "pan-end": "chevron right",
    "find-location": "my location", "mark-location": "location", "content-loading": "loading",
    "process-working": "loading", "starred": "favorite", "non-starred": "favorite",
    "emblem-favorite": "favorite", "emblem-shared": "share", "emblem-synchronizing": "sync",
    "emblem-system": "settings", "emblem-readonly": "lock", "emblem-symbolic-link": "link",
    "emblem-mail": "mail", "emblem-photos": "image", "emblem-default": "success", "emblem-ok": "success",
    "emblem-documents": "file", "emblem-downloads": "download", "emblem-music": "music",
    "emblem-videos": "video", "emblem-important": None, "emblem-unreadable": None,
    "changes-prevent": "lock", "changes-allow": "unlock", "send-to": "send",
    "checkbox-checked": "checkbox", "checkbox": "checkbox", "checkbox-mixed": "checkbox",
    "radio-checked": "radio button", "radio": "radio button", "radio-mixed": "radio button",
    "face-smile": "emoji", "face-smile-big": "emoji", "face-happy": "emoji",
    "dialog-warning": "warning", "dialog-error": "error", "dialog-information": "info",
    "dialog-question": "help", "dialog-password": "key", "dialog-ok": "check",
    "dialog-cancel": "cancel", "dialog-apply": "check", "dialog-close": "close",
    "network-wireless": "wifi", "network-wired": "network", "network-offline": "offline",
    "network-error": None, "network-idle": None, "network-transmit-receive": None,
    "network-cellular": "signal", "network-wireless-offline": "wifi off",
    "network-wireless-disabled": "wifi off", "network-wireless-disconnected": "wifi off",
    "network-wired-disconnected": "offline", "network-wired-offline": "offline",
    "network-server": "server", "network-workgroup": "network", "network-vpn": None,
    "audio-volume-high": "volume", "audio-volume-medium": "volume", "audio-volume-low": "volume down",
    "audio-volume-muted": "mute", "audio-volume-overamplified": "volume",
    "audio-input-microphone": "microphone", "microphone-sensitivity-muted": "microphone off",
    "microphone-sensitivity-high": "microphone", "microphone-sensitivity-medium": "microphone",
    "microphone-sensitivity-low": "microphone", "microphone-disabled": "microphone off",
    "audio-input-microphone-muted": "microphone off", "audio-headphones": "headphones",
    "audio-headset": "headset", "audio-speakers": "speaker", "audio-card": None,
    "bluetooth-active": "bluetooth", "bluetooth": "bluetooth", "bluetooth-disabled": None,
    "bluetooth-disconnected": None, "camera-photo": "camera", "camera-video": "video camera",
    "camera-web": "video camera", "camera-disabled": "camera off", "camera-switch": None,
    "computer": "computer", "computer-laptop": "laptop", "drive-harddisk": "storage",
    "drive-removable-media": "storage", "drive-removable-media-usb": "usb", "drive-optical": None,
    "media-optical": None, "media-flash": "storage", "media-removable": "storage",
    "input-keyboard": "keyboard", "input-mouse": "mouse", "input-tablet": None,
    "input-gaming": None, "input-touchpad": None, "phone": "mobile", "smartphone": "mobile",
    "printer": "printer", "printer-network": "printer", "printer-printing": "print",
    "scanner": "scan", "video-display": "display", "video-single-display": "display",
    "video-joined-displays": None, "multimedia-player": None, "modem": None, "tablet": "tablet",
    "battery": "battery", "battery-full": "battery", "battery-good": "battery",
    "battery-low": "battery", "battery-caution": "battery", "battery-empty": "battery",
    "battery-missing": None, "battery-full-charging": "battery charging",
    "battery-good-charging": "battery charging", "battery-low-charging": "battery charging",
    "battery-caution-charging": "battery charging", "battery-empty-charging": "battery charging",
    "battery-full-charged": "battery charging", "ac-adapter": "plug",
    "folder": "folder", "folder-open": "open folder", "folder-new": "new folder",
    "folder-documents": "folder", "folder-download": "folder", "folder-music": "folder",
    "folder-pictures": "folder", "folder-videos": "folder", "folder-templates": "folder",
    "folder-publicshare": "folder", "folder-remote": "folder", "folder-saved-search": None,
    "folder-visiting": "open folder", "folder-drag-accept": "open folder",
    "user-home": "home", "user-desktop": "desktop", "user-trash": "trash", "user-trash-full": "trash",
    "user-info": "user", "avatar-default": "user", "user-available": None, "user-away": None,
    "user-idle": None, "user-busy": None, "user-offline": None, "user-invisible": None,
    "start-here": None, "security-high": "security", "security-medium": "security",
    "security-low": "security", "weather-clear": "weather", "weather-few-clouds": "weather",
    "weather-overcast": "weather", "weather-showers": "weather", "weather-snow": "weather",
    "weather-storm": "weather", "weather-fog": "weather", "weather-severe-alert": "weather",
    "weather-clear-night": "weather", "weather-few-clouds-night": "weather",
    "weather-showers-scattered": "weather", "weather-windy": "weather", "weather-tornado": "weather",
    "weather-hail": "weather",
    "preferences-system": "settings", "preferences-other": "settings",
    "preferences-desktop": "settings", "preferences-desktop-keyboard": "keyboard",
    "preferences-desktop-keyboard-shortcuts": "keyboard", "preferences-desktop-display": "display",
    "preferences-desktop-font": "font", "preferences-desktop-locale": "translate",
    "preferences-desktop-accessibility": "accessibility", "preferences-desktop-peripherals": None,
    "preferences-desktop-theme": "color palette", "preferences-color": "color palette",
    "preferences-desktop-wallpaper": "image", "preferences-desktop-screensaver": None,
    "preferences-system-network": "network", "preferences-system-time": "clock",
    "preferences-system-notifications": "notifications", "preferences-system-privacy": "security",
    "preferences-system-search": "search", "preferences-system-sharing": "share",
    "preferences-desktop-remote-desktop": None, "preferences-system-power": "power",
    "preferences-system-bluetooth": "bluetooth", "preferences-desktop-multimedia": "music",
    "accessories-calculator": "calculator", "accessories-character-map": "insert symbol",
    "accessories-dictionary": "dictionary", "accessories-screenshot": "screenshot",
    "accessories-text-editor": None, "applets-screenshooter": "screenshot",
    "utilities-terminal": "terminal", "utilities-system-monitor": None, "help-browser-symbolic": "help",
    "web-browser": "globe", "internet-web-browser": "globe", "internet-mail": "mail",
    "mail-client": "mail", "system-file-manager": "folder", "system-software-install": None,
    "system-software-update": None, "multimedia-volume-control": "volume",
    "x-office-calendar": "calendar", "x-office-address-book": "contacts",
    "x-office-document": "file", "x-office-spreadsheet": "spreadsheet",
    "x-office-presentation": "presentation", "x-office-drawing": None,
    "text-x-generic": "file", "image-x-generic": "image", "audio-x-generic": "music",
    "video-x-generic": "video", "application-pdf": "pdf", "package-x-generic": "package",
    "application-x-executable": "app", "application-x-addon": "extensions",
    "application-certificate": None, "text-html": None, "text-x-script": "code",
    "font-x-generic": "font", "x-office-document-template": None, "inode-directory": "folder",
    "application-x-zip": "compress", "application-zip": "compress", "application-x-archive": "compress",
    "application-x-compressed-tar": "compress", "application-x-tar": "compress",
    "application-vnd.ms-excel": "spreadsheet", "application-vnd.oasis.opendocument.spreadsheet": "spreadsheet",
    "application-vnd.oasis.opendocument.presentation": "presentation",
    "edit-paste-symbolic": "paste", "edit-find-symbolic": "find",
    "document-edit-symbolic": "edit", "list-drag-handle": "drag handle",
    "system-restart": "restart", "system-log-out-rtl": "sign out", "find-location-symbolic": "my location",
    "display-brightness": "brightness", "night-light": "dark mode", "weather-clear-night-symbolic": "weather",
    "dark-mode": "dark mode", "daytime-sunrise": None, "daytime-sunset": None,
    "notifications-disabled": "notifications off", "notification": "notifications",
    "preferences-system-notifications-symbolic": "notifications", "screenshot-recorded": "record",
    "media-record-symbolic": "record", "keyboard-brightness": None, "airplane-mode": "airplane mode",
    "airplane-mode-disabled": None, "location-services-active": "location",
    "location-services-disabled": None, "thunderbolt": None, "printer-error": None,
    "printer-warning": None, "system-lock-screen-symbolic": "lock", "view-wrapped": "wrap text",
    "tag": "tag", "tag-new": "tag", "bookmark-missing": None, "document-open-symbolic": "open",
    "x-office-spreadsheet-symbolic": "spreadsheet", "edit-clear-all-symbolic": "clear",
    "list-remove-all": "clear", "edit-delete-remove": "delete", "edit-table-insert-row-above": "insert row",
    "edit-table-insert-row-below": "insert row", "edit-table-insert-column-left": "insert column",
    "edit-table-insert-column-right": "insert column", "edit-table-delete-row": "delete row",
    "edit-table-delete-column": "delete column", "edit-table-cell-merge": "merge cells",
    "edit-table-cell-split": "split cells", "insert-table-symbolic": "insert table",
    "trash-empty": "trash", "edit-paste-style": "format painter", "format-painter": "format painter",
    "go-previous-view": "back", "go-next-view": "forward", "go-up-search": None, "go-down-search": None,
    "go-previous-page": "back", "go-next-page": "forward", "go-first-view": "first", "go-last-view": "last",
    "view-fullscreen-symbolic": "fullscreen", "preview": "preview", "view-preview": "preview",
    "configure": "settings", "settings": "settings", "application-menu-symbolic": "menu",
    "draw-rectangle": "shapes", "draw-ellipse": "shapes", "draw-circle": "shapes",
    "draw-polygon": "shapes", "draw-line": "line", "draw-freehand": "draw", "draw-brush": "brush",
    "draw-eraser": "eraser", "draw-text": "text", "draw-path": None, "draw-star": None,
    "draw-arrow": None, "draw-cuboid": None, "draw-spiral": None, "draw-bezier-curves": None,
    "draw-calligraphic": None, "media-floppy": "save", "folder-recent": "recent",
    "edit-duplicate": "duplicate", "pane-hide": "sidebar", "pane-show": "sidebar",
    "tool-pointer": "select", "transform-move": "move", "color-select": "color picker",
    "color-picker": "color picker", "color-picker-black": "color picker",
    "color-picker-grey": "color picker", "color-picker-white": "color picker",
    "font-select": "font", "semi-starred": "rating", "selection-top": "bring to front",
    "selection-raise": "bring to front", "selection-bottom": "send to back",
    "selection-lower": "send to back", "list-remove-user": "remove user",
    "chronometer-start": "timer", "sort-name": "sort alphabetical", "playlist-queue": "playlist",
    "browser-download": "download", "media-eq": "equalizer", "view-pim-contacts": "contacts",
    "help-info": "info", "appointment": "calendar", "edit-flag": "flag", "tool-measure": "ruler",
    "view-list-compact": "list view", "process-completed": "success", "process-error": "error",
    "distribute-horizontal-center": "align objects", "distribute-horizontal-left": "align objects",
    "distribute-horizontal-right": "align objects", "distribute-vertical-bottom": "align objects",
    "distribute-vertical-center": "align objects", "distribute-vertical-top": "align objects",
    "distribute-horizontal-gaps": "align objects", "distribute-vertical-gaps": "align objects",
    "distribute-horizontal-equal": "align objects", "distribute-vertical-equal": "align objects",
    "align-horizontal-left": "align objects", "align-horizontal-center": "align objects",
    "align-horizontal-right": "align objects", "align-vertical-top": "align objects",
    "align-vertical-center": "align objects", "align-vertical-bottom": "align objects",
    "align-horizontal-left-to-anchor": "align objects", "align-horizontal-right-to-anchor": "align objects",
    "align-vertical-top-to-anchor": "align objects", "align-vertical-bottom-to-anchor": "align objects",
    "media-playlist-no-repeat": None, "marker": None, "package-broken": None, "network-wireless-encrypted": None, "view-private": None, "task-due": None, "task-past-due": None,
}


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
LIBREOFFICE = {
    "bold": "bold", "italic": "italic", "underline": "underline", "underlinedouble": "underline",
    "underlinesimple": "underline", "underlinesingle": "underline", "strikeout": "strikethrough",
    "subscript": "subscript", "superscript": "superscript",
    "leftpara": "align left", "centerpara": "align center", "rightpara": "align right",
    "justifypara": "justify", "alignblock": "justify", "commonalignleft": "align left",
    "commonalignhorizontalcenter": "align center", "commonalignright": "align right",
    "commonalignjustified": "justify", "commonaligntop": "align top",
    "commonalignverticalcenter": "align middle", "commonalignbottom": "align bottom",
    "cellverttop": "align top", "cellvertcenter": "align middle", "cellvertbottom": "align bottom",
    "aligntop": "align top", "alignmiddle": "align middle", "alignbottom": "align bottom",
    "alignverticalcenter": "align middle", "alignvcenter": "align middle",
    "alignleft": "align left", "alignright": "align right", "aligncenter": "align center",
    "alignhorizontalcenter": "align center", "alignhorizontalceter": "align center",
    "objectalignleft": "align objects", "objectalignright": "align objects", "objectalign": "align objects",
    "alignup": "align objects", "aligndown": "align objects",
    "incrementindent": "indent", "decrementindent": "outdent",
    "defaultbullet": "bulleted list", "bulletliststyle": "bulleted list",
    "defaultnumbering": "numbered list", "numberliststyle": "numbered list",
    "fontdialog": "font", "charfontname": "font", "fontheight": "font size",
    "grow": "increase font size", "shrink": "decrease font size",
    "color": "font color", "fontcolor": "font color", "backcolor": "highlight",
    "charbackcolor": "highlight", "backgroundcolor": "background color",
    "tablecellbackgroundcolor": "background color", "fillcolor": "fill", "fillstyle": "fill",
    "formatpaintbrush": "format painter", "setdefault": "clear formatting",
    "resetattributes": "clear formatting", "changecasetolower": "change case",
    "changecasetoupper": "change case", "paraspaceincrease": "line spacing",
    "paraspacedecrease": "line spacing", "spacepara1": "line spacing", "spacepara15": "line spacing",
    "spacepara115": "line spacing", "spacepara2": "line spacing", "linespacing": "line spacing",
    "textdirectionlefttoright": "text direction", "textdirectiontoptobottom": "text direction",
    "paralefttoright": "text direction", "pararighttoleft": "text direction",
    "wraptext": "wrap text", "wordcountdialog": "word count",
    "pagesetup": "page setup", "pagedialog": "page setup", "pageformatdialog": "page setup",
    "pagemargin": "page setup", "margins": "page setup", "attributepagesize": "page setup",
    "headerandfooter": "header and footer", "editheaderandfooter": "header and footer",
    "insertheader": "header and footer", "insertfooter": "header and footer",
    "insertpageheader": "header and footer", "insertpagefooter": "header and footer",
    "insertfootnote": "footnote", "insertendnote": "footnote", "footnotedialog": "footnote",
    "inserttable": "insert table", "addtable": "insert table",
    "insertrowsbefore": "insert row", "insertrowsafter": "insert row", "insertrows": "insert row",
    "insertcolumnsbefore": "insert column", "insertcolumnsafter": "insert column",
    "insertcolumns": "insert column", "deleterows": "delete row", "deletecolumns": "delete column",
    "mergecells": "merge cells", "splitcell": "split cells", "setborderstyle": "borders",
    "borderdialog": "borders", "bordedialog": "borders",
    "inserthyperlink": "insert link", "hyperlinkdialog": "insert link",
    "inserthyperlinkcontrol": "insert link", "removehyperlink": "unlink",
    "insertgraphic": "insert image", "insertobjectchart": "insert chart", "drawchart": "insert chart",
    "insertannotation": "insert comment", "insertcomment": "insert comment",
    "charmapcontrol": "insert symbol", "insertsymbol": "insert symbol", "symbolcatalogue": "insert symbol",
    "insertmath": "insert equation", "insertobjectstarmath": "insert equation",
    "functiondialog": "insert equation", "functionbox": "insert equation",
    "insertpagebreak": "insert page break", "insertvideo": "insert video",
    "insertavmedia": "insert video", "text": "text", "drawtext": "text", "addtextbox": "text",
    "inserttextframe": "text", "texttoolbox": "text",
    "heading1parastyle": "heading", "heading2parastyle": "heading", "heading3parastyle": "heading",
    "heading4parastyle": "heading", "heading5parastyle": "heading", "heading6parastyle": "heading",
    "titleparastyle": "heading", "quoteparastyle": "quote", "quotecharstyle": "quote",
    "sourcecharstyle": "code block", "preformattedparastyle": "code block",
    "controlcodes": "paragraph", "sortascending": "sort ascending", "sortup": "sort ascending",
    "sortdescending": "sort descending", "sortdown": "sort descending", "datasort": "sort",
    "sortdialog": "sort", "tablesort": "sort", "autosum": "autosum",
    "datafilterautofilter": "filter", "autofilter": "filter", "datafilterstandardfilter": "filter",
    "datafilterspecialfilter": "filter", "formfilter": "filter", "removefiltersort": "filter off",
    "removefilter": "filter off", "datafilterhideautofilter": "filter off",
    "datadatapilotrun": "pivot table", "freezepanes": "freeze panes",
    "freezepanesfirstcolumn": "freeze panes", "freezepanesfirstrow": "freeze panes",
    "trackchanges": "track changes", "trackchangesbar": "track changes",
    "showtrackedchanges": "track changes", "viewtrackchanges": "track changes",
    "tracechangemode": "track changes", "comparedocuments": "compare",
    "spelling": "spell check", "spelldialog": "spell check", "spellingandgrammardialog": "spell check",
    "spellonline": "spell check", "thesaurus": "dictionary", "thesaurusdialog": "dictionary",
    "searchdialog": "find and replace", "findbar": "find", "focustofindbar": "find", "recsearch": "find",
    "selectall": "select all", "selectobject": "select", "drawselect": "select",
    "undo": "undo", "recundo": "undo", "redo": "redo", "cut": "cut", "copy": "copy", "paste": "paste",
    "pastespecial": "paste", "pasteunformatted": "paste", "delete": "delete",
    "crop": "crop", "grafattrcrop": "crop", "rotateleft": "rotate left", "rotateright": "rotate right",
    "fliphorizontal": "flip horizontal", "mirrorhorz": "flip horizontal",
    "objectmirrorhorizontal": "flip horizontal", "flipvertical": "flip vertical",
    "mirrorvert": "flip vertical", "objectmirrorvertical": "flip vertical",
    "bringtofront": "bring to front", "sendtoback": "send to back",
    "objectforwardone": "bring to front", "objectbackone": "send to back",
    "forward": "bring to front", "backward": "send to back",
    "formatgroup": "group", "group": "group", "formatungroup": "ungroup", "ungroup": "ungroup",
    "line": "line", "line_diagonal": "line", "linetoolbox": "line", "freeline_unfilled": "draw",
    "freeline": "draw", "basicshapes": "shapes", "shapesmenu": "shapes",
    "zoomin": "zoom in", "zoomplus": "zoom in", "zoomout": "zoom out", "zoomminus": "zoom out",
    "zoom": "zoom", "zoommode": "zoom", "zoomtoolbox": "zoom", "zoompage": "fit",
    "zoomoptimal": "fit", "zoompagewidth": "fit", "zoom100percent": "actual size", "view100": "actual size",
    "zoompanning": "move", "fullscreen": "fullscreen", "gridvisible": "grid lines",
    "griduse": "grid lines", "grid": "grid lines", "ruler": "ruler", "showruler": "ruler",
    "rulermenu": "ruler", "sidebar": "sidebar", "sidebarmenu": "sidebar", "navigator": "navigate",
    "helpindex": "help", "extendedhelp": "help", "about": None, "questionanswers": None,
    "newdoc": "new file", "adddirect": "new file", "open": "open", "open_h": "open",
    "recentfilelist": "recent", "save": "save", "savesimple": "save", "saveas": "save as",
    "saveacopy": "save as", "saveall": "save all", "closedoc": "close", "closewin": "close",
    "closedocs": "close", "closepreview": "close", "print": "print", "printdefault": "print",
    "printpreview": "print preview", "printpagepreview": "print preview", "printersetup": "printer",
    "exportdirecttopdf": "pdf", "exporttopdf": "pdf", "exportto": "export", "exportdialog": "export",
    "exportasgraphic": "export", "exportdirecttoepub": "export", "exporttoepub": "export",
    "importdialog": "import", "importfromfile": "import", "dataimport": "import",
    "sendmail": "mail", "sendfax": "fax", "sharedocument": "share",
    "setdocumentproperties": "properties", "formproperties": "properties",
    "controlproperties": "properties", "insertbookmark": "bookmark", "lock": "lock",
    "protect": "lock", "toolprotectiondocument": "lock", "cellprotection": "lock",
    "refresh": "refresh", "reload": "refresh",
    "dataarearefresh": "refresh", "updateall": "refresh", "presentation": "slideshow",
    "presentationcurrentslide": "slideshow", "duplicatepage": "duplicate",
    "duplicateslide": "duplicate", "duplicatesheet": "duplicate", "renameslide": "rename",
    "renamepage": "rename", "renameobject": "rename", "renametable": "rename",
    "navigateback": "back", "navigateforward": "forward", "mediapause": "pause",
    "mediamute": "mute", "mediarepeat": "repeat", "runbasic": "play", "basicstop": "stop",
    "librelogo-run": "play", "librelogo-stop": "stop", "datastreamsplay": "play",
    "datastreamsstop": "stop", "macrorecorder": "record", "scan": "scan",
    "emojicontrol": "emoji", "calculate": "calculator", "cancel": "cancel", "ok": "check",
    "yes": "check", "newwindow": "new window", "splitwindow": "split view",
    "formatcolumns": "columns", "pagecolumntype": "columns", "versiondialog": "history",
    "checkbox": "checkbox", "checkboxformfield": "checkbox", "insertformcheck": "checkbox",
    "radiobutton": "radio button", "insertformradio": "radio button",
    "outlinecollapse": "collapse", "outlinecollapseall": "collapse",
    "outlineexpand": "expand", "outlineexpandall": "expand", "edit": "edit", "editdoc": "edit",
    "numberformatpercent": "percent", "numberformatcurrency": "money",
    "numberformatdate": "calendar", "numberformattime": "clock", "pasteonlytext": "paste",
    "pasteonlyvalue": "paste", "pasteonlyformula": "paste", "pastetransposed": "paste",
    "togglemergecells": "merge cells", "vruler": "ruler",
    "moveup": "up", "movedown": "down", "managelanguage": "translate", "rehearsetimings": "timer",
    "tableselectall": "select all", "diagramtype": "chart", "gallery": "image",
    "distributehorzcenter": "align objects", "distributehorzdistance": "align objects",
    "distributehorzleft": "align objects", "distributehorzright": "align objects",
    "distributevertbottom": "align objects", "distributevertcenter": "align objects",
    "distributevertdistance": "align objects", "distributeverttop": "align objects",
    "distributeselection": "align objects",
    "insertsignatureline": None, "hyphenate": None, "repeat": None, "quit": None,
}


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
    ("fa6-solid", "xmark", "close"), ("fa", "times", "close"), ("mdi", "close", "close"),
    ("mdi", "window-close", "close"), ("lucide", "x", "close"), ("fluent", "dismiss-24-regular", "close"),
    ("fluent", "dismiss-circle-20-filled", "cancel"), ("mdi", "close-circle-outline", "cancel"),
    ("mdi", "window-minimize", "minimize"), ("codicon", "chrome-maximize", "maximize"),
    ("mdi", "arrow-left", "back"), ("ic", "baseline-arrow-back", "back"),
    ("material-symbols", "arrow-back-rounded", "back"), ("mdi", "arrow-left-bold-circle-outline", "back"),
    ("material-symbols", "arrow-left", "caret left"), ("material-symbols", "arrow-left-alt", "back"),
    ("mdi", "chevron-left", "chevron left"), ("fa6-solid", "angle-left", "chevron left"),
    ("ph", "caret-left-bold", "chevron left"), ("bi", "caret-left-fill", "caret left"),
    ("ri", "arrow-left-s-line", "chevron left"), ("ri", "arrow-left-line", "back"),
    ("fa6-solid", "angles-left", "double chevron left"), ("fa6-solid", "bars", "menu"),
    ("ph", "list", "menu"), ("bi", "list", "menu"), ("mdi", "menu", "menu"),
    ("material-symbols", "more-vert", "more options"), ("mdi", "dots-vertical", "more options"),
    ("fa6-solid", "ellipsis-vertical", "more options"), ("material-symbols", "more", None),
    ("fa6-solid", "floppy-disk", "save"), ("mdi", "content-save-outline", "save"),
    ("fa6-solid", "trash-can", "delete"), ("mdi", "delete", "delete"), ("tabler", "trash-x", "delete"),
    ("mdi", "pencil", "edit"), ("material-symbols", "edit-outline", "edit"),
    ("mdi", "content-copy", "copy"), ("mdi", "content-paste", "paste"), ("mdi", "content-cut", "cut"),
    ("fluent", "text-bold-24-regular", "bold"), ("mdi", "format-bold", "bold"), ("ph", "text-b-bold", "bold"),
    ("ph", "bold", "bold"), ("mdi", "format-align-left", "align left"),
    ("mdi", "format-list-bulleted", "bulleted list"), ("fluent", "text-bullet-list-ltr-20-filled", "bulleted list"),
    ("mdi", "magnify", "search"), ("mdi", "magnify-plus-outline", "zoom in"), ("fa", "search-minus", "zoom out"),
    ("mdi", "cog", "settings"), ("fa6-solid", "gear", "settings"), ("ph", "gear-six", "settings"),
    ("mdi", "account", "user"), ("mdi", "account-plus", "add user"), ("fa6-solid", "user-xmark", "remove user"),
    ("mdi", "account-arrow-left", None), ("mdi", "folder-plus", "new folder"), ("mdi", "folder-open", "open folder"),
    ("mdi", "file-plus", "new file"), ("mdi", "bell-off", "notifications off"),
    ("fluent", "alert-24-regular", "notifications"), ("mdi", "alert", "warning"), ("octicon", "alert-16", "warning"),
    ("mdi", "alert-circle", "error"), ("mdi", "cancel", "block"), ("material-symbols", "cancel", "cancel"),
    ("mdi", "eye-off", "hide"), ("fa6-solid", "eye-slash", "hide"), ("mdi", "microphone-off", "microphone off"),
    ("mdi", "video-off", "camera off"), ("material-symbols", "videocam-off", "camera off"),
    ("mdi", "volume-off", "mute"), ("lucide", "volume-x", "mute"), ("mdi", "wifi-off", "wifi off"),
    ("mdi", "link-off", "unlink"), ("mdi", "pin-off", "unpin"), ("mdi", "filter-remove", "filter off"),
    ("mdi", "lock-open", "unlock"), ("mdi", "table-row-plus-after", "insert row"),
    ("mdi", "cloud-upload", "cloud upload"), ("mdi", "check-circle", "success"),
    ("fa6-solid", "square-check", "checkbox"), ("material-symbols", "check-box-outline-blank", "checkbox"),
    ("mdi", "checkbox-blank-outline", "checkbox"), ("mdi", "radiobox-marked", "radio button"),
    ("mdi", "play", "play"), ("mdi", "skip-next", "next"), ("fa", "fast-forward", "next"),
    ("fa6-solid", "forward", "fast forward"), ("material-symbols", "fast-forward", "fast forward"),
    ("mdi", "repeat-once", "repeat one"), ("fluent", "speaker-2-24-regular", "volume"),
    ("fluent", "phone-24-regular", "mobile"), ("mdi", "phone", "call"), ("mdi", "phone-hangup", "end call"),
    ("material-symbols", "schedule", "clock"), ("mdi", "calendar-clock", "schedule"),
    ("material-symbols", "crop-square", None), ("material-symbols", "crop-16-9", None), ("mdi", "crop", "crop"),
    ("material-symbols", "filter", None), ("material-symbols", "filter-alt", "filter"),
    ("material-symbols", "filter-list", "filter"), ("mdi", "filter-outline", "filter"),
    ("lucide", "minimize", "exit fullscreen"), ("mdi", "fullscreen-exit", "exit fullscreen"),
    ("fa6-solid", "expand", "fullscreen"), ("material-symbols", "expand-more", "chevron down"),
    ("material-symbols", "expand", "unfold"), ("mdi", "new-box", None),
    ("mdi", "dog", None), ("mdi", "food-apple", None), ("mdi", "github", None), ("mdi", "car", None),
    ("tabler", "brand-github", None), ("mdi", "cat", None), ("mdi", "pizza", None),
    ("lucide", "square", None), ("lucide", "circle", None), ("mdi", "letter-x", None),
    ("mdi", "alpha-b", None), ("mdi", "arrow-left-right", None), ("lucide", "arrow-left-right", "swap"),
    ("fa6-solid", "arrow-right-arrow-left", "swap"), ("mdi", "weather-night", "weather"),
    ("mdi", "heart", "favorite"), ("mdi", "star-half-full", "rating"), ("mdi", "thumb-up", "like"),
    ("fa", "thumbs-o-up", "like"), ("bi", "trash3-fill", "delete"), ("bi", "house-door", "home"),
    ("bx", "bxs-trash", "delete"), ("ic", "twotone-delete", "delete"), ("ion", "ios-trash", "delete"),
    ("octicon", "x-16", "close"), ("qlementine-icons", "x-16", "close"), ("tabler", "h-1", "heading"),
    ("mdi", "format-header-1", "heading"), ("fluent", "text-header-1-20-regular", "heading"),
    ("mdi", "repeat", "repeat"), ("fa", "repeat", "redo"), ("fa6-solid", "repeat", "repeat"),
    ("material-symbols", "restore", "history"), ("mdi", "window-restore", "restore"),
    ("mdi", "format-clear", "clear formatting"), ("mdi", "text-search", "find"),
    ("mdi", "find-replace", "find and replace"), ("lucide", "languages", "translate"),
    ("freedesktop", "window-close-symbolic", "close"), ("freedesktop", "go-previous", "back"),
    ("freedesktop", "go-previous-symbolic-rtl", "back"), ("freedesktop", "document-save-as", "save as"),
    ("freedesktop", "format-text-bold-symbolic", "bold"), ("freedesktop", "edit-undo", "undo"),
    ("freedesktop", "list-add-symbolic", "add"), ("freedesktop", "open-menu-symbolic", "menu"),
    ("freedesktop", "view-more-symbolic", "more options"), ("freedesktop", "pan-down-symbolic", "chevron down"),
    ("freedesktop", "battery-level-50-charging-symbolic", "battery charging"),
    ("freedesktop", "battery-level-20-symbolic", "battery"), ("freedesktop", "user-trash-full", "trash"),
    ("freedesktop", "network-wireless-signal-good-symbolic", "wifi"), ("freedesktop", "firefox", None),
    ("freedesktop", "application-x-perl", None), ("freedesktop", "audio-volume-muted-symbolic", "mute"),
    ("freedesktop", "weather-showers-scattered", "weather"), ("freedesktop", "start-here", None),
    ("libreoffice", "cmd/sc_bold", "bold"), ("libreoffice", "cmd/lc_italic", "italic"),
    ("libreoffice", "cmd/32/undo", "undo"), ("libreoffice", "cmd/sc_insertgraphic", "insert image"),
    ("libreoffice", "cmd/sc_exportdirecttopdf", "pdf"), ("libreoffice", "cmd/lc_zoom100percent", "actual size"),
    ("libreoffice", "cmd/de/sc_bold", "bold"), ("libreoffice", "cmd/sc_basicshapes.cube", None),
    ("libreoffice", "cmd/sc_absoluterecord", None), ("libreoffice", "cmd/sc_incrementindent", "indent"),
    ("libreoffice", "cmd/sc_datafilterautofilter", "filter"), ("libreoffice", "cmd/sc_datadatapilotrun", "pivot table"),
    ("libreoffice", "svx/res/marker-rect11-1", None), ("libreoffice", "vcl/res/spinner-16-01", "loading"),
    ("libreoffice", "vcl/res/pen", None), ("freedesktop", "draw-rectangle", "shapes"),
    ("solar", "text-bold-circle-bold-duotone", "bold"), ("mdi", "heart-broken", None),
    ("tabler", "crop-5-4", None), ("material-symbols", "crop-21-9-outline", None), ("hugeicons", "pan-01", None),
    ("fluent", "arrow-repeat-1-20-regular", "repeat one"), ("lets-icons", "critical", None),
    ("fluent", "box-checkmark-24-regular", None), ("hugeicons", "checkmark-badge-02", "verified"),
    ("ep", "present", None), ("pixelarticons", "arrow-down-wide-narrow", "sort"), ("tabler", "wifi-0", "wifi"),
    ("mdi", "globe-light-outline", None), ("bi", "phone", "mobile"), ("bi", "telephone", "call"),
    ("fa6-solid", "compress", "exit fullscreen"), ("material-symbols", "pin", None),
    ("ant-design", "enter-outlined", "enter"), ("gg", "enter", "sign in"), ("mdi", "archive-plus", None),
    ("fa6-solid", "forward", "fast forward"), ("lucide", "forward", "forward message"),
    ("iconoir", "forward", "fast forward"), ("codicon", "chrome-close", "close"),
    ("mdi", "backspace-outline", "clear"), ("ph", "cursor-bold", "select"),
    ("material-symbols", "crop-9-16", None), ("hugeicons", "arrow-up01", None),
    ("hugeicons", "arrow-up-01", "chevron up"), ("mingcute", "cross-2-fill", None),
    ("streamline-flex", "heart-rate-remix", None), ("radix-icons", "cross-2", "close"),
    ("libreoffice", "cmd/sc_move", None), ("libreoffice", "cmd/lc_about", None),
]


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
