// ir-trace viewer: diffs made in the page. Compare any two snapshots, and F7 manual alignment (the
// diff re-computed so chosen left/right lines face each other). Both use T.myers in time slices.
window.IrTrace.define('68_compare', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, clear } = T.util;
  const P = T.payload;
  const CHOOSER_MAX = 5000, CHOOSER_NEAR = 2000;

  // Diff of left/right (arrays of lines) with anchors [[l, r], ...] (strictly increasing on both
  // sides) forced to face each other. Lines compare by the C++ rule (T.myers.intern); noEol:
  // {left, right}, 1 + index of the line that lacks its newline on that side (0: none).
  // onProgress(fraction). Returns {promise -> {ops, pairs, capped}, cancel}.
  function anchoredDiff(left, right, anchors, onProgress, noEol) {
    const [idsL, idsR] = T.myers.intern(left, right, noEol ? noEol.left : 0, noEol ? noEol.right : 0);
    const segs = [];
    let l0 = 0, r0 = 0;
    for (const [l, r] of anchors) {
      segs.push({ l0, l1: l, r0, r1: r, anchor: [l, r] });
      l0 = l + 1;
      r0 = r + 1;
    }
    segs.push({ l0, l1: left.length, r0, r1: right.length, anchor: null });
    const total = segs.reduce((s, g) => s + (g.l1 - g.l0) + (g.r1 - g.r0), 0) || 1;
    let cancelled = false, current = null, done = 0;
    const promise = (async () => {
      const ops = [], pairs = [];
      let blk = 0, capped = false;
      for (const g of segs) {
        if (cancelled) return null;
        const a = left.slice(g.l0, g.l1), b = right.slice(g.r0, g.r1);
        const size = a.length + b.length;
        current = T.myers.diffAsync(
            idsL.slice(g.l0, g.l1), idsR.slice(g.r0, g.r1), {},
            (f) => onProgress && onProgress((done + f * size) / total));
        const res = await current.promise;
        if (!res) return null;
        done += size;
        capped = capped || res.capped;
        // Segment ops appended (change triples keep their block ordinals), with its trailing equal lines
        // made explicit.
        for (const p of P.offsetPairs(T.intraline.pairBlocks(res.ops, a, b), blk)) pairs.push(p);
        const walk = P.forEachBlock(res.ops, (e, d, n) => P.appendBlock(ops, e, d, n));
        blk += walk.blocks;
        P.appendBlock(ops, a.length - walk.before, 0, 0);
        if (g.anchor) {
          if (idsL[g.anchor[0]] === idsR[g.anchor[1]]) P.appendBlock(ops, 1, 0, 0);
          else {
            P.appendBlock(ops, 0, 1, 1);
            pairs.push(P.makePairs(blk, P.PAIR_FLAGS.WORDS, [0, 0]));
            blk++;
          }
        }
      }
      return { ops, pairs, capped };
    })();
    return {
      promise,
      cancel: () => {
        cancelled = true;
        if (current) current.cancel();
      }
    };
  }

  // Adds anchor [l, r] to a sorted list, dropping anchors that would cross it.
  function addAnchor(anchors, l, r) {
    const kept = anchors.filter(([a, b]) => (a < l && b < r) || (a > l && b > r));
    kept.push([l, r]);
    kept.sort((x, y) => x[0] - y[0]);
    return kept;
  }

  // The compare dialog: pick "From" and "To" snapshots. hooks: {model, onCompare(from, to)}
  class CompareDialog {
    constructor(root, hooks) {
      this.hooks = hooks;
      // The choosers' options are made when the dialog first opens (a log of 100,000 passes would make
      // 200,000 options the page may never show).
      this.choices = null;
      this.from = el('select', { 'aria-label': 'From' });
      this.to = el('select', { 'aria-label': 'To' });
      const go = el('button', { type: 'button', class: 'primary' }, 'Compare');
      const cancel = el('button', { type: 'button' }, 'Cancel');
      this.root = el(
          'div', {
            class: 'dialog compare-dialog',
            role: 'dialog',
            'aria-modal': 'true',
            'aria-label': 'Compare two snapshots',
            hidden: true
          },
          el('h2', null, 'Compare two snapshots'), el('label', { class: 'field' }, el('span', null, 'From'), this.from),
          el('label', { class: 'field' }, el('span', null, 'To'), this.to),
          el('div', { class: 'buttons' }, go, cancel));
      root.appendChild(this.root);
      T.util.trapFocus(this.root);
      go.addEventListener('click', () => {
        const a = this.choices[Number(this.from.value)], b = this.choices[Number(this.to.value)];
        this.close();
        if (a && b) this.hooks.onCompare(a.snap, b.snap);
      });
      cancel.addEventListener('click', () => this.close());
      this.root.addEventListener('keydown', (ev) => {
        if (ev.key === 'Escape') {
          ev.preventDefault();
          ev.stopPropagation();
          this.close();
        }
      });
    }

    // Opens the dialog for entry `atEntry`: "From" is the snapshot before it (a pass's "before", else
    // the previous choice), "To" the entry's own snapshot.
    open(atEntry) {
      this.back = document.activeElement;
      if (!this.choices) this.choices = this.hooks.model.snapshotChoices();
      const idx = Number.isInteger(atEntry) ? this.choices.findIndex((c) => c.entry === atEntry) : -1;
      this.fill(Math.max(0, idx));
      if (Number.isInteger(atEntry)) {
        if (idx >= 0) {
          const e = this.hooks.model.entries[atEntry];
          let from = -1;
          if (e && e.kind === P.KIND.PASS && Number.isInteger(e.before)) {
            for (let k = idx - 1; k >= 0 && from < 0; k--)
              if (this.choices[k].snap === e.before) from = k;
          }
          this.from.value = String(from >= 0 ? from : Math.max(0, idx - 1));
          this.to.value = String(idx);
        }
      }
      this.root.hidden = false;
      this.from.focus();
    }

    // Fills both choosers as the dialog opens at choice `at`: a snapshot per entry that has one; with more
    // than CHOOSER_MAX, the first, the last and those within CHOOSER_NEAR of `at` (a <select> of 150,000
    // options takes the browser most of a minute to open).
    fill(at) {
      if (!this.choices) this.choices = this.hooks.model.snapshotChoices();
      const choices = this.choices, n = choices.length;
      const near = n > CHOOSER_MAX;
      if (this.filled && (!near || this.filledAt === at)) return;
      const lo = near ? Math.max(0, at - CHOOSER_NEAR) : 0, hi = near ? Math.min(n, at + CHOOSER_NEAR + 1) : n;
      const ids = [];
      if (lo > 0) ids.push(0);
      for (let k = lo; k < hi; k++) ids.push(k);
      if (hi < n) ids.push(n - 1);
      for (const s of [this.from, this.to]) {
        const all = document.createDocumentFragment();
        for (const idx of ids) all.appendChild(el('option', { value: idx }, choices[idx].label));
        s.replaceChildren(all);
      }
      this.filled = true;
      this.filledAt = at;
      if (n) this.to.value = String(ids[ids.length - 1]);
    }

    close() {
      this.root.hidden = true;
      if (this.back && this.back.focus && document.contains(this.back)) this.back.focus();
      else document.body.focus();
    }
  }

  // Progress line shown while the page diffs: {set(fraction, text), done()}.
  function progressLine(root) {
    const bar = el('progress', { max: '1', value: '0', 'aria-label': 'Diff progress' });
    const text = el('span');
    const box = el('div', { class: 'diff-progress', role: 'status', hidden: true }, text, bar);
    root.appendChild(box);
    return {
      set(f, msg) {
        box.hidden = false;
        bar.value = f;
        if (msg !== undefined) text.textContent = msg;
      },
      done() {
        box.hidden = true;
        clear(text);
      },
    };
  }

  T.compare = { anchoredDiff, addAnchor, CompareDialog, progressLine };
});
