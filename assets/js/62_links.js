// ir-trace viewer: deep links. The URL fragment names what the page shows: #pass=17&fn=Prog.kernel_3&
// layout=stacked, #pass=8&fn=Prog.k&to=Prog.k_aic (a removed function read against an added one across
// names: split, merged or renamed), #codegen=<path>, #cmp=A,B (two snapshot indices), each with optional fn,
// layout and ignore=ws,ssa (the normalisations on: they change what the page claims changed, so a link keeps
// them, and a page opened without one shows the real diff) (ARCHITECTURE.md "Automation contract"). DeepLinks writes and reads fragments for one model and updates
// the address bar; the App owns one and acts on what it reads (App.applyFragment).
window.IrTrace.define('62_links', function() {
  'use strict';
  const T = window.IrTrace;
  const { KIND } = T.payload;

  // Values are percent-encoded except a few characters that read well in a link and parse back the
  // same with URLSearchParams (, @ : /). Pairs with a null or undefined value are left out.
  function query(pairs) {
    const enc = (v) => encodeURIComponent(v).replace(/%(2C|40|3A|2F)/g, (m) => decodeURIComponent(m));
    return pairs.filter((p) => p[1] !== null && p[1] !== undefined).map(([k, v]) => k + '=' + enc(v)).join('&');
  }

  const layoutValue = (layout) => (layout === 'stacked' ? 'stacked' : null);  // side by side is the default

  class DeepLinks {
    constructor(model) {
      this.model = model;
      this.last = null;  // the fragment written last
      this.timer = 0;
    }

    // Fragment (no '#') naming entry i (a pass by number, codegen by path), function key fn (null: none),
    // layout, to: the added function key fn is read against across names (null or absent: none), and ignore
    // (the normalisations: "ws", "ssa", "ws,ssa"; "" or null: none).
    entry(i, fn, layout, to, ignore) {
      const e = this.model.entries[i];
      const pairs = [];
      if (e)
        pairs.push(
            e.kind === KIND.CODEGEN ? ['codegen', e.name] : ['pass', String(Number.isInteger(e.num) ? e.num : 0)]);
      pairs.push(
          ['fn', fn], ['to', fn === null || fn === undefined ? null : to], ['layout', layoutValue(layout)],
          ['ignore', ignore || null]);
      return query(pairs);
    }

    // Fragment (no '#') naming the comparison of snapshots from -> to, function key fn, layout and ignore.
    compare(from, to, fn, layout, ignore) {
      return query([['cmp', from + ',' + to], ['fn', fn], ['layout', layoutValue(layout)], ['ignore', ignore || null]]);
    }

    // Shows frag in the address bar with history.replaceState. Coalesced: replaceState costs a
    // same-document navigation, and j held down moves many times.
    write(frag) {
      this.last = frag;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        try {
          if (location.hash !== '#' + frag) history.replaceState(history.state, '', '#' + frag);
        } catch (e) {
          // some file:// contexts refuse: the link just is not updated
        }
      }, 120);
    }

    // True when hash (with or without '#') is the fragment written last: a hashchange the page caused.
    isLast(hash) { return String(hash || '').replace(/^#/, '') === this.last; }

    // Reads a fragment (with or without '#'). Returns {layout: 'stacked' | 'side' | null, fn: function key
    // or undefined when absent, to: the function key fn is read against across names, or undefined when
    // absent, ignore: {ws, ssa} (from "ignore=ws,ssa"; unknown words are skipped), compare: [from, to] when
    // it names two existing snapshots else null, entry: the entry it names (pass number, digits only; or
    // codegen path), -1 for none; missing: what it named that the report lacks ("pass 99"), when it did}.
    parse(hash) {
      const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
      const es = this.model.entries;
      const layout = p.get('layout');
      const out = {
        layout: layout === 'stacked' || layout === 'side' ? layout : null,
        fn: p.has('fn') ? p.get('fn') : undefined,
        to: p.has('to') ? p.get('to') : undefined,
        ignore: { ws: false, ssa: false },
        compare: null,
        entry: -1,
      };
      for (const w of (p.get('ignore') || '').split(','))
        if (w === 'ws' || w === 'ssa') out.ignore[w] = true;
      const cmp = p.get('cmp');
      if (cmp && /^\d+,\d+$/.test(cmp)) {
        const [a, b] = cmp.split(',').map(Number);
        if (this.model.snapshots[a] && this.model.snapshots[b]) {
          out.compare = [a, b];
          return out;
        }
      }
      if (p.has('pass')) {
        // Digits only: "#pass=" or "#pass=0x2" names no pass (Number would read them as 0 and 2).
        const v = p.get('pass');
        const n = /^\d+$/.test(v) ? Number(v) : -1;
        if (n >= 0)
          out.entry = es.findIndex((e) => e.kind !== KIND.CODEGEN && (Number.isInteger(e.num) ? e.num : 0) === n);
        if (out.entry < 0) out.missing = 'pass ' + v;
      } else if (p.has('codegen')) {
        out.entry = es.findIndex((e) => e.kind === KIND.CODEGEN && e.name === p.get('codegen'));
        if (out.entry < 0) out.missing = 'codegen file ' + p.get('codegen');
      }
      return out;
    }
  }

  // The visible note on what a deep link named that the report lacks ("This report has no pass 99: ..."),
  // put in `root`; shown for one entry, hidden once another is chosen.
  class LinkNote {
    constructor(root) {
      this.node = T.util.el('p', { class: 'link-note', role: 'status', hidden: true });
      root.appendChild(this.node);
      this.entry = -1;
    }

    show(text, entry) {
      this.node.textContent = text;
      this.node.hidden = false;
      this.entry = entry;
    }

    // A link naming no entry (link: DeepLinks.parse's): when it named one the report lacks, the App shows
    // what it showed (or its first changed entry) with the note. Returns whether it named one.
    lacking(app, link) {
      if (!link.missing) return false;
      app.select(app.entry >= 0 ? app.entry : app.firstChanged());
      this.show(
          'This report has no ' + link.missing + ': showing ' + app.model.entryLabel(app.model.entries[app.entry]) +
              ' instead.',
          app.entry);
      return true;
    }

    // After the App showed the link's entry: the note when the link named a function the pass lacks.
    checkFunction(app, link) {
      if (link.fn === undefined || app.fnKey !== null) return;
      this.show(
          app.model.entryLabel(app.model.entries[app.entry]) + ' has no function ' +
              (link.fn || '(outside functions)') + ': showing the whole file.',
          app.entry);
    }

    // Entry i is being chosen: the note goes unless it is about i.
    leave(i) {
      if (i !== this.entry) this.node.hidden = true;
    }
  }

  T.links = { DeepLinks, LinkNote, query };
});
