"""``detact icons identify CROP.png [--box X0,Y0,X1,Y1] [-k K] [--json]``: what an icon does."""
from __future__ import annotations

import argparse
import json

import numpy as np

from ..errors import DetactError


def _box(text: str | None, width: int, height: int) -> np.ndarray:
    """The box to read: ``--box`` or the whole image."""
    if not text:
        return np.array([(0, 0, width, height)])
    try:
        x0, y0, x1, y1 = (int(round(float(v))) for v in text.split(","))
    except ValueError:
        raise DetactError(f"--box must be X0,Y0,X1,Y1 in pixels, got {text!r}") from None
    return np.array([(x0, y0, x1, y1)])


def cmd_identify(args: argparse.Namespace) -> int:
    from ..imageio import load_image
    from .recognizer import IconRecognizer

    img = load_image(args.image)
    box = _box(args.box, img.shape[1], img.shape[0])
    rec = IconRecognizer(device=args.device, encoder=not args.no_encoder)
    label = rec.label(img, box)
    top = rec.identify(img, box, k=args.k)[0]
    if args.json:
        print(json.dumps({"function": label.function[0], "icon": label.icon[0],
                          "score": round(float(label.score[0]), 4), "source": label.source[0],
                          "top": [{"function": f, "score": round(s, 4)} for f, s in top],
                          "recognizer": rec.name, "notes": rec.notes}))
        return 0
    for note in rec.notes:
        print(f"note: {note}")
    if not top:
        print("(blank: no icon in the box)")
        return 0
    verdict = label.function[0] or "(abstains)"
    via = f" via {label.source[0]}" + (f" ({label.icon[0]})" if label.icon[0] else "") if label.source[0] else ""
    print(f"label: {verdict}{via}")
    for f, s in top:
        print(f"  {s:6.3f}  {f}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    ap = sub.add_parser("icons", help="icon tools: identify what an icon does")
    isub = ap.add_subparsers(dest="icons_command", metavar="ICONS_COMMAND")
    isub.required = True
    p = isub.add_parser("identify", help="print the most likely functions of an icon image")
    p.add_argument("image", help="an icon crop (PNG/JPEG), or a screenshot with --box")
    p.add_argument("--box", help="X0,Y0,X1,Y1 of the icon in the image (default: the whole image)")
    p.add_argument("-k", type=int, default=5, help="functions to list (default 5)")
    p.add_argument("--device", default="cpu")
    p.add_argument("--no-encoder", action="store_true", help="SSIM bank matching only")
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.set_defaults(func=cmd_identify)
