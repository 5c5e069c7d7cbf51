// ir-trace viewer: painting one line of code. Merges highlight layers (syntax, intra-line, find) into
// text nodes and spans, and measures display columns (tabs, wide characters) for horizontal scrolling.
window.IrTrace.define('48_paint', function() {
  'use strict';
  const T = window.IrTrace;
  const { el } = T.util;
  // Characters shown of a line over T.intraline.MAX_LINE until expanded: the diff view (50_render.js) draws
  // it cut there, the sideways reveal (52_reveal.js) expands it when its place is past the cut.
  const TRUNC_SHOW = 1000;

  // Merges layers of ranges ([[s, e, class], ...], each sorted and non-overlapping) over `text` into
  // a fragment of text nodes and <span class="...">.
  function paint(text, layers) {
    // A layer marked `outer` (find matches) wraps the pieces it covers in one span each: a match that
    // crosses a syntax colour's edge is one box, not one per piece.
    const outer = layers.findIndex((l) => l && l.outer);
    layers = onGraphemes(text, layers);
    let wrap = null, wrapR = null;
    const frag = document.createDocumentFragment();
    const cuts = new Set([0, text.length]);
    for (const layer of layers)
      for (const r of layer) {
        cuts.add(Math.max(0, Math.min(text.length, r[0])));
        cuts.add(Math.max(0, Math.min(text.length, r[1])));
      }
    const pts = [...cuts].sort((x, y) => x - y);
    const idx = layers.map(() => 0);
    for (let p = 0; p + 1 < pts.length; p++) {
      const s = pts[p], e = pts[p + 1];
      if (e <= s) continue;
      const classes = [];
      let parent = frag;
      layers.forEach((layer, li) => {
        while (idx[li] < layer.length && layer[idx[li]][1] <= s) idx[li]++;
        const r = layer[idx[li]];
        const on = r && r[0] <= s && r[1] >= e;
        if (li !== outer) {
          if (on) classes.push(r[2]);
          return;
        }
        if (!on) {
          wrapR = null;
          return;
        }
        if (wrapR !== r) {
          wrap = frag.appendChild(el('span', { class: r[2] }));
          wrapR = r;
        }
        parent = wrap;
      });
      const piece = text.slice(s, e);
      const into = classes.length ? parent.appendChild(el('span', { class: classes.join(' ') })) : parent;
      appendVisible(into, piece, s === 0);
    }
    return frag;
  }

  // ---- grapheme boundaries: a range or a cut never splits a user-perceived character (a surrogate pair,
  // a flag, a ZWJ sequence, a base and its combining marks) ----
  // Made on first use: creating it loads the break-iterator data (~20 ms), which an ASCII-only report never needs.
  let segmenter;
  const getSegmenter = () => {
    if (segmenter === undefined)
      segmenter = typeof Intl !== 'undefined' && Intl.Segmenter ?
          new Intl.Segmenter(undefined, { granularity: 'grapheme' }) :
          null;
    return segmenter;
  };
  const ASCII = /^[\u0000-\u007f]*$/;

  // The grapheme boundaries of `text` (0-based UTF-16 offsets, ascending, 0 and text.length included), or
  // null when every code unit is its own character (ASCII).
  function graphemeBounds(text) {
    if (ASCII.test(text)) return null;
    const out = [];
    const seg = getSegmenter();
    if (seg)
      for (const g of seg.segment(text)) out.push(g.index);
    else
      for (let i = 0; i < text.length; i++)
        if (!(text.charCodeAt(i) >= 0xdc00 && text.charCodeAt(i) <= 0xdfff && i > 0)) out.push(i);
    out.push(text.length);
    return out;
  }

  // The largest boundary <= i (floor) or the smallest >= i (ceil) in bounds.
  function snap(bounds, i, ceil) {
    let lo = 0, hi = bounds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + (ceil ? 0 : 1)) >> 1;
      if (ceil ? bounds[mid] >= i : bounds[mid] <= i) {
        if (ceil) hi = mid;
        else lo = mid;
      } else if (ceil) lo = mid + 1;
      else hi = mid - 1;
    }
    return bounds[lo];
  }

  // Layers with every range widened to whole graphemes (starts down, ends up; overlaps merged), so a
  // highlight covers the whole changed character.
  function onGraphemes(text, layers) {
    const bounds = graphemeBounds(text);
    if (!bounds) return layers;
    return layers.map((layer) => {
      const out = [];
      for (const r of layer) {
        const s = snap(bounds, Math.max(0, Math.min(text.length, r[0])), false);
        const e = snap(bounds, Math.max(0, Math.min(text.length, r[1])), true);
        const last = out[out.length - 1];
        if (last && (s < last[1] || (s === last[1] && last[2] === r[2]))) last[1] = Math.max(last[1], e);
        else if (e > s) out.push([s, e, r[2]]);
      }
      return out;
    });
  }

  // The largest grapheme boundary of `text` at or below i: where a line may be cut.
  function graphemeFloor(text, i) {
    if (i >= text.length) return text.length;
    const bounds = graphemeBounds(text.slice(0, Math.min(text.length, i + 64)));
    return bounds ? snap(bounds, i, false) : i;
  }

  // Characters that draw nothing but change a line: C0 controls except tab (U+0000-U+001F; a line feed
  // ends the line), DEL, C1 controls (U+0080-U+009F), and a byte-order mark at the start of a line.
  const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\ufeff]/;
  const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\ufeff]/g;
  const CONTROL_NAMES = {
    0x00: 'NULL',
    0x07: 'BELL',
    0x08: 'BACKSPACE',
    0x0a: 'LINE FEED',
    0x0b: 'LINE TABULATION',
    0x0c: 'FORM FEED',
    0x0d: 'CARRIAGE RETURN',
    0x1b: 'ESCAPE',
    0x7f: 'DELETE',
    0x85: 'NEXT LINE',
    0xfeff: 'BYTE ORDER MARK',
  };

  // The visible stand-in for control character code c: its Control Pictures symbol (U+2400 + c: NUL ␀,
  // CR ␍, ESC ␛), ␡ for DEL, "\x85" for a C1 control, "BOM" for a byte-order mark.
  function controlSymbol(c) {
    if (c < 0x20) return String.fromCharCode(0x2400 + c);
    if (c === 0x7f) return '\u2421';
    if (c === 0xfeff) return 'BOM';
    return '\\x' + c.toString(16).toUpperCase();
  }

  // "U+000D CARRIAGE RETURN": the tooltip naming a control character.
  function controlTitle(c) {
    return 'U+' + c.toString(16).toUpperCase().padStart(4, '0') + ' ' + (CONTROL_NAMES[c] || 'control character');
  }

  // True when `text` holds a character that paint draws as a symbol.
  function hasControls(text) { return CONTROL.test(text); }

  // Appends `piece` to `parent` as text, each control character as <span class="ctl"> with its symbol and
  // a tooltip. A U+FEFF counts only at the start of the line (lineStart: piece starts the line).
  function appendVisible(parent, piece, lineStart) {
    if (!CONTROL.test(piece)) {
      parent.appendChild(document.createTextNode(piece));
      return;
    }
    let last = 0;
    CONTROLS.lastIndex = 0;
    for (let m; (m = CONTROLS.exec(piece)) !== null;) {
      const c = piece.charCodeAt(m.index);
      if (c === 0xfeff && !(lineStart && m.index === 0)) continue;
      if (m.index > last) parent.appendChild(document.createTextNode(piece.slice(last, m.index)));
      parent.appendChild(el('span', { class: 'ctl', title: controlTitle(c) }, controlSymbol(c)));
      last = m.index + 1;
    }
    if (last < piece.length) parent.appendChild(document.createTextNode(piece.slice(last)));
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

  // Display columns of the widest line of lines, a line over T.intraline.MAX_LINE counting as longCols (it
  // is shown cut). Cached per array: the model hands out the same arrays, and the after side of one pass is
  // the before side of the next.
  const widths = new WeakMap();
  function widest(lines, longCols) {
    let w = widths.get(lines);
    if (w === undefined) {
      w = 0;
      for (const line of lines) w = Math.max(w, line.length > T.intraline.MAX_LINE ? longCols : columns(line));
      widths.set(lines, w);
    }
    return w;
  }

  T.paint = { paint, columns, widest, hasControls, graphemeFloor, TRUNC_SHOW };
});
