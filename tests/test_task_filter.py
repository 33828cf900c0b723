"""Task filter: offline (MiniLM + lexical + colour) on a drawn and parsed screen, and LLM mode
against a local OpenAI-compatible server (hallucinated elements dropped and counted)."""
from __future__ import annotations

import numpy as np
import pytest

from detact.elements import Elements
from detact.errors import DetactError
from detact.task.embedding import Embedder
from detact.task.filter import build_filter_prompt, filter_elements, parse_filter_reply
from detact.task.textmatch import symbol_words
from detact.task.llm import ChatClient, LLMConfig
from conftest import draw_keypad, draw_screen
from llm_server import ChatServer

BLUE, GREY, LIGHT, EDGE = (37, 99, 235), (156, 163, 175), (240, 240, 240), (120, 120, 120)

MAIL_SCREEN = [
    {"kind": "text", "xy": (12, 8), "text": "File", "size": 16},
    {"kind": "text", "xy": (62, 8), "text": "Edit", "size": 16},
    {"kind": "text", "xy": (112, 8), "text": "View", "size": 16},
    {"kind": "text", "xy": (166, 8), "text": "Help", "size": 16},
    {"kind": "button", "box": (20, 50, 120, 84), "fill": LIGHT, "outline": EDGE, "text": "New"},
    {"kind": "button", "box": (135, 50, 235, 84), "fill": LIGHT, "outline": EDGE, "text": "Reply"},
    {"kind": "button", "box": (250, 50, 350, 84), "fill": LIGHT, "outline": EDGE, "text": "Delete"},
    {"kind": "text", "xy": (20, 130), "text": "Subject", "size": 16},
    {"kind": "box", "box": (120, 122, 600, 152)},
    {"kind": "text", "xy": (20, 180), "text": "Recipient", "size": 16},
    {"kind": "box", "box": (120, 172, 600, 202)},
    {"kind": "text", "xy": (20, 240), "text": "Quarterly report attached for review", "size": 16},
    {"kind": "checkbox", "xy": (20, 300)},
    {"kind": "text", "xy": (46, 299), "text": "Request read receipt", "size": 16},
    {"kind": "button", "box": (480, 420, 600, 460), "fill": BLUE, "outline": BLUE, "text": "Send",
     "text_fill": (255, 255, 255)},
    {"kind": "button", "box": (620, 420, 740, 460), "fill": GREY, "outline": GREY, "text": "Cancel"},
]


@pytest.fixture(scope="module")
def mail(parser):
    """The drawn mail screen, parsed by the real parser (OCR + segmentation + colours)."""
    return parser.parse(draw_screen(MAIL_SCREEN, (800, 500)))


@pytest.fixture(scope="module")
def embedder():
    return Embedder("cpu")


def names(result) -> list[str]:
    return [e.text or e.label for e in result.elements]


def test_quoted_name_ranks_first_and_result_shape(mail, embedder):
    res = filter_elements(mail.elements, "Click on 'Delete'", top_k=5, embedder=embedder)
    assert names(res)[0] == "Delete"
    assert len(res) == 5 and res.mode == "offline"
    assert np.all(np.diff(res.scores) <= 0)                       # best first
    # indices point back into the parse
    assert mail.elements[int(res.indices[0])].text == "Delete"
    d = res.to_dicts()[0]
    assert d["id"] == mail.elements.id[int(res.indices[0])] and d["relevance"] == pytest.approx(float(res.scores[0]), abs=1e-4)


def test_colour_named_in_task_is_honoured(mail, embedder):
    send = next(e for e in mail.elements if e.text == "Send")
    assert send.color == "blue"
    res = filter_elements(mail.elements, "Click the blue button", top_k=3, embedder=embedder)
    assert names(res)[0] == "Send"
    # without the colour word nothing singles Send out
    plain = filter_elements(mail.elements, "Click the button", top_k=3, embedder=embedder)
    assert names(plain)[0] != "Send" or plain.scores[0] < res.scores[0]


@pytest.mark.parametrize("task, expected", [
    ("Remove this email", "Delete"),
    ("Answer the message", "Reply"),
    ("Create a new message", "New"),
    ("Ask for a read receipt", "Request read receipt"),
])
def test_semantic_match_without_quotes(mail, embedder, task, expected):
    res = filter_elements(mail.elements, task, top_k=15, embedder=embedder)
    assert names(res)[0] == expected, (task, names(res)[:5])


def test_label_passes_relevance_to_the_control_beside_it():
    # a settings row: title + description on the left, a dropdown to the right, centred
    els = Elements([[600, 460, 760, 484], [600, 488, 1140, 508], [600, 508, 1100, 528],
                    [1190, 500, 1260, 522], [1190, 700, 1260, 722], [40, 100, 90, 120]],
                   ["text"] * 6, ["Enable benchmarking", "Sets all features to a fixed state",
                                  "and more description", "Disabled", "Disabled", "Home"])
    res = filter_elements(els, "Click on 'Enable benchmarking'", top_k=3)
    assert list(res.indices[:1]) == [0]
    assert 3 in res.indices and 4 not in res.indices     # its own row's dropdown only


