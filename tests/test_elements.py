"""`Elements` ids survive every operation; parse documents round-trip; malformed documents are
one-line `DocumentError`s."""
from __future__ import annotations

import json

import numpy as np
import pytest

from detact import DocumentError, Elements, ParseResult


def sample(n=5) -> Elements:
    boxes = [[10 * i, 0, 10 * i + 8, 8] for i in range(n)]
    return Elements(boxes, ["text"] * n, [f"t{i}" for i in range(n)], score=np.linspace(0, 1, n)).numbered()


@pytest.mark.parametrize("select", [
    slice(1, 4), np.array([4, 0, 2]), np.array([True, False, True, False, True]),
])
def test_ids_survive_subsets(select):
    els = sample()
    sub = els[select]
    assert [e.id for e in sub] == [int(i) for i in np.arange(5)[select]]
    assert [e.text for e in sub] == [f"t{i}" for i in np.arange(5)[select]]


def test_ids_survive_concat_with_and_by_id():
    els = sample()
    both = Elements.concat([els[3:], els[:2]])
    assert both.id.tolist() == [3, 4, 0, 1]
    assert both.with_(color=["red"] * 4).id.tolist() == [3, 4, 0, 1]
    assert [e.text for e in both.by_id([1, 4])] == ["t1", "t4"]
    with pytest.raises(KeyError):
        both.by_id([2])


def test_unnumbered_elements_say_so_and_numbered_counts_rows():
    els = Elements([[0, 0, 4, 4], [5, 0, 9, 4]])
    assert els.id.tolist() == [-1, -1]
    assert els[::-1].numbered().id.tolist() == [0, 1]


def test_json_round_trip_keeps_every_field():
    els = sample()[np.array([4, 1])]
    doc = ParseResult(100, 50, "abc", els, {"total": 1.0}, {"ocr": "fast"})
    back = ParseResult.from_json(doc.to_json())
    assert back.elements.to_dicts() == els.to_dicts()
    assert [e.id for e in back.elements] == [4, 1]
    assert (back.width, back.height, back.sha256) == (100, 50, "abc")


def test_documents_without_ids_are_numbered_by_position():
    doc = {"schema": "detact/parse@1", "image": {"width": 10, "height": 10},
           "elements": [{"bbox": [0, 0, 2, 2]}, {"bbox": [3, 3, 5, 5], "kind": "icon"}]}
    els = ParseResult.from_dict(doc).elements
    assert els.id.tolist() == [0, 1] and els.kind.tolist() == ["region", "icon"]


def _doc(**changes):
    doc = {"schema": "detact/parse@1", "image": {"width": 100, "height": 80},
           "elements": [{"id": 0, "bbox": [0, 0, 10, 10], "kind": "text", "text": "ok"}]}
    for key, value in changes.items():
        if key == "element":
            doc["elements"][0].update(value)
        elif key == "image":
            doc["image"].update(value)
        else:
            doc[key] = value
    return doc


@pytest.mark.parametrize("doc, needle", [
    (_doc(schema="nope"), "not a detact/parse@1"),
    ([], "not a detact/parse@1"),
    (_doc(image={"width": -5}), "width"),
    (_doc(image={"height": 1e400}), "height"),
    (_doc(image={"width": "wide"}), "width"),
    (_doc(elements={"a": 1}), "'elements' must be a list"),
    (_doc(element={"bbox": [0, 0, 10]}), "element 0: bbox"),
    (_doc(element={"bbox": [0, 0, 1e20, 5]}), "element 0: bbox"),
    (_doc(element={"bbox": [10, 10, 0, 0]}), "inverted"),
    (_doc(element={"bbox": None}), "element 0"),
    (_doc(element={"kind": "button"}), "unknown element kind"),
    (_doc(element={"score": "high"}), "element 0"),
    (_doc(elements=[{"id": 1, "bbox": [0, 0, 1, 1]}, {"id": 1, "bbox": [0, 0, 1, 1]}]), "not unique"),
])
def test_malformed_documents_are_one_line_errors(doc, needle):
    with pytest.raises(DocumentError) as info:
        ParseResult.from_dict(doc)
    message = str(info.value)
    assert needle in message and "\n" not in message and len(message) < 300


@pytest.mark.parametrize("text, needle", [
    ("{", "not valid JSON"),
    ("[" * 100_000 + "]" * 100_000, "not valid JSON"),     # nesting too deep for the parser
    (json.dumps({"schema": "detact/parse@1"}), "'image'"),
])
def test_malformed_json_text(text, needle):
    with pytest.raises(DocumentError, match=needle):
        ParseResult.from_json(text)
