#!/usr/bin/env python3
"""Train DetACT's icon encoder and export it to ``detact/data/models/icon_encoder.onnx``.

One command, seeded (from the repository root)::

    nice -n 10 python training/icons/train_encoder.py --index /work/gen/icons/index.jsonl \\
        --work /work/gen/icons_train

Steps (each cached in ``--work``; ``--rebuild`` redoes the renders):

1. **Renders** (``dataset.build``): every labelled icon of the corpus outside the held-out sets
   (``heldout.py``; at most ``--cap`` per set and function) drawn ``--looks`` times as a screen
   shows it (``render.py``), plus ``--unlabelled`` icons without a function (they teach their
   name) and ``--negatives`` text crops ('not an icon'); 4 % of icons are a validation split.
2. **Text targets**: MiniLM (all-MiniLM-L6-v2, ``detact.task.embedding.Embedder``) embeddings
   of every function (``"close: dismiss, exit, x ... . close the window, dialog ..."``) and of
   every icon name in words (``go-previous-symbolic`` -> ``go previous``).
3. **Training** (``model.IconNet``): cross-entropy over functions + 'not an icon' (label
   smoothing 0.1); the embedding is pulled to its function's text embedding (softmax over all
   functions) and to its own name's (softmax over the names in the batch), temperature 0.05.
4. **Calibration**: the probability under which the encoder abstains, chosen on the validation
   icons so that the functions it does give are right ``--precision`` of the time.
5. **Export**: ONNX (inputs ``glyph`` ``(N, 1, 32, 32)`` float32 in [0, 1] = ``region_glyph``;
   outputs ``probs`` ``(N, functions + 1)`` and ``embedding`` ``(N, 384)``) with its metadata
   (function ids, input size, version, threshold), checked against the torch model.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT)]

FORMAT = "detact/icon-encoder@1"
VERSION = "1"
TAU = 0.05


# ---------------------------------------------------------------- text targets

def function_texts() -> list[str]:
    """What each function says, for MiniLM: id, synonyms, description."""
    from detact.icons.vocabulary import load_vocabulary

    return [f"{f.text(6)}. {f.description}" for f in load_vocabulary().functions]


def text_targets(work: Path, names: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """MiniLM embeddings ``(F, 384)`` of the functions and ``(names, 384)`` of the icon names
    (cached in ``work/text.npz``)."""
    path = work / "text.npz"
    ftexts = function_texts()
    if path.is_file():
        with np.load(path, allow_pickle=False) as d:
            if list(d["function_texts"]) == ftexts and list(d["names"]) == names:
                return d["functions"], d["name_vectors"]
    from detact.task.embedding import Embedder

    t0 = time.time()
    emb = Embedder(device="cpu")
    fvec = emb.encode(ftexts)
    nvec = np.concatenate([emb.encode(names[s:s + 2000]) for s in range(0, len(names), 2000)])
    np.savez(path, function_texts=np.array(ftexts), names=np.array(names), functions=fvec,
             name_vectors=nvec)
    print(f"MiniLM: {len(ftexts)} functions + {len(names)} names in {time.time() - t0:.0f} s",
          flush=True)
    return fvec, nvec


# ---------------------------------------------------------------- training

def batches(idx: np.ndarray, size: int, rng: np.random.Generator):
    order = rng.permutation(idx)
    for s in range(0, len(order) - size + 1, size):
        yield order[s:s + size]


def losses(model, x, fn, name, fvec, nvec, n_functions: int):
    """Classification, function-embedding and name-embedding losses of one batch."""
    import torch
    from torch.nn import functional as F

    logits, e = model(x)
    has_class = fn >= 0
    cls = F.cross_entropy(logits[has_class], fn[has_class], label_smoothing=0.1)
    icon_fn = (fn >= 0) & (fn < n_functions)
    zero = logits.new_zeros(())
    femb = F.cross_entropy(e[icon_fn] @ fvec.T / TAU, fn[icon_fn]) if icon_fn.any() else zero
    named = name >= 0
    if named.any():
        uniq, inv = torch.unique(name[named], return_inverse=True)
        nemb = F.cross_entropy(e[named] @ nvec[uniq].T / TAU, inv)
    else:
        nemb = zero
    return cls, femb, nemb


def predict(model, glyphs: np.ndarray, batch: int = 1024, device: str = "cpu") -> tuple[np.ndarray, np.ndarray]:
    """Probabilities and embeddings of uint8 glyphs ``(N, S, S)`` (eval mode); softmax is
    applied unless the model already returns probabilities (``returns_probs``: ``IconEnsemble``)."""
    import torch

    model.eval()
    probs, embs = [], []
    with torch.no_grad():
        for s in range(0, len(glyphs), batch):
            x = torch.from_numpy(glyphs[s:s + batch]).to(device).float().div_(255.0).unsqueeze(1)
            out, e = model(x)
            probs.append((out if model.returns_probs else torch.softmax(out, 1)).cpu().numpy())
            embs.append(e.cpu().numpy())
    model.train()
    return np.concatenate(probs), np.concatenate(embs)


def topk_accuracy(probs: np.ndarray, truth: np.ndarray, n_functions: int, k: int) -> float:
    """Share of rows whose true function is among the top ``k`` functions ('none' excluded)."""
    top = np.argsort(-probs[:, :n_functions], axis=1)[:, :k]
    return float((top == truth[:, None]).any(axis=1).mean()) if len(truth) else float("nan")


def train(data: dict, fvec: np.ndarray, nvec: np.ndarray, args, seed: int) -> tuple[object, list[dict]]:
    """Train one ``IconNet`` with ``seed``; returns the model (on the CPU) and one log row per
    epoch."""
    import torch

    from augment import augment_glyphs
    from model import IconNet

    torch.manual_seed(seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(seed)
    dev = torch.device(args.device)
    n_functions = len(fvec)
    model = IconNet(n_functions + 1, width=args.width).to(dev)
    glyphs = data["glyphs"]
    glyphs_dev = torch.from_numpy(glyphs).to(dev)           # uint8: ~1 KB a render
    fn_all, name_all, val = data["function"].astype(np.int64), data["name"].astype(np.int64), data["val"]
    train_idx = np.flatnonzero(~val)
    val_icons = np.flatnonzero(val & (fn_all >= 0) & (fn_all < n_functions))
    steps = args.epochs * (len(train_idx) // args.batch)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.15)
    fv, nv = torch.from_numpy(fvec).to(dev), torch.from_numpy(nvec).to(dev)
    fn_dev, name_dev = torch.from_numpy(fn_all).to(dev), torch.from_numpy(name_all).to(dev)
    log = []
    print(f"training on {len(train_idx)} renders, {steps} steps of {args.batch}; "
          f"{sum(p.numel() for p in model.parameters()) / 1e6:.2f} M parameters", flush=True)
    for epoch in range(args.epochs):
        t0, sums, n = time.time(), torch.zeros(3, device=dev), 0
        for b in batches(train_idx, args.batch, rng):
            bt = torch.from_numpy(b).to(dev)
            x = augment_glyphs(glyphs_dev[bt].float().div_(255.0).unsqueeze(1), args.augment)
            parts = losses(model, x, fn_dev[bt], name_dev[bt], fv, nv, n_functions)
            loss = parts[0] + args.embed_weight * (parts[1] + parts[2])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
            sums += torch.stack([p.detach() for p in parts])
            n += 1
            if n % 100 == 0:
                m = (sums / n).tolist()
                print(f"  epoch {epoch + 1} step {n}: loss {m[0]:.3f} {m[1]:.3f} "
                      f"{m[2]:.3f}, {time.time() - t0:.0f} s", flush=True)
        probs, _ = predict(model, glyphs[val_icons], device=args.device)
        row = {"epoch": epoch + 1, "seconds": round(time.time() - t0, 1),
               **{k: round(v / max(n, 1), 4) for k, v in zip(("cls", "femb", "nemb"), sums.tolist())},
               "val_top1": round(topk_accuracy(probs, fn_all[val_icons], n_functions, 1), 4),
               "val_top5": round(topk_accuracy(probs, fn_all[val_icons], n_functions, 5), 4)}
        log.append(row)
        print(json.dumps(row), flush=True)
    return model.cpu(), log


# ---------------------------------------------------------------- calibration and export

def abstain_threshold(probs: np.ndarray, truth: np.ndarray, n_functions: int,
                      precision: float) -> tuple[float, dict]:
    """The lowest probability at which the encoder's answers on ``truth`` rows (a function id,
    or ``n_functions`` for text) are right at least ``precision`` of the time; an answer is
    the best function when its probability beats 'not an icon' and the threshold."""
    best = probs[:, :n_functions].argmax(1)
    p = probs[np.arange(len(probs)), best]
    answered_ok = p > probs[:, n_functions]
    is_icon = truth < n_functions
    chosen, stats = 1.0, {}
    for t in np.round(np.arange(0.05, 1.0, 0.01), 2):
        ans = answered_ok & (p >= t)
        right = ans & (best == truth)
        prec = right[is_icon].sum() / max(1, ans[is_icon].sum())
        if prec >= precision:
            chosen = float(t)
            stats = {"threshold": chosen, "precision": round(float(prec), 4),
                     "answered": round(float(ans[is_icon].mean()), 4),
                     "right": round(float(right[is_icon].mean()), 4),
                     "text_answered": round(float(ans[~is_icon].mean()), 4) if (~is_icon).any() else None}
            break
    return chosen, stats


class _Export:
    """Wraps the model so the ONNX graph outputs probabilities and embeddings."""

    def __new__(cls, model):
        import torch

        class Wrapped(torch.nn.Module):
            def __init__(self, m):
                super().__init__()
                self.m = m

            def forward(self, glyph):
                out, e = self.m(glyph)
                return (out if self.m.returns_probs else torch.softmax(out, 1)), e

        return Wrapped(model).eval()


def export(model, out: Path, meta: dict, check: np.ndarray) -> float:
    """Write the ONNX model with ``meta`` as metadata; returns the largest deviation of
    onnxruntime's probabilities and embeddings from torch's on ``check`` glyphs."""
    import onnx
    import onnxruntime as ort
    import torch

    model.eval()
    wrapped = _Export(model)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp.onnx")
    torch.onnx.export(wrapped, torch.zeros(2, 1, 32, 32), str(tmp), dynamo=False,
                      input_names=["glyph"], output_names=["probs", "embedding"],
                      dynamic_axes={"glyph": {0: "n"}, "probs": {0: "n"}, "embedding": {0: "n"}},
                      opset_version=17)
    proto = onnx.load(str(tmp))
    del proto.metadata_props[:]
    for k, v in meta.items():
        proto.metadata_props.add(key=k, value=v if isinstance(v, str) else json.dumps(v))
    proto.doc_string = "DetACT icon encoder (training/icons/train_encoder.py)"
    onnx.save(proto, str(out))
    tmp.unlink(missing_ok=True)
    sess = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    x = check.astype(np.float32)[:, None] / 255.0
    p_ort, e_ort = sess.run(None, {"glyph": x})
    with torch.no_grad():
        p_t, e_t = wrapped(torch.from_numpy(x))
    return float(max(np.abs(p_ort - p_t.numpy()).max(), np.abs(e_ort - e_t.numpy()).max()))


# ---------------------------------------------------------------- main

def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description="train and export the icon encoder")
    ap.add_argument("--index", type=Path, default=HERE / "out" / "index.jsonl",
                    help="corpus index from collect.py")
    ap.add_argument("--work", type=Path, default=HERE / "out" / "encoder",
                    help="renders, text embeddings, checkpoint and log (never committed)")
    ap.add_argument("--out", type=Path, default=ROOT / "detact" / "data" / "models" / "icon_encoder.onnx")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--looks", type=int, default=2, help="renders per labelled training icon")
    ap.add_argument("--cap", type=int, default=24, help="icons per set and function")
    ap.add_argument("--unlabelled", type=int, default=16000)
    ap.add_argument("--negatives", type=int, default=8000)
    ap.add_argument("--workers", type=int, default=2, help="render processes")
    ap.add_argument("--rebuild", action="store_true", help="render again even if cached")
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--weight-decay", type=float, default=5e-4)
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--embed-weight", type=float, default=0.5)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--device", default="cpu", help="torch device for training: cpu or cuda")
    ap.add_argument("--augment", type=float, default=0.0,
                    help="share of each batch restyled in glyph space (augment.py)")
    ap.add_argument("--members", type=int, default=1,
                    help="networks trained with seeds seed, seed+1, ...; more than one ships as "
                         "one ONNX graph that averages them")
    ap.add_argument("--from-checkpoints", action="store_true",
                    help="skip training: calibrate and export the members saved in --work "
                         "(encoder.pt, or encoder-0.pt ... for --members > 1), e.g. trained on a GPU machine")
    ap.add_argument("--precision", type=float, default=0.85,
                    help="abstention: answers on validation icons must be right this often")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    import dataset

    t_start = time.time()
    if not args.index.is_file():
        print(f"error: corpus index {args.index} not found (run training/icons/collect.py)", file=sys.stderr)
        return 2
    npz = args.work / "renders.npz"
    if args.rebuild or not npz.is_file():
        dataset.build(args.index, args.work, seed=args.seed, looks=args.looks, cap=args.cap,
                      unlabelled=args.unlabelled, negatives=args.negatives, workers=args.workers)
    meta = json.loads((args.work / "renders.json").read_text(encoding="utf-8"))
    with np.load(npz) as d:
        data = {k: d[k] for k in d.files}
    fvec, nvec = text_targets(args.work, meta["names"])
    import torch

    from model import IconEnsemble, IconNet

    members, log = [], []
    for k in range(args.members):
        ckpt = args.work / (f"encoder-{k}.pt" if args.members > 1 else "encoder.pt")
        if args.from_checkpoints:
            if not ckpt.is_file():
                print(f"error: checkpoint {ckpt} not found (--from-checkpoints reads --members of them "
                      f"from --work)", file=sys.stderr)
                return 2
            member = IconNet(len(fvec) + 1, width=args.width)
            member.load_state_dict(torch.load(ckpt, map_location="cpu"))
            members.append(member.eval())
            continue
        print(f"member {k + 1} of {args.members} (seed {args.seed + k})", flush=True)
        member, member_log = train(data, fvec, nvec, args, args.seed + k)
        torch.save(member.state_dict(), ckpt)
        members.append(member)
        log += [{"member": k, **row} for row in member_log]
    model = members[0] if len(members) == 1 else IconEnsemble(members).eval()
    n_functions = len(fvec)
    val = np.flatnonzero(data["val"] & (data["function"] >= 0))
    probs, _ = predict(model, data["glyphs"][val])
    threshold, stats = abstain_threshold(probs, data["function"][val].astype(np.int64), n_functions,
                                         args.precision)
    info = {"format": FORMAT, "version": VERSION, "functions": meta["functions"],
            "none_index": n_functions, "input_size": 32, "margin": 2, "embedding_dim": 384,
            "embedding_space": "all-MiniLM-L6-v2", "abstain_threshold": threshold,
            "trained": dt.date.today().isoformat(), "seed": args.seed, "members": args.members,
            "augment": args.augment,
            "held_out_sets": meta["held_out"], "renders": int((~data["val"]).sum()),
            "sets": len(meta["sets"]) - 1}
    err = export(model, args.out, info, data["glyphs"][val[:256]])
    from bundle import update_registry

    update_registry("icon_encoder", args.out, licence="Apache-2.0 (trained by DetACT on the corpus in "
                    "training/icons/README.md)", description=(
                        "icon encoder (CNN, ONNX): function probabilities and a MiniLM-space "
                        "embedding of a 32x32 icon glyph; trained by training/icons/train_encoder.py"))
    summary = {"epochs": log, "calibration": stats, "onnx_max_error": err,
               "onnx_bytes": args.out.stat().st_size, "seconds": round(time.time() - t_start)}
    (args.work / "train_log.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    print(f"abstain below {threshold} ({stats}); ONNX {args.out} {args.out.stat().st_size / 1e6:.2f} MB, "
          f"max deviation from torch {err:.1e}; {time.time() - t_start:.0f} s in all", flush=True)
    return 0 if err < 1e-3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
