#!/usr/bin/env python3
"""Fine-tune DetACT's screen-text recognizer and bundle it.

    python training/text/train.py [--data training/text/out] [--minutes 25] [--seed 0] [--install]

    python training/text/train.py --full --device cuda --data RUN [RUN ...] [--distract 0.3]

Base: PP-OCRv4's recognizer as rapidocr-onnxruntime ships it (PP-LCNetV3 backbone, SVTR neck,
CTC head over 6,625 mostly Chinese classes). By default the backbone stays frozen and runs once per crop
on onnxruntime (its features are cached); the neck and a new head over the characters UIs show
(`detact.text.recognize.SCREEN_CHARACTERS`: ASCII and the euro sign, initialised from the old
head's rows for the same characters) are trained with CTC on the crops of `build_data.py`,
converted to torch with onnx2torch. Freezing the backbone is what makes this fit in minutes on
two CPU cores; the neck sees the whole run (its attention is what spacing and case need).
``--full`` trains the backbone too, on the crops themselves (a fresh jittered view of half of
them each epoch): minutes on a GPU; on two CPU cores about 23 minutes per epoch of 29k crops
with ``--batch 16`` (batches of 64 wide crops need more than 24 GiB), enough to go on from a
trained model. ``--distract P`` draws a
non-character mark (frame rule, separator, radio ring, check box, knob) beside a share P of
the training crops, label unchanged: real screens put such marks inside text runs.

The trained neck is exported to ONNX, joined to the backbone (fp32: `save_model` says why it
is not quantised), checked against torch on held-out crops, and written to
``OUT/recognizer.onnx`` (``--install``: also ``detact/data/models/recognizer.onnx`` and its
sha256 / size in the registry's ``recognizer`` entry). Exact-match on held-out pages is
printed per epoch; ``OUT/train.json`` records the run.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

from common import BUNDLED, DEFAULT_OUT, REGISTRY, benchmarks_on_path

benchmarks_on_path()

#: The tensor between PP-OCRv4's backbone and its neck: (B, 480, 1, W / 8).
FEATURE = "p2o.AveragePool.1"
FEATURE_STRIDE = 8
VAL_EVERY = 10  # every 10th page is held out for validation


# ----------------------------------------------------------------------------- data

def load_examples(folders: list[Path]) -> tuple[list[np.ndarray], list[str], list[dict]]:
    """All crops (h, w, 3) uint8 RGB of `build_data.py` runs, their strings and style records;
    page numbers are made unique across folders (the validation split is by page)."""
    import cv2

    crops, texts, metas = [], [], []
    for n, data in enumerate(folders):
        shards = sorted((data / "data").glob("shard-*.npz"))
        if not shards:
            sys.exit(f"no shards in {data / 'data'}: run build_data.py first")
        manifest = data / "data" / "manifest.json"
        native = manifest.exists() and json.loads(manifest.read_text()).get("crops") == "native"
        for shard in shards:
            z = np.load(shard, allow_pickle=True)
            crops += [cv2.imdecode(np.frombuffer(b, np.uint8), cv2.IMREAD_COLOR)[:, :, ::-1] for b in z["png"]]
            texts += [str(t) for t in z["text"]]
            metas += [{**m, "page": m["page"] + 100_000 * n, "native": native} for m in json.loads(str(z["meta"]))]
    return crops, texts, metas


def regeometry(crop: np.ndarray, height: int, width_scale: float, native: bool = False) -> np.ndarray:
    """A crop of `build_data.py` (48 px high, or with ``native`` a run at screen resolution,
    `build_data.py --native`) brought to the trained geometry (``height`` rows, width scaled by
    ``width_scale`` beyond the aspect ratio); from a native crop this is exactly `screen_crops`,
    what inference reads."""
    import cv2

    from detact.text.recognize import screen_crops

    h, w = crop.shape[:2]
    if native:
        return screen_crops(crop, np.array([[0, 0, w, h]]), height, width_scale)[0]
    if h == height and width_scale == 1.0:
        return crop
    new_w = max(height // 4, math.ceil(width_scale * height * w / h))
    return cv2.resize(crop, (new_w, height), interpolation=cv2.INTER_AREA)


def jitter(crop: np.ndarray, rng: random.Random) -> np.ndarray:
    """Another view of a crop: width scaled by 0.8-1.2 and contrast/brightness changed a little."""
    import cv2

    h, w = crop.shape[:2]
    out = cv2.resize(crop, (max(8, round(w * rng.uniform(0.8, 1.2))), h), interpolation=cv2.INTER_AREA)
    out = out.astype(np.float32) * rng.uniform(0.85, 1.1) + rng.uniform(-20, 20)
    return np.clip(out, 0, 255).astype(np.uint8)


#: Marks a text run on a real screen often carries at an end because the line splitter kept it
#: (frame rules, separators, radio rings, check boxes, slider knobs): drawn beside training crops,
#: label unchanged, so the recognizer learns they are not characters.
DISTRACTORS = ("bar", "rule", "ring", "box", "dot")


def distract(crop: np.ndarray, rng: random.Random) -> np.ndarray:
    """``crop`` (48, w, 3) with one non-character mark drawn beside it, left or right, in the
    text's colour or a fainter one, on the crop's own background; same height, wider."""
    import cv2

    h = crop.shape[0]
    border = np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]]).astype(np.float32)
    bg = np.median(border, axis=0)
    far = np.abs(crop.reshape(-1, 3).astype(np.float32) - bg).sum(axis=1)
    ink = crop.reshape(-1, 3)[int(np.argmax(far))].astype(np.float32)
    colour = tuple(float(v) for v in bg + (ink - bg) * rng.uniform(0.35, 1.0))
    kind = rng.choice(DISTRACTORS)
    thick = rng.randint(2, max(2, h // 12))
    side = "right" if kind == "rule" or rng.random() < 0.4 else "left"
    size = {"bar": thick, "rule": rng.randint(h, 4 * h), "ring": rng.randint(h // 2, h - 4),
            "box": rng.randint(h // 2, h - 4), "dot": rng.randint(h // 3, 2 * h // 3)}[kind]
    gap = rng.randint(h // 8, h // 2)
    pad = np.empty((h, size + gap + 2, 3), np.float32)
    pad[:] = bg
    x0 = 1 if side == "left" else gap + 1  # where the mark starts inside the pad
    if kind == "bar":
        top = rng.randint(0, h // 8)
        cv2.rectangle(pad, (x0, top), (x0 + thick - 1, h - 1 - rng.randint(0, h // 8)), colour, -1)
    elif kind == "rule":
        y = int(h * rng.uniform(0.3, 0.7))
        cv2.rectangle(pad, (x0, y), (x0 + size, y + thick - 1), colour, -1)
    elif kind == "ring":
        r = size // 2
        cv2.circle(pad, (x0 + r, h // 2), r - thick // 2, colour, thick, cv2.LINE_AA)
    elif kind == "box":
        y = (h - size) // 2
        cv2.rectangle(pad, (x0, y), (x0 + size - 1, y + size - 1), colour, thick, cv2.LINE_AA)
    else:
        r = size // 2
        cv2.circle(pad, (x0 + r, h // 2), r, colour, -1, cv2.LINE_AA)
    pad = np.clip(pad, 0, 255).astype(np.uint8)
    return np.concatenate([pad, crop] if side == "left" else [crop, pad], axis=1)


# ----------------------------------------------------------------------------- model parts

def split_base(base: Path, out: Path) -> tuple[Path, Path]:
    """PP-OCRv4's ONNX cut at `FEATURE` into backbone (x -> FEATURE) and neck+head
    (FEATURE -> probabilities) files under ``out``."""
    import onnx.utils

    model = onnx.load(str(base))
    output = model.graph.output[0].name
    backbone, neck = out / "backbone.onnx", out / "neck_base.onnx"
    onnx.utils.extract_model(str(base), str(backbone), ["x"], [FEATURE])
    onnx.utils.extract_model(str(base), str(neck), [FEATURE], [output])
    return backbone, neck


def backbone_features(backbone: Path, crops: list[np.ndarray], batch: int = 16, threads: int = 1) -> list[np.ndarray]:
    """Per crop, the backbone's features over its own width: (480, ceil(w / 8)) float16."""
    from detact.runtime import ort_session
    from detact.text.recognize import batch_by_width

    session = ort_session(backbone, "cpu", threads=threads)
    feats: list[np.ndarray] = [np.zeros(0)] * len(crops)
    for idx, x in batch_by_width(crops, batch):
        f = session.run(None, {"x": x})[0][:, :, 0, :]
        for row, i in enumerate(idx):
            feats[i] = f[row, :, :math.ceil(crops[i].shape[1] / FEATURE_STRIDE)].astype(np.float16)
    return feats


