// ir-trace viewer: the payload read with its snapshots parsed on first use (lib/report/PAYLOAD.md "One
// snapshot a line"). ir-trace writes a line break before each element of "snapshots" and before the array's
// closing bracket, and none anywhere else (JSON text holds no raw line break inside a string), so the
// page parses the rest of the payload (the entries: the pass list needs all of them) and leaves each
// snapshot as UTF-8 bytes until something reads it: a report of 142,000 passes paints its first diff without
// parsing 84,000 snapshots' texts, and keeps them as bytes (1 byte a character, outside the JS heap) rather
// than as strings and arrays. A payload without that layout (an older report, a hand-made one) is parsed
// whole, as before. Page-only, called by 15_payload.js (read); the workers get parsed snapshots, one by one.
window.IrTrace.define('14_lazy_snapshots', function() {
  'use strict';
  const T = window.IrTrace;

  const NL = 0x0a, COMMA = 0x2c, CLOSE = 0x5d;
  // What the payload's text holds just before its first line break in that layout.
  const OPEN = '"snapshots":[';

  // lazy array -> {parsed(k): snapshot k when parsed already, else undefined; lang(k): its "lang" read
  // from its bytes}
  const peeks = new WeakMap();

  // Takes n and make(k) (snapshot k parsed, 0 <= k < n), and optional lang(k) (its "lang" without parsing
  // it). Returns an array-like of n snapshots that parses snapshot k on its first read and keeps it:
  // indexing, length, `in` and the Array methods (forEach, some, iteration) behave as on an array of the
  // parsed snapshots (Object.keys too, which parses them all). A parse error is thrown to the reader.
  function lazyArray(n, make, lang) {
    const target = new Array(n);
    const index = (key) => {
      if (typeof key !== 'string') return -1;
      const c = key.charCodeAt(0);
      if (c < 48 || c > 57) return -1;
      const k = Number(key);
      return Number.isInteger(k) && k < n && String(k) === key ? k : -1;
    };
    const proxy = new Proxy(target, {
      get(t, key, recv) {
        const k = index(key);
        if (k < 0) return Reflect.get(t, key, recv);
        let v = t[k];
        if (v === undefined) v = t[k] = make(k);
        return v;
      },
      has(t, key) { return index(key) >= 0 || Reflect.has(t, key); },
      ownKeys(t) {
        const keys = Reflect.ownKeys(t).filter((key) => index(key) < 0);
        for (let k = n - 1; k >= 0; k--) keys.unshift(String(k));
        return keys;
      },
      getOwnPropertyDescriptor(t, key) {
        const k = index(key);
        if (k < 0) return Reflect.getOwnPropertyDescriptor(t, key);
        if (t[k] === undefined) t[k] = make(k);
        return Reflect.getOwnPropertyDescriptor(t, key);
      },
    });
    if (lang) peeks.set(proxy, { parsed: (k) => target[k], lang });
    return proxy;
  }

  // Snapshot i's "lang" of snaps (the payload's snapshots, lazy or not), without parsing a lazy one that
  // was not read yet: the pass list names 142,000 units by their language's sigil. undefined for none.
  function langOf(snaps, i) {
    const p = peeks.get(snaps);
    if (!p || !Number.isInteger(i) || i < 0 || i >= snaps.length) return (snaps[i] || {}).lang;
    const s = p.parsed(i);
    return s ? s.lang : p.lang(i);
  }

  // The writer puts "lang" right after "file" (payload_writer.cpp WriteSnapshotStart): a `,"lang":"` can
  // only be that key (a quote inside a string is escaped, and no nested object has a "lang").
  const LANG = /,"lang":"([^"\\]*)"/;
  const PEEK = 1024;  // bytes of a snapshot's start searched for it (its file name comes first)

  // Takes the payload's UTF-8 bytes (a Uint8Array). Returns {head: the payload's text without the
  // snapshots' elements ("snapshots": []), region: a copy of the bytes of every snapshot, spans: begin and
  // end of snapshot k's JSON in region at 2k, 2k + 1} when the bytes have the layout, else null.
  function split(bytes) {
    const a = bytes.indexOf(NL);
    if (a < OPEN.length) return null;
    const dec = new TextDecoder();
    if (dec.decode(bytes.subarray(a - OPEN.length, a)) !== OPEN) return null;
    let spans = new Uint32Array(1024), n = 0;
    let at = a;
    while (bytes[at + 1] !== CLOSE) {
      const next = bytes.indexOf(NL, at + 1);
      if (next < 0) return null;
      const begin = at + 1 + (n > 0 && bytes[at + 1] === COMMA ? 1 : 0);
      if (2 * n + 2 > spans.length) {
        const more = new Uint32Array(spans.length * 2);
        more.set(spans);
        spans = more;
      }
      spans[2 * n] = begin;
      spans[2 * n + 1] = next;
      n++;
      at = next;
    }
    const from = n ? spans[0] : 0;
    const region = n ? bytes.slice(from, spans[2 * n - 1]) : new Uint8Array(0);
    spans = spans.slice(0, 2 * n);
    for (let k = 0; k < spans.length; k++) spans[k] -= from;
    const head = dec.decode(bytes.subarray(0, a)) + dec.decode(bytes.subarray(at + 1));
    return { head, region, spans };
  }

  // Takes the payload's UTF-8 bytes. Returns the parsed payload: with the layout, its snapshots a lazyArray
  // over their bytes; without it, JSON.parse of the whole text. Throws what JSON.parse throws.
  function parse(bytes) {
    const s = split(bytes);
    if (!s) return JSON.parse(new TextDecoder().decode(bytes));
    const data = JSON.parse(s.head);
    if (!data || !Array.isArray(data.snapshots) || data.snapshots.length)
      return JSON.parse(new TextDecoder().decode(bytes));
    const dec = new TextDecoder();
    const { region, spans } = s;
    const bytesOf = (k, max) => region.subarray(spans[2 * k], Math.min(spans[2 * k + 1], spans[2 * k] + max));
    const parseOne = (k) => JSON.parse(dec.decode(bytesOf(k, Infinity)));
    const lang = (k) => {
      const m = LANG.exec(dec.decode(bytesOf(k, PEEK)));
      return m ? m[1] : data.snapshots[k].lang;
    };
    data.snapshots = lazyArray(spans.length / 2, parseOne, lang);
    return data;
  }

  T.lazySnapshots = Object.freeze({ parse, split, lazyArray, langOf });
});
