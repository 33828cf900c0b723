"""Record a file shipped in ``detact/data/`` in the model registry (its sha256 and size), so
``detact models verify`` checks the build the code expects. Used by
``icon_templates/build_bank.py`` and ``train_encoder.py`` when they write into the package."""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "detact" / "data"
REGISTRY = DATA / "models" / "registry.json"


def update_registry(name: str, path: Path, description: str, licence: str,
                    registry: Path = REGISTRY) -> bool:
    """Set (or add) the bundled entry ``name`` for ``path``; False (nothing written) when
    ``path`` is not inside ``detact/data``."""
    from detact.runtime import sha256_file

    try:
        rel = path.resolve().relative_to(DATA.resolve()).as_posix()
    except ValueError:
        return False
    data = json.loads(registry.read_text(encoding="utf-8"))
    entry = {"name": name, "bundled": True, "family": "icons", "file": rel,
             "sha256": sha256_file(path), "size": path.stat().st_size, "licence": licence,
             "description": description}
    models = data["models"]
    for i, item in enumerate(models):
        if item.get("name") == name:
            models[i] = entry
            break
    else:
        last_icon = max((i for i, m in enumerate(models) if m.get("family") == "icons"), default=-1)
        models.insert(last_icon + 1, entry)
    registry.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return True