def padding_feature(backbone: Path, height: int) -> np.ndarray:
    """The backbone's feature of the zero padding a batch adds right of a short crop: (480,)."""
    from detact.runtime import ort_session

    f = ort_session(backbone, "cpu").run(None, {"x": np.zeros((1, 3, height, 160), np.float32)})[0]
    return f[0, :, 0, f.shape[3] // 2]


def trainable_module(part_onnx: Path, base_chars: list[str], chars: list[str]):
    """A part of the base ending in its head (the neck+head, or with ``--full`` the whole
    recognizer) as a torch module (onnx2torch) whose last layer maps to ``chars`` (blank first)
    instead of the base's classes; rows for characters the base knows are copied. Every float
    weight is trainable; batch norms keep their statistics (the module stays in eval mode)."""
    import onnx
    import torch
    from onnx2torch import convert

    model = dequantized(_with_shapes(onnx.load(str(part_onnx))))
    net = convert(model, attach_onnx_mapping=True).eval()
    # every softmax of this neck is over the last axis; onnx2torch's opset-11 softmax would
    # export a reshape to the traced batch size
    for name, module in list(net.named_children()):
        if type(module).__name__ == "OnnxSoftmaxV1V11":
            setattr(net, name, torch.nn.Softmax(dim=-1))
    init = net.initializers
    head_w = next(n for n, b in init.named_buffers() if b.ndim == 2 and b.shape[1] == len(base_chars))
    head_b = next(n for n, b in init.named_buffers() if b.ndim == 1 and b.shape[0] == len(base_chars))
    old_w, old_b = getattr(init, head_w), getattr(init, head_b)
    rows = [base_chars.index(c) if c in base_chars else -1 for c in chars]
    # a class the base lacks (the euro sign) starts silent: no weights, the lowest bias
    new_w = torch.zeros(old_w.shape[0], len(chars))
    new_b = torch.full((len(chars),), float(old_b.min()))
    for j, r in enumerate(rows):
        if r >= 0:
            new_w[:, j], new_b[j] = old_w[:, r], old_b[r]
    for name, buf in list(init.named_buffers()):
        if buf.dtype == torch.float32 and buf.numel() > 1:
            value = new_w if name == head_w else new_b if name == head_b else buf.clone()
            delattr(init, name)
            init.register_parameter(name, torch.nn.Parameter(value))
    return net, model


def onnx_weights(net) -> dict:
    """ONNX initializer name -> trained value, for every weight of the onnx2torch module:
    convolutions and batch norms by their node's inputs, the rest by the initializers each
    node reads (onnx2torch gives every such use a buffer of its own)."""
    names = {}
    modules = dict(net.named_modules())
    for node in net.graph.nodes:
        if node.op != "call_module":
            continue
        module = modules[node.target]
        if not hasattr(module, "onnx_mapping"):  # the softmaxes swapped in: no weights
            continue
        onnx_inputs = module.onnx_mapping.inputs
        for pos, arg in enumerate(node.args):
            if getattr(arg, "op", None) == "get_attr":
                names[onnx_inputs[pos]] = _attr(net, arg.target)
    return names


def _attr(net, target: str):
    obj = net
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


def _node_weights(net, model) -> dict:
    """Conv and batch-norm weights by ONNX initializer name (they live inside their modules)."""
    import torch

    modules = dict(net.named_modules())
    out = {}
    for node in model.graph.node:
        module = modules.get(node.name.replace(".", "/"))
        if isinstance(module, torch.nn.Conv2d):
            out[node.input[1]] = module.weight
            if len(node.input) > 2 and module.bias is not None:
                out[node.input[2]] = module.bias
        elif isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
            for name, value in zip(node.input[1:], (module.weight, module.bias, module.running_mean, module.running_var)):
                out[name] = value
    return out


def onnx_with(net, model, classes: int):
    """``model`` (the trained part's ONNX, constants as initializers) with every initializer set to the
    trained value in ``net`` and its output declared with ``classes`` classes."""
    from onnx import numpy_helper

    values = {**onnx_weights(net), **_node_weights(net, model)}
    inits = model.graph.initializer
    for i, init in enumerate(inits):
        if init.name in values:
            inits[i].CopyFrom(numpy_helper.from_array(values[init.name].detach().cpu().numpy().astype(
                numpy_helper.to_array(init).dtype), init.name))
    dims = model.graph.output[0].type.tensor_type.shape.dim
    if len(dims) == 3:
        dims[2].dim_value = classes
    return model


def _with_shapes(model):
    """PaddleOCR's export keeps weights as Constant nodes and leaves some batch-norm inputs
    without a rank: turn the constants into initializers and declare those inputs 4-D, which
    onnx2torch needs."""
    import onnx

    model = onnx.shape_inference.infer_shapes(model)
    graph = model.graph
    ranks = {v.name: len(v.type.tensor_type.shape.dim) for v in list(graph.value_info) + list(graph.input)}
    keep = []
    for node in graph.node:
        if node.op_type == "Constant" and node.attribute[0].name == "value":
            tensor = onnx.helper.get_attribute_value(node.attribute[0])
            tensor.name = node.output[0]
            graph.initializer.append(tensor)
            continue
        keep.append(node)
        if node.op_type == "BatchNormalization" and not ranks.get(node.input[0]):
            stale = [v for v in graph.value_info if v.name == node.input[0]]
            for v in stale:
                graph.value_info.remove(v)
            graph.value_info.append(onnx.helper.make_tensor_value_info(node.input[0], onnx.TensorProto.FLOAT,
                                                                       ["n", "c", "h", "w"]))
    del graph.node[:]
    graph.node.extend(keep)
    return model


def dequantized(model):
    """``model`` with each of onnxruntime's dynamic-quantisation chains (DynamicQuantizeLinear ->
    MatMulInteger -> Cast -> Mul by the two scales) turned back into one fp32 MatMul over the
    dequantised weight, so that a model we shipped (int8) can be the base of another run
    (``--base detact/data/models/recognizer.onnx``). A model without MatMulInteger is returned as is."""
    import onnx
    from onnx import numpy_helper

    graph = model.graph
    inits = {i.name: i for i in graph.initializer}
    producer = {o: n for n in graph.node for o in n.output}
    consumers: dict[str, list] = {}
    for n in graph.node:
        for name in n.input:
            consumers.setdefault(name, []).append(n)
    drop, replace, dead = set(), {}, set()
    for node in graph.node:
        if node.op_type != "MatMulInteger":
            continue
        x_q, w_q, _, w_zp = node.input
        quantize = producer[x_q]
        cast = consumers[node.output[0]][0]
        rescale = consumers[cast.output[0]][0]
        scales = producer[next(i for i in rescale.input if i != cast.output[0])]
        w_scale = next(i for i in scales.input if i in inits)
        weight = (numpy_helper.to_array(inits[w_q]).astype(np.float32)
                  - numpy_helper.to_array(inits[w_zp]).astype(np.float32)) * numpy_helper.to_array(inits[w_scale])
        name = w_q.removesuffix("_quantized")
        graph.initializer.append(numpy_helper.from_array(weight.astype(np.float32), name))
        replace[id(node)] = onnx.helper.make_node("MatMul", [quantize.input[0], name], [rescale.output[0]],
                                                  name=node.name.removesuffix("_quant") or None)
        drop |= {id(quantize), id(cast), id(rescale), id(scales)}
        dead |= {w_q, w_zp, w_scale}
    if not replace:
        return model
    nodes = [replace.get(id(n), n) for n in graph.node if id(n) not in drop]
    del graph.node[:]
    graph.node.extend(nodes)
    kept = [i for i in graph.initializer if i.name not in dead]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    return model


# ----------------------------------------------------------------------------- training

def batches(lengths: np.ndarray, batch: int, rng: random.Random) -> list[np.ndarray]:
    """Indices grouped by similar feature length (little padding), in a shuffled order."""
    order = np.argsort(lengths + np.array([rng.random() for _ in lengths]) * 4, kind="stable")
    out = [order[i:i + batch] for i in range(0, len(order), batch)]
    rng.shuffle(out)
    return out


def collate(feats: list[np.ndarray], idx: np.ndarray, pad: np.ndarray):
    """(B, 480, 1, T) float32 features (padded with ``pad``) and the (B,) own lengths."""
    import torch

    lens = np.array([feats[i].shape[1] for i in idx])
    x = np.repeat(pad[None, :, None], len(idx), 0).repeat(lens.max(), 2).astype(np.float32)
    for row, i in enumerate(idx):
        x[row, :, :lens[row]] = feats[i]
    return torch.from_numpy(x[:, :, None, :]), torch.from_numpy(lens)


def decode(probs: np.ndarray, lens: np.ndarray, chars: list[str]) -> list[str]:
    """Greedy CTC of (B, T, C) probabilities over each row's own length."""
    from detact.text.recognize import ctc_greedy_decode

    return ctc_greedy_decode(probs, lens, chars)[0]


def evaluate(net, feats, texts, idx_all, pad, chars, batch: int = 64) -> float:
    """Exact-match rate of the neck on the examples ``idx_all``."""
    import torch

    hits = 0
    with torch.no_grad():
        for s in range(0, len(idx_all), batch):
            idx = idx_all[s:s + batch]
            x, lens = collate(feats, idx, pad)
            pred = decode(net(x).numpy(), lens.numpy(), chars)
            hits += sum(p == texts[i] for p, i in zip(pred, idx))
    return hits / max(1, len(idx_all))


def fit_ctc(net, epoch_batches, validate, minutes: float, seed: int, lr: float, warmup: int,
            device: str = "cpu") -> dict:
    """The CTC loop both modes share: AdamW with ``warmup`` linear steps, then a cosine over the
    wall-clock budget; ``epoch_batches(rng)`` yields one epoch's (input, own lengths (B,), target
    index tensors) and ``validate()`` gives the exact-match rate. Keeps the weights of the best
    validation epoch; returns the best, the per-epoch history and the steps made."""
    import torch

    torch.manual_seed(seed)
    rng = random.Random(seed)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=1e-4)
    t0, deadline = time.time(), time.time() + minutes * 60
    best = {"val_exact": validate(), "epoch": 0}
    best_state = {k: v.detach().clone() for k, v in net.state_dict().items()}
    print(f"epoch 0: val exact {best['val_exact']:.3f}", file=sys.stderr)
    step, epoch, history = 0, 0, []
    t_steps = time.time()  # the schedule's length is timed from here, after the first validation
    while time.time() < deadline:
        epoch += 1
        for x, lens, tgt in epoch_batches(rng):
            logp = torch.log(net(x.to(device)).float().clamp_min(1e-8)).transpose(0, 1)  # (T, B, C)
            loss = torch.nn.functional.ctc_loss(logp, torch.cat(tgt).to(device), lens.clamp_max(logp.shape[0]).to(device),
                                                torch.tensor([len(t) for t in tgt], device=device),
                                                blank=0, zero_infinity=True)
            # cosine over wall-clock time: a step-count estimate made early ends too soon when the
            # first steps are slow (CUDA warm-up), leaving the rest of the budget at lr 0
            frac = min(1.0, (time.time() - t_steps) / max(1e-6, deadline - t_steps))
            for g in opt.param_groups:
                g["lr"] = lr * min(1.0, (step + 1) / warmup) * 0.5 * (1 + math.cos(math.pi * frac))
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 5.0)
            opt.step()
            step += 1
            if time.time() > deadline:
                break
        val = validate()
        history.append({"epoch": epoch, "step": step, "loss": round(float(loss.detach()), 4), "val_exact": round(val, 4),
                        "minutes": round((time.time() - t0) / 60, 1)})
        print(json.dumps(history[-1]), file=sys.stderr, flush=True)
        if val >= best["val_exact"]:
            best = {"val_exact": val, "epoch": epoch}
            best_state = {k: v.detach().clone() for k, v in net.state_dict().items()}
    net.load_state_dict(best_state)
    return {"best": best, "history": history, "steps": step}


