// ir-trace viewer: the IR size chart in the sidebar. Lines per pass of the whole file, or of one function
// while one is selected; IR entries only (the frontend and the passes: codegen files are other files, not a
// point of the IR's line). At least 3 px per pass: a long pipeline scrolls sideways, and the selected pass
// is kept in view. A click selects the pass under the pointer.
//
// A unit entry (schema 4: its snapshots hold only its function, SCC or loop) is no point of the whole
// file's line: the line breaks there rather than plot a function's size as the module's (building each
// module view to measure it would cost the whole report at load). A chosen function's line goes on through
// unit entries: its size in the unit's snapshot where the unit holds it, else unchanged from the entry
// before (the module view changes only the unit's functions).
window.IrTrace.define('58_size_chart', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, clear, clamp } = T.util;
  const { KIND, STATUS } = T.payload;
  const SVG = 'http://www.w3.org/2000/svg';
  const H = 52, P = 4, MIN_STEP = 3, MARGIN = 12;
  const POINTS_MAX = 2000; // marked passes drawn as circles (one element each); more: one path per status
  const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/;

  function svgEl(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  class SizeChart {
    // root: the sidebar's chart container; model: Model; hooks: {onSelect(entry index)}.
    constructor(root, model, hooks) {
      this.model = model;
      this.hooks = hooks;
      this.ir = [];
      model.entries.forEach((e, i) => {
        if (e.kind !== KIND.CODEGEN && Number.isInteger(e.after)) this.ir.push(i);
      });
      this.pos = new Map(this.ir.map((i, k) => [i, k]));
      this.fnKey = null;
      this.selected = -1;
      this.sizeCache = new Map(); // function key ('\u0000' = whole file) -> sizes
      this.label = el('div', { class: 'chart-label' });
      this.box = el('div', { class: 'chart-scroll' });
      this.scrollX = 0; // the box's scrollLeft, tracked so a selection step reads no layout
      this.box.addEventListener('scroll', () => { this.scrollX = this.box.scrollLeft; }, { passive: true });
      root.appendChild(this.label);
      root.appendChild(this.box);
      this.setLabel();
    }

    // key: the selected function (null = whole file). Redraws when it changes.
    setFunction(key) {
      if (key === this.fnKey) return;
      this.fnKey = key;
      this.setLabel();
      this.draw();
    }

    // "Lines per pass: whole file" or "...: function NAME": a member of a class (Python-like keys
    // "Class.member") by its own name, which the narrow sidebar has room for; the full key in the tooltip.
    setLabel() {
      const key = this.fnKey;
      const short = key === null ? '' :
          key === ''             ? '(outside functions)' :
          DOTTED.test(key)       ? key.slice(key.lastIndexOf('.') + 1) :
                                   key;
      this.label.textContent = 'Lines per pass: ' + (key === null ? 'whole file' : 'function ' + short);
      this.label.title = key === null ? 'Lines of each snapshot' :
                                        'Lines of function ' + (key || '(outside functions)') + ' in each snapshot';
    }

    // Lines of each IR entry's snapshot (whole file or the function; null where the function is absent, and
    // for the whole file at unit entries).
    sizes() {
      const key = this.fnKey === null ? '\u0000' : this.fnKey;
      let out = this.sizeCache.get(key);
      if (!out) {
        const m = this.model;
        out = [];
        this.ir.forEach((i, k) => {
          const e = m.entries[i];
          if (T.payload.unitOf(e) === null)
            out.push(this.fnKey === null ? m.count(e.after) : m.functionSize(e.after, this.fnKey));
          else if (this.fnKey === null || this.fnKey === '') out.push(null);
          else {
            const own =
                m.sections(e.after).some((x) => x[0] === this.fnKey) ? m.functionSize(e.after, this.fnKey) : undefined;
            out.push(own !== undefined ? own : k > 0 ? out[k - 1] : null);
          }
        });
        this.sizeCache.set(key, out);
      }
      return out;
    }

    // Whether the chart marks entry i with a point: a changed or failed pass, or with a function selected,
    // a pass that touches it.
    marked(e) {
      if (this.fnKey !== null) return e.kind === KIND.PASS && this.model.touches(e, this.fnKey);
      return e.status === STATUS.CHANGED || e.status === STATUS.FAILED;
    }

    draw() {
      clear(this.box);
      this.sel = null;
      const n = this.ir.length;
      if (n < 2) return;
      const m = this.model;
      const view = Math.max(120, this.box.clientWidth || 240);
      this.view = view;
      this.step = Math.max(MIN_STEP, (view - 2 * P) / (n - 1));
      this.width = Math.ceil(2 * P + this.step * (n - 1));
      const sizes = this.sizes();
      const known = sizes.filter((c) => c !== null);
      const max = known.reduce((a, b) => Math.max(a, b), 1);
      const x = (k) => P + k * this.step;
      const y = (c) => H - P - (c * (H - 2 * P - 8)) / max;
      const what = this.fnKey === null ? 'IR size' : 'Size of function ' + (this.fnKey || '(outside functions)');
      const svg = svgEl('svg', {
        width: this.width,
        height: H,
        class: 'size-chart',
        role: 'img',
        // (a loop, not Math.min(...known): 150,000 arguments overflow the stack)
        'aria-label': what + ' per pass: ' +
            (known.length ?
                 known.reduce((a, b) => Math.min(a, b)) + ' to ' + known.reduce((a, b) => Math.max(a, b)) + ' lines' :
                 'absent'),
      });
      svg.appendChild(svgEl('title')).textContent = 'Lines per snapshot (click a point to open that pass)';
      // One path; a function's absence breaks the line.
      let d = '', pen = false;
      sizes.forEach((c, k) => {
        if (c === null) {
          pen = false;
          return;
        }
        d += (pen ? 'L' : 'M') + x(k).toFixed(1) + ',' + y(c).toFixed(1);
        pen = true;
      });
      svg.appendChild(svgEl('path', { d, class: 'size-line' }));
      this.sel = svgEl('line', { y1: 0, y2: H, class: 'size-sel' });
      svg.appendChild(this.sel);
      const marks = [];
      this.ir.forEach((i, k) => {
        const e = m.shown(i); // as the pass list shows it (a normalisation may make it a no-op)
        if (sizes[k] !== null && this.marked(e)) marks.push([i, k, e]);
      });
      const r = this.step < 2.4 ? 1.6 : 2.4;
      if (marks.length <= POINTS_MAX) {
        for (const [i, k, e] of marks) {
          const st = e.status === STATUS.FAILED ? STATUS.FAILED : STATUS.CHANGED;
          const c = svgEl(
              'circle',
              { cx: x(k).toFixed(1), cy: y(sizes[k]).toFixed(1), r, class: 'size-pt st-' + st, 'data-entry': i });
          c.appendChild(svgEl('title')).textContent = m.entryLabel(e) + ': ' + sizes[k] + ' lines';
          svg.appendChild(c);
        }
      } else {
        // Too many points for an element each: one path of dots per status (the page's element count
        // stays independent of the pass count); a click still opens the pass under the pointer.
        const dots = { [STATUS.CHANGED]: '', [STATUS.FAILED]: '' };
        for (const [, k, e] of marks) {
          const st = e.status === STATUS.FAILED ? STATUS.FAILED : STATUS.CHANGED;
          dots[st] += 'M' + (x(k) - r).toFixed(1) + ',' + y(sizes[k]).toFixed(1) + 'h' + (2 * r).toFixed(1);
        }
        for (const st of Object.keys(dots))
          if (dots[st])
            svg.appendChild(svgEl('path', { d: dots[st], class: 'size-pts st-' + st, 'stroke-width': 2 * r }));
      }
      svg.addEventListener('click', (ev) => {
        const r = svg.getBoundingClientRect();
        const k = clamp(Math.round((ev.clientX - r.left - P) / this.step), 0, n - 1);
        this.hooks.onSelect(this.ir[k]);
      });
      this.box.appendChild(svg);
      this.scrollX = this.box.scrollLeft;
      this.setSelected(this.selected);
    }

    // Moves the selection line to entry i (hidden for codegen and none) and scrolls it into view; a
    // selection step must not redraw the chart or read layout.
    setSelected(i) {
      this.selected = i;
      if (!this.sel) return;
      const k = this.pos.has(i) ? this.pos.get(i) : -1;
      if (k < 0) {
        this.sel.setAttribute('visibility', 'hidden');
        return;
      }
      const x = P + k * this.step;
      this.sel.setAttribute('x1', x);
      this.sel.setAttribute('x2', x);
      this.sel.removeAttribute('visibility');
      if (x < this.scrollX + MARGIN || x > this.scrollX + this.view - MARGIN) {
        this.scrollX = clamp(Math.round(x - this.view / 2), 0, Math.max(0, this.width - this.view));
        this.box.scrollLeft = this.scrollX;
      }
    }
  }

  T.chart = { SizeChart };
});
