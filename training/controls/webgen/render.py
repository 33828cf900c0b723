"""Render generated pages in Chromium (Playwright) and write screenshot.png + gt.json cases."""
from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass

from common import CaseWriter
from icons import IconSets
from webgen.assets import CONTROLS_DIR, NODE_MODULES, build_bundles, check_node_modules
from webgen.extract import PageExtractor
from webgen.kits import KITS, HELDOUT_KITS
from webgen.server import PageServer
from webgen.spec import HELDOUT_TEMPLATES, TRAIN_TEMPLATES, make_page

log = logging.getLogger("controls.web")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--font-render-hinting=none"]
VIEWPORTS = [(1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1536, 864), (1600, 900), (1920, 1080)]
SCALE2_VIEWPORTS = [(1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900)]
HELDOUT_TEMPLATE_P = 0.03   # share of train-kit pages built from held-out templates
SECOND_SHOT_P = 0.5         # chance of a second screenshot after interacting with the page
NO_MOTION_CSS = ("*,*::before,*::after{transition:none!important;animation-duration:0s!important;"
                 "caret-color:transparent!important}")


@dataclass
class PageJob:
    """Everything that decides one page, fixed up front from the seed."""
    index: int
    kit: str
    variant: str
    template: str
    theme: str
    scale: float
    viewport: tuple[int, int]
    split: str


def plan_pages(n_pages: int, seed: int) -> list[PageJob]:
    """Deterministic list of page jobs: kit, template, theme, scale, viewport and split."""
    rng = random.Random(f"{seed}-web-plan")
    kits = sorted(KITS)
    jobs = []
    for i in range(n_pages):
        kit = kits[i % len(kits)] if i < len(kits) else rng.choice(kits)
        cls = KITS[kit]
        variant = rng.choice(getattr(cls, "variants", ("",)))
        heldout = kit in HELDOUT_KITS or rng.random() < HELDOUT_TEMPLATE_P
        template = rng.choice(HELDOUT_TEMPLATES if heldout and kit not in HELDOUT_KITS else TRAIN_TEMPLATES)
        if kit in HELDOUT_KITS and rng.random() < 0.3:
            template = rng.choice(HELDOUT_TEMPLATES)
        theme = "dark" if cls.dark_ok and rng.random() < 0.4 else "light"
        scale = 2.0 if rng.random() < 0.22 else 1.0
        vp = rng.choice(SCALE2_VIEWPORTS if scale == 2 else VIEWPORTS)
        jobs.append(PageJob(i, kit, variant, template, theme, scale, vp, "heldout" if heldout else "train"))
    return jobs


