// ir-trace viewer: painting one line of code. Merges highlight layers (syntax, intra-line, find) into
// text nodes and spans, and measures display columns (tabs, wide characters) for horizontal scrolling.
(function () {
  'use strict';
  const T = window.IrTrace;
  const { el } = T.util;

  // Merges layers of ranges ([[s, e, class], ...], each sorted and non-overlapping) over `text` into
  // a fragment of text nodes and <span class="...">.
  function paint(text, layers) {
    const frag = document.createDocumentFragment();
    const cuts = new Set([0, text.length]);
    for (const layer of layers) for (const r of layer) { cuts.add(Math.max(0, Math.min(text.length, r[0]))); cuts.add(Math.max(0, Math.min(text.length, r[1]))); }
    const pts = [...cuts].sort((x, y) => x - y);
    const idx = layers.map(() => 0);
    for (let p = 0; p + 1 < pts.length; p++) {
      const s = pts[p], e = pts[p + 1];
      if (e <= s) continue;
      const classes = [];
      layers.forEach((layer, li) => {
        while (idx[li] < layer.length && layer[idx[li]][1] <= s) idx[li]++;
        const r = layer[idx[li]];
        if (r && r[0] <= s && r[1] >= e) classes.push(r[2]);
      });
      const piece = text.slice(s, e);
      if (classes.length) frag.appendChild(el('span', { class: classes.join(' ') }, piece));
      else frag.appendChild(document.createTextNode(piece));
    }
    return frag;
  }

  const WIDE_OR_TAB = /[\t\u1100-\uffff]/;

  // Display columns of a line (tabs to the next multiple of 8, wide characters count 2): for the
  // horizontal scroll range.
  function columns(line) {
    if (!WIDE_OR_TAB.test(line)) return line.length;
    let col = 0;
    const n = Math.min(line.length, 1000000);
    for (let i = 0; i < n; i++) {
      const c = line.charCodeAt(i);
      if (c === 9) col = (Math.floor(col / 8) + 1) * 8;
      else if (c >= 0x1100 && (c < 0xdc00 || c > 0xdfff)) col += 2;
      else if (c < 0xdc00 || c > 0xdfff) col += 1;
    }
    return col;
  }

  T.paint = { paint, columns };
})();
