"""Words mended with a word list (`detact.text.lexicon`): menu-bar words read one thin glyph off and
letters the CTC decoder merged or split, table driven."""
from __future__ import annotations

import numpy as np
import pytest

from detact.text.lexicon import calculator_keys, english_words, menu_items_read, menu_word, repaired_words


@pytest.mark.parametrize("read, word", [
    ("Edlit", "Edit"),          # a thin stroke split in two: one "l" too many
    ("FiIe", "File"),           # an "I" for an "l"
    ("Vlew", "View"),           # an "l" for an "i"
    ("Edit", "Edit"),           # right already
    ("Eile", "File"),           # an F over its mnemonic's underline
    ("Eormat", "Format"),
    ("Exit", "Exit"),           # an E that makes no menu word as an F
    ("Edits", "Edits"),         # one letter off, but not a thin glyph
    ("Fil", "Fil"),             # one letter short: not read back
    ("Select AII", "Select AII"),  # more than one word: left alone
    ("Bold", "Bold"),           # no menu-bar word near
    ("", ""),
])
def test_menu_word(read, word):
    assert menu_word(read) == word


def test_only_menu_items_are_corrected():
    texts = np.array(["Edlit", "Edlit", "FiIe"], dtype=object)
    roles = np.array(["menuitem", "text", "button"], dtype=object)
    assert menu_items_read(texts, roles).tolist() == ["Edit", "Edlit", "FiIe"]
    assert texts.tolist() == ["Edlit", "Edlit", "FiIe"]          # a copy


# --- letters the CTC decoder merged or split, mended with the bundled English word list -------

