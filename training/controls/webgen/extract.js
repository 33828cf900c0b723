// In-page geometry collector for the DetACT control-data builder.
//
// Loaded with page.evaluate(SOURCE).  Defines window.__dx with two entry points:
//   __dx.collect()         -> walks the composed tree (open shadow roots included) in the
//                             same depth-first order as CDP DOM.getDocument({pierce: true})
//                             and returns one record per element plus every visible text line.
//   __dx.probe(indices)    -> visual box, clip and occlusion test for the given elements.
// Coordinates are CSS pixels relative to the viewport; Python scales them to device pixels.
(() => {
  const els = [];        // DFS order, elements only
  const parentIdx = [];  // composed parent index (-1 for <html>)
  const endIdx = [];     // exclusive end of the element's subtree in DFS order
  const hostIdx = [];    // index of the shadow host when the element lives in a shadow root

  /** Depth-first walk: element, its open shadow root's children, then its light children. */
  function walk(node, parent, host) {
    const i = els.length;
    els.push(node);
    parentIdx.push(parent);
    hostIdx.push(host);
    endIdx.push(-1);
    if (node.shadowRoot) {
      for (const c of node.shadowRoot.children) walk(c, i, i);
    }
    for (const c of node.children) walk(c, i, host);
    endIdx[i] = els.length;
  }

  /** Intersection of two [x0,y0,x1,y1] rectangles (may be empty). */
  function inter(a, b) {
    return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  }
  const area = (r) => Math.max(0, r[2] - r[0]) * Math.max(0, r[3] - r[1]);
  const rectOf = (r) => [r.left, r.top, r.right, r.bottom];

  /** Composed parent: parentElement, or the shadow host at a shadow-root boundary. */
  function cparent(el) {
    if (el.assignedSlot) return el.assignedSlot;
    if (el.parentElement) return el.parentElement;
    const root = el.getRootNode();
    return root && root.host ? root.host : null;
  }

  /** Viewport rect intersected with every clipping ancestor (overflow other than visible). */
  function clipRect(el) {
    let r = [0, 0, window.innerWidth, window.innerHeight];
    let p = cparent(el);
    while (p && p !== document.documentElement) {
      const cs = getComputedStyle(p);
      if (cs.position === 'fixed') {
        // fixed ancestors escape the clips of their own ancestors (approximation)
        if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') r = inter(r, rectOf(p.getBoundingClientRect()));
        break;
      }
      if ((cs.overflowX !== 'visible' || cs.overflowY !== 'visible') && p.tagName !== 'BODY') {
        r = inter(r, rectOf(p.getBoundingClientRect()));
      }
      p = cparent(p);
    }
    return r;
  }

  /** Product of opacities along the composed ancestor chain, and visibility:hidden. */
  function effectiveOpacity(el) {
    let o = 1;
    const cs0 = getComputedStyle(el);
    if (cs0.visibility !== 'visible') return 0;
    for (let p = el; p; p = cparent(p)) {
      const cs = getComputedStyle(p);
      if (cs.display === 'none') return 0;
      o *= parseFloat(cs.opacity);
      if (o < 0.05) return 0;
    }
    return o;
  }

  /** Deep hit test that descends into open shadow roots. */
  function deepHit(x, y) {
    let el = document.elementFromPoint(x, y);
    while (el && el.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el;
  }

  /** True when `a` is `b` or a composed-tree ancestor of `b`. */
  function isAncestor(a, b) {
    for (let p = b; p; p = cparent(p)) if (p === a) return true;
    return false;
  }

  /** Fraction of sample points inside `r` where the top element is `el` or related to it. */
  function visibleFraction(el, r) {
    const w = r[2] - r[0], h = r[3] - r[1];
    if (w < 1 || h < 1) return 0;
    const pts = [[0.5, 0.5], [0.2, 0.25], [0.8, 0.25], [0.2, 0.75], [0.8, 0.75]];
    let ok = 0;
    for (const [fx, fy] of pts) {
      const hit = deepHit(r[0] + fx * w, r[1] + fy * h);
      if (hit && (isAncestor(el, hit) || isAncestor(hit, el))) ok++;
    }
    return ok / pts.length;
  }

  /** Does this element paint a visible frame (border, background or shadow)? */
  function paintsFrame(el) {
    const cs = getComputedStyle(el);
    const bg = cs.backgroundColor;
    const hasBg = bg && !/rgba\(.*,\s*0\)$/.test(bg) && bg !== 'transparent';
    const hasBorder = ['Top', 'Right', 'Bottom', 'Left'].some(
      (s) => parseFloat(cs['border' + s + 'Width']) > 0 && cs['border' + s + 'Style'] !== 'none');
    const hasShadow = cs.boxShadow && cs.boxShadow !== 'none';
    return hasBg || hasBorder || hasShadow || cs.backgroundImage !== 'none';
  }

  /** Lines of one text node: [{text, rect}] (fragments on the same line merged). */
  function textLines(tn) {
    const range = document.createRange();
    range.selectNodeContents(tn);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
    if (!rects.length) return [];
    const full = tn.textContent;
    if (rects.length === 1 || rects.every((r) => Math.abs(r.top - rects[0].top) < 2)) {
      const u = rects.reduce((a, r) => [Math.min(a[0], r.left), Math.min(a[1], r.top), Math.max(a[2], r.right), Math.max(a[3], r.bottom)],
        [1e9, 1e9, -1e9, -1e9]);
      return [{ text: full.replace(/\s+/g, ' ').trim(), rect: u }];
    }
    // wrapped text: split character by character on the line top
    const lines = [];
    let cur = null;
    for (let k = 0; k < full.length; k++) {
      range.setStart(tn, k);
      range.setEnd(tn, k + 1);
      const r = range.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) { if (cur) cur.text += full[k]; continue; }
      if (!cur || Math.abs(r.top - cur.top) > r.height * 0.5) {
        cur = { top: r.top, text: '', rect: [r.left, r.top, r.right, r.bottom] };
        lines.push(cur);
      }
      cur.text += full[k];
      if (/\S/.test(full[k])) {
        cur.rect = [Math.min(cur.rect[0], r.left), Math.min(cur.rect[1], r.top), Math.max(cur.rect[2], r.right), Math.max(cur.rect[3], r.bottom)];
      }
    }
    return lines.map((l) => ({ text: l.text.replace(/\s+/g, ' ').trim(), rect: l.rect })).filter((l) => l.text);
  }

  /** Visible text lines owned by element index i (its direct text-node children). */
  function ownTextLines(i) {
    const el = els[i];
    const out = [];
    const kids = el.childNodes;
    for (const tn of kids) {
      if (tn.nodeType !== 3 || !/\S/.test(tn.textContent)) continue;
      if (['STYLE', 'SCRIPT', 'TITLE', 'NOSCRIPT'].includes(el.tagName)) continue;
      for (const ln of textLines(tn)) {
        const clip = inter(ln.rect, clipRect(el));
        if (area(clip) < 0.6 * area(ln.rect) || area(clip) < 4) continue;
        const vis = visibleFraction(el, clip);
        out.push({ owner: i, text: ln.text, rect: ln.rect, vis });
      }
    }
    return out;
  }

  /** Text drawn inside a form control (value or placeholder), which is not a DOM text node. */
  function fieldText(el) {
    const tag = el.tagName;
    if (tag === 'INPUT') {
      const t = (el.type || 'text').toLowerCase();
      if (['checkbox', 'radio', 'range', 'color', 'file', 'hidden', 'image'].includes(t)) return null;
      if (['button', 'submit', 'reset'].includes(t)) return el.value || '';
      if (t === 'password' && el.value) return '•'.repeat(el.value.length);
      return el.value || el.placeholder || '';
    }
    if (tag === 'TEXTAREA') return el.value || el.placeholder || '';
    if (tag === 'SELECT') return el.selectedOptions.length ? el.selectedOptions[0].textContent.trim() : '';
    return null;
  }

  function collect() {
    els.length = parentIdx.length = endIdx.length = hostIdx.length = 0;
    walk(document.documentElement, -1, -1);
    const index = new Map(els.map((e, i) => [e, i]));
    const recs = els.map((el, i) => {
      const r = el.getBoundingClientRect();
      const rec = {
        tag: el.localName,
        rect: [r.left, r.top, r.right, r.bottom],
        parent: parentIdx[i], end: endIdx[i], host: hostIdx[i],
        w: el.getAttribute('data-w'), dx: el.getAttribute('data-dx'),
        type: el.getAttribute('type'), role: el.getAttribute('role'), cls: el.getAttribute('class'),
      };
      const ft = fieldText(el);
      if (ft !== null) rec.field = ft;
      if (el.labels && el.labels.length) rec.label = index.get(el.labels[0]);
      if (el.getAttribute('aria-labelledby')) {
        const lab = document.getElementById(el.getAttribute('aria-labelledby').split(/\s+/)[0]);
        if (lab && index.has(lab)) rec.label = rec.label ?? index.get(lab);
      }
      return rec;
    });
    const lines = [];
    for (let i = 0; i < els.length; i++) {
      const tag = els[i].localName;
      if (tag === 'style' || tag === 'script' || tag === 'title' || tag === 'head' || tag === 'template') continue;
      for (const ln of ownTextLines(i)) lines.push(ln);
    }
    const active = [];
    let a = document.activeElement;
    while (a) { if (index.has(a)) active.push(index.get(a)); a = a.shadowRoot ? a.shadowRoot.activeElement : null; }
    return { n: els.length, tags: els.map((e) => e.localName), recs, lines, active,
             vw: window.innerWidth, vh: window.innerHeight, dpr: window.devicePixelRatio };
  }

  /** Visual box of element i: itself, or a framed ancestor inside the same component. */
  function visualRect(i) {
    const el = els[i];
    for (let h = hostIdx[i]; h >= 0; h = hostIdx[h]) {
      if (els[h].getAttribute('data-box') === 'host') return rectOf(els[h].getBoundingClientRect());
    }
    let r = rectOf(el.getBoundingClientRect());
    if (el.tagName === 'LABEL') {  // label used as the visual proxy of a hidden input: its drawn content
      const range = document.createRange();
      range.selectNodeContents(el);
      const rs = Array.from(range.getClientRects()).filter((q) => q.width > 0.5 && q.height > 0.5);
      if (rs.length) return rs.reduce((a, q) => [Math.min(a[0], q.left), Math.min(a[1], q.top), Math.max(a[2], q.right), Math.max(a[3], q.bottom)],
                                      [1e9, 1e9, -1e9, -1e9]);
    }
    const hint = el.getAttribute('data-box') || '';
    if (hint === 'self') return r;
    if (hint === 'first' && el.firstElementChild) return rectOf(el.firstElementChild.getBoundingClientRect());
    if (hint.startsWith('part:') && el.shadowRoot) {
      const part = el.shadowRoot.querySelector(`[part~="${hint.slice(5)}"]`);
      if (part) return rectOf(part.getBoundingClientRect());
    }
    if (paintsFrame(el) || ['IMG', 'svg', 'HR', 'CANVAS'].includes(el.tagName)) return r;
    let p = i;
    for (let depth = 0; depth < 4; depth++) {
      const q = parentIdx[p];
      if (q < 0 || hostIdx[q] !== hostIdx[i] && q !== hostIdx[i]) break;
      const pr = rectOf(els[q].getBoundingClientRect());
      if (area(pr) > 6 * Math.max(area(r), 1) || (pr[3] - pr[1]) > 3 * Math.max(r[3] - r[1], 8)) break;
      if (paintsFrame(els[q])) return pr;
      if (q === hostIdx[i]) break;
      p = q;
    }
    return r;
  }

  /** Geometry for the requested element indices: rect, visual rect, clip, opacity, visibility. */
  function probe(indices, useVisual) {
    return indices.map((i) => {
      const el = els[i];
      const rect = useVisual ? visualRect(i) : rectOf(el.getBoundingClientRect());
      const clip = inter(rect, clipRect(el));
      const op = effectiveOpacity(el);
      const vis = area(clip) > 0 ? visibleFraction(el, clip) : 0;
      return { i, rect, clip, op, vis };
    });
  }

  /** Focus element i the way keyboard focus would (focus ring visible). */
  function focusEl(i) {
    const el = els[i];
    el.focus({ focusVisible: true, preventScroll: true });
    return document.activeElement !== document.body;
  }

  window.__dx = { collect, probe, focusEl, els };
})();