def char_targets(texts: list[str], idx, chars: list[str]) -> dict:
    """Example index -> its string as a tensor of class indices (blank = 0)."""
    import torch

    index = {c: i for i, c in enumerate(chars)}
    # an empty label (an icon, `build_desktop.py --icons`) is all blanks: a long tensor of length 0
    return {i: torch.tensor([index[c] for c in texts[i]], dtype=torch.long) for i in idx}


def train(net, feats, texts, train_idx, val_idx, pad, chars, minutes: float, seed: int, lr: float,
          batch: int = 48) -> dict:
    """The neck on cached backbone features (`fit_ctc`), batches of similar length."""
    targets = char_targets(texts, train_idx, chars)
    lengths = np.array([feats[i].shape[1] for i in train_idx])

    def epoch_batches(rng):
        for b in batches(lengths, batch, rng):
            idx = train_idx[b]
            x, lens = collate(feats, idx, pad)
            yield x, lens, [targets[i] for i in idx]

    return fit_ctc(net, epoch_batches, lambda: evaluate(net, feats, texts, val_idx, pad, chars),
                   minutes, seed, lr, warmup=50)


# ----------------------------------------------------------------------------- training, --full

def crop_batch(crops: list[np.ndarray], idx: np.ndarray):
    """(B, 3, H, W) float32 as the engine feeds the recognizer (`recognize.pack_batch`) and the
    (B,) CTC steps each row owns."""
    import torch

    from detact.text.recognize import own_steps, pack_batch

    x = pack_batch(crops, idx)
    lens = own_steps([crops[i].shape[1] for i in idx], x.shape[3], math.ceil(x.shape[3] / FEATURE_STRIDE))
    return torch.from_numpy(x), torch.from_numpy(lens)


