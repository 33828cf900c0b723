"""Train the control classifier on the examples of ``examples.py`` and export it to ONNX.

    python training/controls/train.py --examples DIR [--epochs 8] [--max-per-role N] [--seed 0]
        [--out detact/data/models/controls.onnx]

The network sees what `detact.semantics.features` makes: a tight and a context crop
(4 x 32 x 96 each) through two small CNNs, and the layout features through an MLP; one head
gives the role (softmax over `ROLES`), one the six states (sigmoids). Roles are weighted by the
inverse square root of their frequency so that rare controls (sliders, spin boxes) count; the
state loss weights positives and stateful controls up, and per-state thresholds are then
calibrated on the training examples (ONNX metadata ``state_thresholds``).
``--from-checkpoint`` skips training and re-exports the last checkpoint (calibrated again).
Seeded; on 2 quiet CPU cores an epoch over ~60k examples takes about two minutes.

It writes the ONNX file (with the roles, states and feature names in its metadata, as
`detact.semantics.roles.ControlClassifier` expects), updates its sha256 in the model registry,
and prints per-role accuracy on the held-out split.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from detact.elements import STATES  # noqa: E402
from detact.semantics.features import FEATURES, FEATURES_VERSION  # noqa: E402
from detact.semantics.roles import ROLES, STATEFUL  # noqa: E402

DEFAULT_OUT = ROOT / "detact" / "data" / "models" / "controls.onnx"
REGISTRY = ROOT / "detact" / "data" / "models" / "registry.json"


def load_split(folder: Path) -> dict[str, np.ndarray]:
    """Concatenate every case of a split (uint8 crops kept as uint8 until a batch is drawn)."""
    parts: dict[str, list] = {k: [] for k in ("tight", "context", "features", "role", "states")}
    for f in sorted(folder.glob("*.npz")):
        with np.load(f) as d:
            for k in parts:
                parts[k].append(d[k])
    if not parts["role"]:
        raise SystemExit(f"no examples in {folder}: run training/controls/examples.py first")
    return {k: np.concatenate(v) for k, v in parts.items()}


def build_model():
    import torch
    from torch import nn

    def branch():
        layers, c = [], 4
        for out, pool in ((16, True), (32, True), (48, True), (64, False)):
            layers += [nn.Conv2d(c, out, 3, padding=1, bias=False), nn.BatchNorm2d(out), nn.ReLU(inplace=True)]
            if pool:
                layers.append(nn.MaxPool2d(2))
            c = out
        return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())

    class ControlNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.tight, self.context = branch(), branch()
            self.layout = nn.Sequential(nn.Linear(len(FEATURES), 64), nn.ReLU(inplace=True))
            self.body = nn.Sequential(nn.Linear(64 + 64 + 64, 128), nn.ReLU(inplace=True), nn.Dropout(0.1))
            self.roles = nn.Linear(128, len(ROLES))
            self.states = nn.Linear(128, len(STATES))

        def forward(self, tight, context, features):
            z = torch.cat([self.tight(tight), self.context(context), self.layout(features)], dim=1)
            z = self.body(z)
            return self.roles(z), self.states(z)

    class Exported(nn.Module):
        """Probabilities out, as the parser reads them."""

        def __init__(self, net):
            super().__init__()
            self.net = net

        def forward(self, tight, context, features):
            r, s = self.net(tight, context, features)
            return torch.softmax(r, dim=1), torch.sigmoid(s)

    return ControlNet, Exported


def batches(data: dict, idx: np.ndarray, size: int, rng: np.random.Generator | None):
    """Float batches; with ``rng``, brightness/contrast jitter on the crops (themes differ)."""
    import torch

    for s in range(0, len(idx), size):
        b = idx[s:s + size]
        crops = []
        for key in ("tight", "context"):
            x = data[key][b].astype(np.float32) / 255.0
            if rng is not None:
                gain = rng.uniform(0.8, 1.2, (len(b), 1, 1, 1)).astype(np.float32)
                bias = rng.uniform(-0.08, 0.08, (len(b), 1, 1, 1)).astype(np.float32)
                x[:, :3] = np.clip(x[:, :3] * gain + bias, 0, 1)
            crops.append(torch.from_numpy(x))
        yield (crops[0], crops[1], torch.from_numpy(data["features"][b].astype(np.float32)),
               torch.from_numpy(data["role"][b].astype(np.int64)), torch.from_numpy(data["states"][b].astype(np.float32)))


def epoch_rows(roles: np.ndarray, max_per_role: int, rng: np.random.Generator) -> np.ndarray:
    """The shuffled example rows of one epoch: all of them, or at most ``max_per_role`` of each
    role (a fresh random subset each epoch)."""
    if not max_per_role:
        return rng.permutation(len(roles))
    rows = [rng.permutation(np.flatnonzero(roles == k))[:max_per_role] for k in np.unique(roles)]
    return rng.permutation(np.concatenate(rows))


def predict(model, data: dict, rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Role ids (N,) and state probabilities (N, len(STATES)) of ``data`` (or its ``rows``)."""
    import torch

    model.eval()
    rows = np.arange(len(data["role"])) if rows is None else rows
    pred_r, pred_s = [], []
    with torch.no_grad():
        for t, c, f, _, _ in batches(data, rows, 512, None):
            r, s = model(t, c, f)
            pred_r.append(r.argmax(1).numpy())
            pred_s.append(torch.sigmoid(s).numpy())
    return np.concatenate(pred_r), np.concatenate(pred_s)