def test_ocr_confusions_and_icon_descriptions():
    els = Elements([[0, 0, 20, 20], [30, 0, 50, 20], [60, 0, 80, 20], [90, 0, 110, 20]],
                   ["text", "text", "icon", "icon"], ["In", "log", "", ""],
                   ["", "", "magnifying-glass", "gear"])
    assert filter_elements(els, "Click on 'ln'", top_k=1).indices[0] == 0
    describe = {"magnifying-glass": "search, find", "gear": "settings, preferences"}.get
    res = filter_elements(els, "open the settings", top_k=1, describe=describe)
    assert res.indices[0] == 3


def test_symbols_match_their_names_and_ocr_slips():
    els = Elements([[0, 0, 20, 20], [30, 0, 50, 20], [60, 0, 80, 20], [90, 0, 110, 20],
                    [120, 0, 140, 20]],
                   ["icon", "text", "text", "text", "text"], ["", "Mt", "+1-", "+", "MR"],
                   ["equals", "", "", "", ""])
    describe = {"equals": "equals: equal, math, sign"}.get
    for task, want in (("Click on '='", 0), ("Click on 'M+'", 1), ("Click on '+/-'", 2),
                       ("Press the plus key", 3)):
        assert filter_elements(els, task, top_k=1, describe=describe).indices[0] == want, task
    assert symbol_words("+/-") == "plus minus sign negate" and symbol_words("=") == "equals"
    assert symbol_words("<=") == "back previous equals" and symbol_words("a+") == ""


@pytest.mark.parametrize("key", ["-", ".", "=", "+/-", "M+", "%", "+", "7"])
def test_keypad_key_named_in_task_ranks_first(parser, embedder, key):
    rgb, boxes = draw_keypad()
    els = parser.parse(rgb).elements
    top = filter_elements(els, f"Click on '{key}'", top_k=15, embedder=embedder,
                          describe={"plus": "plus: add, new, create"}.get)
    cx, cy = top.elements[0].center
    x0, y0, x1, y1 = boxes[key]
    assert x0 <= cx < x1 and y0 <= cy < y1, (key, top.elements[0])


def test_bad_inputs_and_empty_screen():
    els = Elements([[0, 0, 10, 10]], ["text"], ["OK"])
    with pytest.raises(DetactError, match="task is empty"):
        filter_elements(els, "  ")
    with pytest.raises(DetactError, match="top-k"):
        filter_elements(els, "ok", top_k=0)
    with pytest.raises(DetactError, match="unknown filter mode"):
        filter_elements(els, "ok", mode="magic")
    assert len(filter_elements(Elements(), "Click on 'OK'")) == 0


def test_llm_mode_maps_back_and_counts_hallucinations(mail):
    els = mail.elements
    i_del = next(i for i, e in enumerate(els) if e.text == "Delete")
    i_send = next(i for i, e in enumerate(els) if e.text == "Send")
    i_can = next(i for i, e in enumerate(els) if e.text == "Cancel")
    (dx, dy), (sx, sy), (cx, cy) = els[i_del].center, els[i_send].center, els[i_can].center
    reply = "\n".join([
        "Here are the relevant elements:",                 # prose: ignored
        f"[{i_del}] (Delete, {dx}, {dy})",                 # exact
        f"- [999] (Send, {sx + 2}, {sy - 1})",             # bad id, but label + centre agree
        f"(Cancel, {cx}, {cy})",                           # no id
        "[3] (Archive folder, 12, 480)",                   # not on the screen
        f"[{i_del}] (Delete, {dx}, {dy})",                 # duplicate: kept once
    ])
    with ChatServer([reply]) as server:
        client = ChatClient(LLMConfig(base_url=server.url, retries=0))
        res = filter_elements(els, "Delete the draft or send it", mode="llm", llm=client)
    assert list(res.indices) == [i_del, i_send, i_can]
    assert res.hallucinated == 1 and res.mode == "llm"
    assert "not on the screen" in res.notes[0]
    prompt = server.requests[0]["messages"][0]["content"]
    assert "Delete the draft or send it" in prompt
    assert f"[{i_del}] (Delete, {dx}, {dy})" in prompt
    assert "Never invent elements" in prompt


def test_filter_reply_parser_edge_cases():
    els = Elements([[0, 0, 20, 20], [100, 0, 120, 20]], ["text", "icon"], ["OK", ""], ["", "gear"])
    names_ = ["OK", "gear"]
    prompt = build_filter_prompt(els, "press ok", names_)
    assert "[0] (OK, 10, 10)" in prompt and "[1] (icon: gear, 110, 10)" in prompt
    kept, bad = parse_filter_reply('[1] (icon: gear, 110, 10)\n[0] ("OK", 10, 10)\n(OK, 500, 500)',
                                   els, names_)
    assert kept == [1, 0] and bad == 0                  # last line: unique label -> mapped, dup
    kept, bad = parse_filter_reply("[0] (Cancel, 300, 300)\n(Nope, 1, 1)", els, names_)
    assert kept == [] and bad == 2


def test_onnx_embedder_matches_sentence_transformers(embedder):
    """The fast ONNX export computes what sentence-transformers computes (pooling included)."""
    texts = ["Click on 'Save'", "7", "Open the File menu and choose Preferences...", "word " * 300]
    fast = embedder.encode(texts)
    assert embedder.backend == "onnx"
    reference = Embedder("cpu", backend="torch").encode(texts)
    assert np.abs(fast - reference).max() < 1e-4
    assert np.allclose(np.linalg.norm(fast, axis=1), 1.0, atol=1e-5)
    assert not embedder.encode([""]).any()              # empty text: zero vector