def evaluate_crops(net, crops, texts, idx_all, chars, device: str, batch: int = 64) -> float:
    """Exact-match rate of the whole recognizer on the crops ``idx_all``, batched by width."""
    import torch

    order = np.array(sorted(idx_all, key=lambda i: crops[i].shape[1]))
    hits = 0
    with torch.no_grad():
        for s in range(0, len(order), batch):
            idx = order[s:s + batch]
            x, lens = crop_batch(crops, idx)
            probs = net(x.to(device)).float().cpu().numpy()
            pred = decode(probs, np.minimum(lens.numpy(), probs.shape[1]), chars)
            hits += sum(p == texts[i] for p, i in zip(pred, idx))
    return hits / max(1, len(idx_all))


def train_full(net, crops, texts, train_idx, val_idx, chars, minutes: float, seed: int, lr: float,
               device: str, distract_p: float = 0.0, batch: int = 64) -> dict:
    """The whole recognizer on crops (`fit_ctc`), each epoch on a fresh view of them: half
    jittered, a share ``distract_p`` with a mark drawn beside them. Meant for a GPU: on two CPU
    cores an epoch of 29k crops takes about 23 minutes (``batch`` 16)."""
    targets = char_targets(texts, train_idx, chars)

    def epoch_batches(rng):
        views = {i: jitter(crops[i], rng) if rng.random() < 0.5 else crops[i] for i in train_idx}
        views = {i: distract(c, rng) if rng.random() < distract_p else c for i, c in views.items()}
        lengths = np.array([views[i].shape[1] // FEATURE_STRIDE for i in train_idx])
        for b in batches(lengths, batch, rng):
            idx = train_idx[b]
            x, lens = crop_batch(views, idx)
            yield x, lens, [targets[i] for i in idx]

    return fit_ctc(net, epoch_batches, lambda: evaluate_crops(net, crops, texts, val_idx, chars, device),
                   minutes, seed, lr, warmup=100, device=device)


# ----------------------------------------------------------------------------- export

def export(net, neck_model, backbone: Path, chars: list[str], out: Path, geometry: dict) -> Path:
    """The trained weights written into the neck's own ONNX graph (so every shape stays
    dynamic), joined to the backbone, characters in the metadata (`save_model`); returns the path."""
    import onnx
    from onnx import compose

    neck = onnx_with(net, neck_model, len(chars))
    onnx.save(neck, str(out / "neck.onnx"))
    back = onnx.load(str(backbone))
    del neck.graph.value_info[:]
    neck = compose.add_prefix(neck, "neck_")
    merged = compose.merge_models(back, neck, io_map=[(FEATURE, "neck_" + FEATURE)])
    opsets = {o.domain or "ai.onnx": o.version for o in merged.opset_import}  # one entry per domain
    del merged.opset_import[:]
    merged.opset_import.extend(onnx.helper.make_opsetid("" if d == "ai.onnx" else d, v) for d, v in opsets.items())
    return save_model(merged, chars, out, geometry)


def save_model(merged, chars: list[str], out: Path, geometry: dict) -> Path:
    """The whole recognizer's ONNX with its characters and geometry in the metadata, saved as
    ``recognizer.onnx`` in fp32. Not quantised: onnxruntime's dynamic int8 quantisation takes
    one activation scale over the whole batch, so a run's read depended on the runs batched
    with it (xfce4-taskmanager's "10" read at 0.96 alone and at 0.29, dropped, beside "30",
    "77" and "45"); fp32 costs 0.7 MB. Returns the path."""
    import onnx

    del merged.graph.value_info[:]  # shapes inferred for the base's head (6,625 classes) are stale
    del merged.metadata_props[:]
    for key, value in {"character": "\n".join(chars[1:]), **{k: str(v) for k, v in geometry.items()}}.items():
        entry = merged.metadata_props.add()
        entry.key, entry.value = key, value
    path = out / "recognizer.onnx"
    onnx.save(merged, str(path))
    return path


def check_export(path: Path, crops: list[np.ndarray], texts: list[str], chars: list[str]) -> float:
    """Exact-match of the exported file, read the way the engine reads, on ``crops``."""
    from detact.runtime import ort_session
    from detact.text.recognize import batch_by_width, ctc_greedy_decode, own_steps

    session = ort_session(path, "cpu")
    hits = 0
    for idx, x in batch_by_width(crops, 16):
        probs = session.run(None, {"x": x})[0]
        lens = own_steps([crops[i].shape[1] for i in idx], x.shape[3], probs.shape[1])
        pred = ctc_greedy_decode(probs, lens, chars)[0]
        hits += sum(p == texts[i] for p, i in zip(pred, idx))
    return hits / max(1, len(crops))


def install(model: Path, full: bool = False) -> dict:
    """Copy ``model`` into the package and record its sha256 and size in the registry."""
    import shutil

    from detact.runtime import sha256_file

    BUNDLED.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(model, BUNDLED)
    registry = json.loads(REGISTRY.read_text())
    entry = {"name": "recognizer", "bundled": True, "family": "text", "file": "models/recognizer.onnx",
             "sha256": sha256_file(BUNDLED), "size": BUNDLED.stat().st_size,
             "licence": "Apache-2.0 (PP-OCRv4 base, PaddleOCR)",
             "description": ("screen-text recognizer (PP-OCRv4 fine-tuned whole, ASCII+euro CTC head)" if full else
                             "screen-text recognizer (PP-OCRv4 backbone, fine-tuned SVTR neck and ASCII+euro CTC head)")
                            + "; built by training/text/train.py"}
    models = [m for m in registry["models"] if m["name"] != "recognizer"]
    at = next((i for i, m in enumerate(models) if not m.get("bundled")), len(models))
    registry["models"] = models[:at] + [entry] + models[at:]
    REGISTRY.write_text(json.dumps(registry, indent=2) + "\n")
    return entry


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, nargs="+", default=[DEFAULT_OUT], help="build_data.py's --out (one or more)")
    ap.add_argument("--out", type=Path, help="where the model goes (default: DATA/model)")
    ap.add_argument("--minutes", type=float, default=25.0, help="training budget (wall clock)")
    ap.add_argument("--views", type=int, default=2, help="feature views per crop (the 2nd jittered)")
    ap.add_argument("--lr", type=float, default=5e-4)
    ap.add_argument("--height", type=int, default=48, help="crop height the model reads")
    ap.add_argument("--width-scale", type=float, default=1.0, help="crop width beyond the aspect ratio")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1,
                    help="CPU threads (1: on a shared, busy machine more threads wait on each other)")
    ap.add_argument("--full", action="store_true",
                    help="train the backbone too, on crops (a GPU job: with --device cuda, minutes)")
    ap.add_argument("--device", default="cpu", help="torch device for --full (cpu, cuda)")
    ap.add_argument("--batch", type=int, default=64,
                    help="crops per step with --full (on a 24 GiB CPU machine 16: the widest batches of 64 run out of memory)")
    ap.add_argument("--distract", type=float, default=0.0,
                    help="share of training views with a non-character mark drawn beside them (`distract`)")
    ap.add_argument("--base", type=Path, help="the PP-OCRv4 recognizer ONNX (default: rapidocr-onnxruntime's)")
    ap.add_argument("--install", action="store_true", help="bundle the model and update the registry")
    a = ap.parse_args(argv)
    import torch

    from detact.runtime import ort_session
    from detact.text.recognize import SCREEN_CHARACTERS, model_characters

    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    np.random.seed(a.seed)
    out = a.out or a.data[0] / "model"
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    base = a.base or _rapidocr_recognizer()
    chars = ["<blank>"] + list(SCREEN_CHARACTERS)
    crops, texts, metas = load_examples(a.data)
    crops = [regeometry(c, a.height, a.width_scale, m["native"]) for c, m in zip(crops, metas)]
    ok = [i for i, t in enumerate(texts) if set(t) <= set(chars[1:])]
    val = np.array([i for i in ok if metas[i]["page"] % VAL_EVERY == 0])
    train_idx = np.array([i for i in ok if metas[i]["page"] % VAL_EVERY != 0])
    base_chars = model_characters(ort_session(base, "cpu"))
    geometry = {"height": a.height, "width_scale": a.width_scale}
    if a.full:
        print(f"{len(train_idx)} training crops, {len(val)} validation, on {a.device}", file=sys.stderr)
        net, full_model = trainable_module(base, base_chars, chars)
        net = net.to(a.device)
        result = train_full(net, crops, texts, train_idx, val, chars, a.minutes, a.seed, a.lr, a.device, a.distract,
                            a.batch)
        model = save_model(onnx_with(net.cpu(), full_model, len(chars)), chars, out, geometry)
    else:
        backbone, neck_base = split_base(base, out)
        rng = random.Random(a.seed)
        views = [crops[i] if v == 0 else jitter(crops[i], rng) for v in range(a.views) for i in train_idx]
        views = [distract(c, rng) if rng.random() < a.distract else c for c in views]
        view_texts = [texts[i] for _ in range(a.views) for i in train_idx]
        feats = backbone_features(backbone, views + [crops[i] for i in val], threads=a.threads)
        all_texts = view_texts + [texts[i] for i in val]
        train_rows = np.arange(len(views))
        val_rows = np.arange(len(views), len(views) + len(val))
        print(f"{len(train_idx)} training crops x {a.views} views, {len(val)} validation; features in "
              f"{time.time() - t0:.0f} s", file=sys.stderr)
        pad = padding_feature(backbone, a.height)
        net, neck_model = trainable_module(neck_base, base_chars, chars)
        result = train(net, feats, all_texts, train_rows, val_rows, pad, chars, a.minutes, a.seed, a.lr)
        model = export(net, neck_model, backbone, chars, out, geometry)
    val_crops, val_texts = [crops[i] for i in val], [texts[i] for i in val]
    exported = check_export(model, val_crops, val_texts, chars)
    record = {"seed": a.seed, "full": a.full, "distract": a.distract, "examples": len(train_idx),
              "views": 1 if a.full else a.views, "validation": len(val), **geometry, **result,
              "exported_val_exact": round(exported, 4),
              "size": model.stat().st_size, "minutes_total": round((time.time() - t0) / 60, 1)}
    if a.install:
        record["registry"] = install(model, a.full)
    (out / "train.json").write_text(json.dumps(record, indent=1))
    print(json.dumps({k: v for k, v in record.items() if k != "history"}))
    return 0


def _rapidocr_recognizer() -> Path:
    from detact.text.recognize import ppocr_recognizer_path

    return Path(ppocr_recognizer_path())


if __name__ == "__main__":
    sys.exit(main())