class WebBuilder:
    """Drives one Chromium over all planned pages."""

    def __init__(self, writer: CaseWriter, seed: int):
        self.writer = writer
        self.seed = seed
        check_node_modules()
        build_bundles()
        self.icons = IconSets(NODE_MODULES)

    def run(self, n_pages: int, limit: int | None, progress) -> int:
        """Render pages until n_pages are done or `limit` screenshots are written."""
        from playwright.sync_api import sync_playwright
        jobs = plan_pages(n_pages, self.seed)
        written = 0
        with PageServer(CONTROLS_DIR) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            self._tabs: dict[float, tuple] = {}
            try:
                for job in jobs:
                    if limit is not None and written >= limit:
                        break
                    try:
                        written += self.render_job(browser, server, job, limit - written if limit else None)
                    except Exception as exc:  # one bad page must not stop the build
                        log.warning("web page %d (%s/%s) failed: %s", job.index, job.kit, job.template, exc)
                        self.writer.log(f"web page {job.index} {job.kit}/{job.template}: {type(exc).__name__}: {exc}")
                        self._drop_tab(job.scale)
                    progress.update(1)
            finally:
                browser.close()
        return written

    def _tab(self, browser, scale: float):
        """(page, cdp) of the long-lived tab for a device scale (its HTTP cache keeps the kits warm)."""
        if scale not in self._tabs:
            ctx = browser.new_context(device_scale_factor=scale, reduced_motion="reduce")
            page = ctx.new_page()
            self._tabs[scale] = (ctx, page, ctx.new_cdp_session(page))
        return self._tabs[scale][1:]

    def _drop_tab(self, scale: float) -> None:
        """Throw away a tab after a failure so the next page starts clean."""
        entry = self._tabs.pop(scale, None)
        if entry:
            try:
                entry[0].close()
            except Exception as exc:
                log.debug("closing context failed: %s", exc)

    def render_job(self, browser, server: PageServer, job: PageJob, budget: int | None) -> int:
        """Load one page, write one or two cases; returns the number written."""
        rng = random.Random(f"{self.seed}-web-{job.index}")
        spec = make_page(rng, job.template)
        kit = KITS[job.kit](self.icons, rng, job.theme, job.variant)
        html = kit.document(spec)
        page, cdp = self._tab(browser, job.scale)
        page.set_viewport_size({"width": job.viewport[0], "height": job.viewport[1]})
        page.emulate_media(color_scheme=job.theme, reduced_motion="reduce")
        page.goto(server.publish(f"p{job.index}.html", html), wait_until="load", timeout=20000)
        self._settle(page)
        self._open_things(page)
        self._focus_something(page, rng)
        page.add_style_tag(content=NO_MOTION_CSS)
        page.wait_for_timeout(250)
        n = self._capture(page, cdp, job, spec, kit)
        if (budget is None or budget > 1) and rng.random() < SECOND_SHOT_P:
            if self._interact(page, rng):
                page.wait_for_timeout(300)
                n += self._capture(page, cdp, job, spec, kit)
        return n

    @staticmethod
    def _settle(page) -> None:
        """Wait for web components, fonts and the kit's ready flag."""
        page.wait_for_function("window.__dxReady === true", timeout=15000)
        page.evaluate("document.fonts.ready.then(() => true)")
        page.wait_for_timeout(150)

    @staticmethod
    def _open_things(page) -> None:
        """Open modal <dialog>s and click controls marked data-open (customizable selects)."""
        page.evaluate("document.querySelectorAll('dialog[data-modal]').forEach(d => d.showModal())")
        for el in page.query_selector_all("[data-open=click]"):
            try:
                el.click(timeout=2000)
            except Exception as exc:
                log.debug("could not open %s: %s", el, exc)
        page.wait_for_timeout(200)

    @staticmethod
    def _focus_something(page, rng: random.Random) -> None:
        """Give keyboard focus (visible ring) to a random visible control, some of the time."""
        if rng.random() < 0.35:
            return
        page.evaluate("""(pick) => {
            const root = document.querySelector(
                'dialog[open], [role=dialog], sl-dialog[open], md-dialog[open], fluent-dialog:not([hidden])') || document;
            const sel = 'input:not([disabled]), button:not([disabled]), select, textarea, a[href], [data-w][tabindex], '
                + '[data-w^=sl-], [data-w^=md-], [data-w^=fluent-]';
            const c = Array.from(root.querySelectorAll(sel)).filter(e => {
                const r = e.getBoundingClientRect();
                return r.width > 4 && r.height > 4 && r.top >= 0 && r.bottom <= innerHeight
                    && !e.closest('[role=menu],[role=listbox]');
            });
            if (c.length) c[Math.floor(pick * c.length)].focus({focusVisible: true});
        }""", rng.random())

    @staticmethod
    def _interact(page, rng: random.Random) -> bool:
        """Change the page for a second shot: scroll, or click a checkbox/switch/radio/tab."""
        if rng.random() < 0.4:
            return page.evaluate("""(f) => {
                const m = document.scrollingElement;
                if (m.scrollHeight <= innerHeight + 50 || document.querySelector('dialog[open], [role=dialog]')) return false;
                window.scrollBy(0, Math.max(120, f * (m.scrollHeight - innerHeight)));
                return true; }""", rng.uniform(0.3, 1.0))
        sel = ("input[type=checkbox], input[type=radio], [role=tab], [role=switch], sl-checkbox, sl-switch, sl-radio, "
               "md-checkbox, md-switch, md-radio, fluent-checkbox, fluent-switch, fluent-radio, sl-tab, md-primary-tab, "
               "fluent-tab, summary")
        cands = [e for e in page.query_selector_all(sel) if e.is_visible()]
        if not cands:
            return False
        for el in rng.sample(cands, min(len(cands), rng.randint(1, 3))):
            try:
                el.click(timeout=1500, force=False)
            except Exception as exc:
                log.debug("click failed: %s", exc)
        page.mouse.move(1, 1)
        return True

    def _capture(self, page, cdp, job: PageJob, spec: dict, kit) -> int:
        """Screenshot + ground truth of the current viewport -> one case."""
        t0 = time.time()
        elements, ignore = PageExtractor(page, cdp).extract(job.scale)
        png = page.screenshot(type="png", animations="disabled", caret="hide")
        gt = {
            "app": spec["app"], "source": "dom",
            "width": int(job.viewport[0] * job.scale), "height": int(job.viewport[1] * job.scale),
            "scale": job.scale, "theme": job.theme, "toolkit": f"web:{job.kit}",
            "widget_theme": f"{job.kit}{'/' + job.variant if job.variant else ''}-{job.theme}",
            "split": job.split, "template": spec["template"], "elements": elements, "ignore_regions": ignore,
        }
        self.writer.write(job.split, "web", job.kit, png, gt)
        log.debug("captured page %d in %.2fs", job.index, time.time() - t0)
        return 1