@pytest.mark.parametrize("read, mended", [
    # rule 4: an "O" in a hex colour is a zero; words after a "#" are not colours
    ("#ffffOO", "#ffff00"),
    ("Colour: #O0O", "Colour: #000"),
    ("#Oslo", "#Oslo"),
    ("#TODO", "#TODO"),
    ("#food", "#food"),                        # small "o"s: a tag's word
    ("#ffffOOO", "#ffffOOO"),                  # 7 characters: no colour
    # rule 1: a space inside a word
    ("Docum ents", "Documents"),
    ("45 c omments", "45 comments"),          # a lone letter is no word of its own
    ("My Fi les", "My Files"),
    ("th is", "th is"),                        # "is" is a word: a space misread beside it is likelier
    ("twelve characte rs long", "twelve characters long"),  # "rs" is in the list, but no word
    ("invito un to five", "invito un to five"),
    ("from the se lected period", "from the selected period"),  # "se" goes with the piece after it
    ("Sam uel Walker", "Samuel Walker"),       # a name joins too
    ("S etings", "Settings"),                  # joined, then a letter doubled
    ("Keyboard Sho rt cuts", "Keyboard Shortcuts"),  # three pieces, the middle one no word
    ("go to it", "go to it"),                  # three words stay three words
    ("Log in", "Log in"),                      # two words: left alone
    ("a gain", "a gain"),
    ("New York", "New York"),                  # the second piece is capitalised
    # rule 2: a doubled letter collapsed
    ("acount", "account"),
    ("root acount, you", "root account, you"),  # trailing punctuation kept
    ("Conect", "Connect"),
    ("comit 8d65dab", "commit 8d65dab"),
    ("Malik", "Malik"),                        # no variant is a word
    ("Instal", "Instal"),                      # a word already (British spelling)
    ("COS", "COS"),                            # capitals: an abbreviation
    ("Keyboard Sho", "Keyboard Sho"),          # three letters: a fragment, no "Shoo"
    ("Sel. Chars: 0", "Sel. Chars: 0"),        # a dot after it: an abbreviation
    ("/home/malory/share", "/home/malory/share"),  # paths and code are left as read ...
    ("IMG_0129.pptx", "IMG_0129.pptx"),
    # ... but for their words of five small letters or more
    ("https://127.0.0.1:5000/acount/v2", "https://127.0.0.1:5000/account/v2"),
    ("../usr/var/setings.chart.JPG", "../usr/var/settings.chart.JPG"),
    ("--ofset=8.40", "--offset=8.40"),
    ("/etc/cron.d", "/etc/cron.d"),                 # four letters: no "croon"
    ("~/src/nginx/helpers.js", "~/src/nginx/helpers.js"),
    # rule 3: an ellipsis read as two dots
    ("Connect to Server..", "Connect to Server..."),
    ("Opening archive, please wait..", "Opening archive, please wait..."),
    ("cd ..", "cd .."),
    ("../data", "../data"),
    # rule 4: an "O" among digits
    ("U+OO41 LATIN CAPITAL LETTER A", "U+0041 LATIN CAPITAL LETTER A"),
    ("2O24-O1-15", "2024-01-15"),
    ("O bytes", "0 bytes"),
    ("CO2 and H2O", "CO2 and H2O"),            # a letter touches them: chemistry, not numbers
    ("Oo", "Oo"),                              # no digit
    ("O of 5", "O of 5"),
    # rule 5: a zero among letters
    ("Libre0ffice", "LibreOffice"),
    ("mode0ffset=3.45;", "modeOffset=3.45;"),  # the other digits are another word's
    ("0verview", "Overview"),                  # first letter: only when it makes a word
    ("0px 0min", "0px 0min"),
    ("0xff fe80::1 a0b1 #e0f", "0xff fe80::1 a0b1 #e0f"),  # hex and words with other digits stay
    # rule 6: a file extension's capitals drawn like small letters
    ("debug.Py", "debug.py"),
    ("IMG_7095.cSS", "IMG_7095.css"),
    ("Screenshot 2022-02-08.Wav", "Screenshot 2022-02-08.wav"),
    ("RESULTS.CSV", "RESULTS.CSV"),            # in capitals: as read
    ("file.Js", "file.Js"),                    # "J" has its own shape
    ("St.Paul", "St.Paul"),                    # no file name before the dot
    ("HOST_TOTAL=29S", "HOST_TOTAL=29s"),
    # rule 7: a capital I among small letters
    ("AlI Processes", "All Processes"),        # mixed case is no list word ("Ali")
    ("SeIect a fiIe", "Select a file"),
    ("Iabel", "label"),
    ("McIntosh getId iOS WiFi", "McIntosh getId iOS WiFi"),   # no word either way
    ("Convert toID", "Convert toID"),          # "tolD" is no word as written
    ("Ivan Image In", "Ivan Image In"),        # words already
    ("PyInstaller MinIO", "PyInstaller MinIO"),
    # rule 8: a first letter read for another
    ("lcons lmage", "Icons Image"),            # a capital I's stem read as an "l"
    ("Qptions", "Options"),                    # an O over its mnemonic's underline
    ("ln lens linux", "ln lens linux"),        # too short, or words already
    ("Quit Qatar Qt", "Quit Qatar Qt"),
    # rule 9: a short word's doubled "l" read as one, in running text
    ("This flag wil enable al features", "This flag will enable all features"),
    ("It wil be", "It wil be"),                # three words: maybe no sentence
    ("Al tabs in a row", "Al tabs in a row"),  # a capital: a name ("Al Gore")
    ("as shown in Smith et al. 2020", "as shown in Smith et al. 2020"),   # before a dot
    # rule 10: an ampersand read as a digit between a URL's query parameters
    ("https://www.example.com?q=schema8page=4", "https://www.example.com?q=schema&page=4"),
    ("ftp://mail.example.com?q=admin6page=5", "ftp://mail.example.com?q=admin&page=5"),
    ("?q=a8b=c6d=e", "?q=a&b=c&d=e"),
    ("?id=128page=2", "?id=128page=2"),              # a number before it: no telling
    ("x8page=1", "x8page=1"),                        # no query
    # rule 11: a logical or read as letters in an expression
    ("timeout && config II !ok", "timeout && config || !ok"),
    ("itemOffset && min_flag l| !ok", "itemOffset && min_flag || !ok"),
    ("a == b I| c", "a == b || c"),
    ("II !ok", "|| !ok"),                             # the run after a cut, its start
    ("Part II of the guide", "Part II of the guide"),   # no expression
    ("Henry II and more", "Henry II and more"),
    # rule 12: a small "l" read as a "1" or an "i" (Nimbus Mono at 13 px)
    ("https://example.com/c1ient?id=104", "https://example.com/client?id=104"),
    ("file 1ist from;", "file list from;"),
    ("i < 1ineName; i++", "i < lineName; i++"),     # an identifier's part
    ("print ciient be", "print client be"),
    ("def y_id(result_iist, n_id=None):", "def y_id(result_list, n_id=None):"),
    ("v1beta h1 file1 data1", "v1beta h1 file1 data1"),   # no word either way
    ("a11y org.a1ly.Bus be11", "a11y org.a1ly.Bus be11"),   # numeronyms: their "1"s side by side
    ("kiwi Wii initial", "kiwi Wii initial"),       # words already, or too short
    ("from the selected peri", "from the selected peri"),   # a last "i": a word cut off
    # rule 13: a zero ending a word in capitals
    ("[14:36:15] INF0 Read", "[14:36:15] INFO Read"),
    ("ABC0 MP3 A0", "ABC0 MP3 A0"),
    ("", ""),
])
def test_repaired_words(read, mended):
    assert repaired_words(read) == mended


def test_without_a_word_list_nothing_is_mended():
    assert repaired_words("Docum ents acount..", words=frozenset()) == "Docum ents acount.."
    assert repaired_words("U+OO41", words=frozenset()) == "U+0041"        # rules 4 to 6 need none
    assert repaired_words("Libre0ffice debug.Py", words=frozenset()) == "LibreOffice debug.py"
    assert repaired_words("?q=notes6page=20", words=frozenset()) == "?q=notes&page=20"   # and rule 10
    assert "account" in english_words() and "Samuel" in english_words()


@pytest.mark.parametrize("texts, expected", [
    (["sin", "cos", "In", "7"], ["sin", "cos", "ln", "7"]),       # a calculator's keypad
    (["log", "EXP", "|n"], ["log", "EXP", "ln"]),
    (["sin", "In", "Out"], ["sin", "In", "Out"]),                 # one function key is no calculator
    (["Zoom In", "sin", "cos"], ["Zoom In", "sin", "cos"]),       # only a run that reads exactly "In"
    (["File", "Edit", "In"], ["File", "Edit", "In"]),
])
def test_the_natural_logarithm_key_of_a_calculator(texts, expected):
    assert calculator_keys(texts) == expected