def calibrate_states(model, data: dict, limit: int = 30_000, seed: int = 0) -> list[float]:
    """One threshold per state, chosen on (a sample of) the training examples: the state loss
    weights positives up, so 0.5 over-predicts them. For "checked" the accuracy over stateful
    controls is maximised, for the other states F1 over all examples."""
    rows = np.random.default_rng(seed).permutation(len(data["role"]))[:limit]
    roles, probs = predict(model, data, rows)
    truth = data["states"][rows].astype(bool)
    stateful = np.isin(data["role"][rows].astype(int), [ROLES.index(r) for r in STATEFUL])
    grid = np.round(np.arange(0.05, 0.96, 0.05), 2)
    thresholds = []
    for k, state in enumerate(STATES):
        def score(th):
            on = probs[:, k] >= th
            if state == "checked" and stateful.any():
                return float((on[stateful] == truth[stateful, k]).mean())
            tp = float((on & truth[:, k]).sum())
            return 2 * tp / max(float(on.sum() + truth[:, k].sum()), 1.0)
        thresholds.append(float(max(grid, key=score)))
    return thresholds


def evaluate(model, data: dict, thresholds: list[float] | None = None) -> dict:
    """Per-role accuracy, macro over interactive roles, and checked accuracy over stateful
    controls, on ``data`` (states on at ``thresholds``, default 0.5)."""
    pr, probs = predict(model, data)
    ps = probs >= np.asarray(thresholds if thresholds is not None else [0.5] * len(STATES))
    truth = data["role"].astype(int)
    per_role = {ROLES[k]: round(float((pr[truth == k] == k).mean()), 4) for k in np.unique(truth)}
    interactive = [per_role[r] for r in per_role if ROLES.index(r) < 12]
    checked = STATES.index("checked")
    stateful = np.isin(truth, [ROLES.index(r) for r in STATEFUL])
    return {"role_acc": round(float((pr == truth).mean()), 4),
            "role_macro_interactive": round(float(np.mean(interactive)), 4) if interactive else None,
            "checked_acc_stateful": round(float((ps[stateful, checked] == data["states"][stateful, checked]).mean()), 4)
            if stateful.any() else None,
            "per_role": per_role, "counts": {ROLES[k]: int((truth == k).sum()) for k in np.unique(truth)}}


def export(model, Exported, path: Path, thresholds: list[float]) -> str:
    import onnx
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    wrapped = Exported(model).eval()
    dummy = (torch.zeros(2, 4, 32, 96), torch.zeros(2, 4, 32, 96), torch.zeros(2, len(FEATURES)))
    tmp = path.with_suffix(".tmp.onnx")
    torch.onnx.export(wrapped, dummy, str(tmp), input_names=["tight", "context", "features"],
                      output_names=["roles", "states"], opset_version=17, dynamo=False,
                      dynamic_axes={k: {0: "n"} for k in ("tight", "context", "features", "roles", "states")})
    m = onnx.load(str(tmp))
    for key, value in (("roles", json.dumps(list(ROLES))), ("states", json.dumps(list(STATES))),
                       ("features", json.dumps(list(FEATURES))), ("features_version", str(FEATURES_VERSION)),
                       ("state_thresholds", json.dumps(thresholds))):
        entry = m.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.save(m, str(path))
    tmp.unlink()
    return hashlib.sha256(path.read_bytes()).hexdigest()


