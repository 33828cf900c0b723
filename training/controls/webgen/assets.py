"""npm packages the pages need, and the JS bundles built from them with esbuild."""
from __future__ import annotations

import subprocess
from pathlib import Path

CONTROLS_DIR = Path(__file__).resolve().parent.parent
NODE_MODULES = CONTROLS_DIR / "node_modules"
BUILD_DIR = CONTROLS_DIR / "build"

# bundle name -> entry source (ES module)
BUNDLES = {
    "material.js": "import '@material/web/all.js';\n"
                   "import {styles as typescaleStyles} from '@material/web/typography/md-typescale-styles.js';\n"
                   "document.adoptedStyleSheets.push(typescaleStyles.styleSheet);\n",
    "fluent.js": "import {provideFluentDesignSystem, allComponents, baseLayerLuminance, StandardLuminance,\n"
                 "        accentBaseColor, SwatchRGB} from '@fluentui/web-components';\n"
                 "provideFluentDesignSystem().register(allComponents);\n"
                 "window.fluentTheme = (dark) => baseLayerLuminance.setValueFor(document.body,\n"
                 "    dark ? StandardLuminance.DarkMode : StandardLuminance.LightMode);\n",
}


class AssetError(RuntimeError):
    """npm packages are missing or a bundle failed to build."""


def check_node_modules() -> None:
    """Fail early, with the fix, when `npm ci` has not been run in training/controls."""
    needed = ["bootstrap", "bulma", "@shoelace-style/shoelace", "@material/web",
              "@fluentui/web-components", "@picocss/pico", "spectre.css", "bootstrap-icons",
              "@iconify-json/mdi", "@iconify-json/lucide", "@tabler/icons", "esbuild"]
    missing = [p for p in needed if not (NODE_MODULES / p).is_dir()]
    if missing:
        raise AssetError(f"missing npm packages {missing}: run `npm ci` in {CONTROLS_DIR}")


def build_bundles(force: bool = False) -> None:
    """Bundle Material Web and Fluent UI (bare-specifier ES modules) into build/."""
    check_node_modules()
    BUILD_DIR.mkdir(exist_ok=True)
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    for name, source in BUNDLES.items():
        out = BUILD_DIR / name
        if out.exists() and not force:
            continue
        entry = BUILD_DIR / f"entry-{name}"
        entry.write_text(source)
        proc = subprocess.run([str(esbuild), str(entry), "--bundle", "--format=esm", "--minify",
                               f"--outfile={out}", "--log-level=error"],
                              cwd=CONTROLS_DIR, capture_output=True, text=True)
        if proc.returncode != 0:
            raise AssetError(f"esbuild failed for {name}: {proc.stderr.strip()}")