def register(path: Path, sha256: str, note: str) -> None:
    """Record the bundled model's sha256 (and size) in the registry."""
    reg = json.loads(REGISTRY.read_text())
    entry = {"name": "control_classifier", "bundled": True, "family": "semantics",
             "file": str(path.relative_to(ROOT / "detact" / "data")), "sha256": sha256,
             "size": path.stat().st_size, "licence": "Apache-2.0",
             "description": "roles and states of UI elements (training/controls)", "note": note}
    reg["models"] = [m for m in reg["models"] if m["name"] != entry["name"]]
    bundled = [m for m in reg["models"] if m.get("bundled")]
    reg["models"] = bundled + [entry] + [m for m in reg["models"] if not m.get("bundled")]
    REGISTRY.write_text(json.dumps(reg, indent=2) + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--examples", type=Path, default=Path(__file__).parent / "out" / "examples")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: torch's default)")
    ap.add_argument("--max-per-role", type=int, default=0,
                    help="each epoch sees at most N examples of each role, drawn anew per epoch (0: all); "
                         "plain text, list items and buttons outnumber the rest tenfold")
    ap.add_argument("--from-checkpoint", action="store_true",
                    help="skip training: load EXAMPLES/controls_checkpoint.pt, calibrate and export")
    a = ap.parse_args(argv)
    import torch

    torch.manual_seed(a.seed)
    if a.threads:
        torch.set_num_threads(a.threads)
    rng = np.random.default_rng(a.seed)
    train, held = load_split(a.examples / "train"), load_split(a.examples / "heldout")
    print(f"train {len(train['role']):,} examples, held out {len(held['role']):,}")
    ControlNet, Exported = build_model()
    model = ControlNet()
    counts = np.bincount(train["role"].astype(int), minlength=len(ROLES)).astype(np.float64)
    if a.max_per_role:
        counts = np.minimum(counts, a.max_per_role)
    weight = torch.tensor(np.where(counts > 0, 1.0 / np.sqrt(np.maximum(counts, 1)), 0.0), dtype=torch.float32)
    weight = weight / weight[counts > 0].mean()
    role_loss = torch.nn.CrossEntropyLoss(weight=weight, label_smoothing=0.05)
    # States matter on few elements (checkboxes, radios, switches, toggle buttons) and are rare
    # there: averaged over all elements the "checked" signal vanishes and the head learns "never".
    # So each state's positives are weighted by its negative/positive ratio (capped at 20) and
    # stateful controls count ten times in the state loss.
    positives = train["states"].astype(np.float64).sum(0)
    pos_weight = torch.tensor(np.clip((len(train["states"]) - positives) / np.maximum(positives, 1), 1, 20),
                              dtype=torch.float32)
    state_bce = torch.nn.BCEWithLogitsLoss(pos_weight=pos_weight, reduction="none")
    stateful_ids = torch.tensor([ROLES.index(r) for r in (*STATEFUL, "button")])

    def state_loss(logits, target, role):
        w = 1.0 + 9.0 * torch.isin(role, stateful_ids).float()
        return (state_bce(logits, target).mean(1) * w).sum() / w.sum()
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    per_epoch = int(counts.sum())
    steps = a.epochs * ((per_epoch + a.batch - 1) // a.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=steps)
    from tqdm import tqdm

    start = time.perf_counter()
    checkpoint = a.examples / "controls_checkpoint.pt"  # beside the examples, out of git
    if a.from_checkpoint:
        model.load_state_dict(torch.load(checkpoint))
    for epoch in range(0 if a.from_checkpoint else a.epochs):
        model.train()
        order = epoch_rows(train["role"], a.max_per_role, rng)
        bar = tqdm(batches(train, order, a.batch, rng), total=(len(order) + a.batch - 1) // a.batch,
                   desc=f"epoch {epoch + 1}/{a.epochs}", leave=False)
        for t, c, f, r, s in bar:
            out_r, out_s = model(t, c, f)
            loss = role_loss(out_r, r) + state_loss(out_s, s, r)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            bar.set_postfix(loss=f"{loss.item():.3f}")
        report = evaluate(model, held)
        print(f"epoch {epoch + 1}: held-out role acc {report['role_acc']}, macro {report['role_macro_interactive']}, "
              f"checked {report['checked_acc_stateful']} ({time.perf_counter() - start:.0f} s)")
    if not a.from_checkpoint:
        torch.save(model.state_dict(), checkpoint)
    thresholds = calibrate_states(model, train, seed=a.seed)
    print("state thresholds (calibrated on train): " + ", ".join(f"{k} {t}" for k, t in zip(STATES, thresholds)))
    sha = export(model, Exported, a.out, thresholds)
    if a.out.resolve() == DEFAULT_OUT.resolve():
        register(a.out, sha, f"seed {a.seed}, {a.epochs} epochs, {len(train['role'])} examples")
    report = evaluate(model, held, thresholds)
    (a.examples / "controls.report.json").write_text(json.dumps(report, indent=1))  # out of the package
    print(json.dumps(report, indent=1))
    print(f"wrote {a.out} ({a.out.stat().st_size / 1e6:.2f} MB, sha256 {sha[:12]}...) in "
          f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
