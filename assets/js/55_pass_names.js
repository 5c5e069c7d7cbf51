// ir-trace viewer: pass names as words. A name's words (CamelCase pieces, pieces between `-`, `_`, `::`,
// spaces and other punctuation, digit runs), the ranked match of the "Filter passes" search over them, and
// a name rendered with line-break opportunities only between words.
window.IrTrace.define('55_pass_names', function() {
  'use strict';
  const T = window.IrTrace;
  const { el } = T.util;

  // Match tiers of the pass search, best first. FUZZY counts only when no entry matches otherwise.
  const TIER = { WORD: 0, PREFIX: 1, SUBSTRING: 2, FUZZY: 3 };

  const SEP = 0, LOWER = 1, UPPER = 2, DIGIT = 3;
  // Letters without case (CJK, ...) count as lower case: they continue a word.
  function charClass(c) {
    if (c === undefined) return SEP;
    if (c >= 'a' && c <= 'z') return LOWER;
    if (c >= 'A' && c <= 'Z') return UPPER;
    if (c >= '0' && c <= '9') return DIGIT;
    if (/\p{Lu}/u.test(c)) return UPPER;
    if (/[\p{L}\p{M}]/u.test(c)) return LOWER;
    if (/\p{N}/u.test(c)) return DIGIT;
    return SEP;
  }

  // Takes a string. Returns its words as [begin, end) UTF-16 offsets, in order: a word starts after a
  // separator, at an upper-case letter after a lower-case one ("loopUnroll"), at the last capital of a
  // run followed by a lower-case letter ("SLPVectorizer": SLP, Vectorizer) and where digits and letters meet.
  function words(s) {
    const out = [];
    let begin = -1;
    for (let i = 0; i <= s.length; i++) {
      const cur = charClass(s[i]);
      const prev = i > 0 ? charClass(s[i - 1]) : SEP;
      if (cur === SEP) {
        if (begin >= 0) out.push([begin, i]);
        begin = -1;
        continue;
      }
      const starts = prev === SEP || (prev === LOWER && cur === UPPER) ||
          (prev === UPPER && cur === UPPER && charClass(s[i + 1]) === LOWER) || ((prev === DIGIT) !== (cur === DIGIT));
      if (starts && begin >= 0) out.push([begin, i]);
      if (starts) begin = i;
    }
    return out;
  }

  // Takes a label. Returns what the search compares against: the words lower-cased and joined ("compact"),
  // with the offsets where words start and end in it.
  function index(label) {
    let compact = '';
    const starts = new Set(), ends = new Set();
    for (const [b, e] of words(label)) {
      starts.add(compact.length);
      compact += label.slice(b, e).toLowerCase();
      ends.add(compact.length);
    }
    return { compact, starts, ends, lower: label.toLowerCase() };
  }

  // Takes a label (or a function giving it, called only when a query of punctuation alone needs it) and
  // its parts, in order, where the label separates each part from the next by punctuation or spaces ("12.
  // SROAPass @f": "12", "SROAPass", "f" or "@f"; a part may lack the label's punctuation, a separator, at
  // its ends: no word runs from one part into the next), and a Map caching index() by part (a report of
  // 142,000 passes has a few thousand names and units). arg (optional): what a label function is called
  // with (one function shared by every index, instead of a closure each). Returns an index that searches as
  // index(label) does, made without splitting the label again.
  function joined(label, parts, cache, arg) {
    const ixs = new Array(parts.length);
    let compact = '';
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k];
      let ix = isNumber(p) ? new NumberIndex(p) : cache.get(p);  // a pass number: one word, not cached
      if (!ix) cache.set(p, (ix = index(p)));
      ixs[k] = ix;
      compact += ix.compact;
    }
    return new Joined(label, ixs, compact, arg);
  }

  function isNumber(p) {
    if (!p.length || p.length > 15) return false;
    for (let i = 0; i < p.length; i++)
      if (p.charCodeAt(i) < 48 || p.charCodeAt(i) > 57) return false;
    return true;
  }

  // index() of a string of ASCII digits: one word.
  class NumberIndex {
    constructor(p) { this.compact = p; }
    get starts() { return { has: (q) => q === 0 }; }
    get ends() { return { has: (q) => q === this.compact.length }; }
    get lower() { return this.compact; }
  }

  // An index joined from its parts' (joined): compact, the parts' indexes (ixs) and the label's lower case
  // made on first use.
  class Joined {
    constructor(label, ixs, compact, arg) {
      this.label = label;
      this.arg = arg;
      this.ixs = ixs;
      this.compact = compact;
      this.low = null;
    }

    get lower() {
      if (this.low === null)
        this.low = (typeof this.label === 'function' ? this.label(this.arg) : this.label).toLowerCase();
      return this.low;
    }
  }

  // Whether a word starts (ends) at offset p of index ix's compact text, for index() and joined() alike.
  function startsAt(ix, p) {
    if (!ix.ixs) return ix.starts.has(p);
    for (let k = 0, off = 0; k < ix.ixs.length; off += ix.ixs[k++].compact.length)
      if (p < off + ix.ixs[k].compact.length) return p >= off && ix.ixs[k].starts.has(p - off);
    return false;
  }

  function endsAt(ix, p) {
    if (!ix.ixs) return ix.ends.has(p);
    for (let k = 0, off = 0; k < ix.ixs.length; off += ix.ixs[k++].compact.length)
      if (p > off && p <= off + ix.ixs[k].compact.length) return ix.ixs[k].ends.has(p - off);
    return false;
  }

  // The query as the search uses it: its words joined, lower-cased (so "loop unroll", "loop-unroll" and
  // "LoopUnroll" are one query); raw: the trimmed lower-cased text, for a query of punctuation only.
  function parseQuery(query) {
    const raw = String(query || '').trim().toLowerCase();
    return { raw, compact: index(raw).compact };
  }

  // Takes an index (index() or joined()) and a parsed query. Returns the best tier (TIER) the label matches at, or -1:
  // WORD when the query starts at a word start and ends at a word end (a whole word, or whole words in a
  // row), PREFIX when it starts at a word start, SUBSTRING anywhere, FUZZY when its characters occur in order.
  // fuzzy false: -1 instead of FUZZY (rank looks for fuzzy matches only when no label matches otherwise).
  function tier(ix, q, fuzzy = true) {
    if (!q.compact) return q.raw && ix.lower.includes(q.raw) ? TIER.SUBSTRING : -1;
    let best = -1;
    for (let p = ix.compact.indexOf(q.compact); p >= 0; p = ix.compact.indexOf(q.compact, p + 1)) {
      const start = startsAt(ix, p);
      if (start && endsAt(ix, p + q.compact.length)) return TIER.WORD;
      const t = start ? TIER.PREFIX : TIER.SUBSTRING;
      if (best < 0 || t < best) best = t;
    }
    if (best >= 0 || !fuzzy) return best;
    let j = 0;
    for (let i = 0; i < ix.compact.length && j < q.compact.length; i++)
      if (ix.compact[i] === q.compact[j]) j++;
    return j === q.compact.length ? TIER.FUZZY : -1;
  }

  // Takes candidate ids in their own order, a function giving an id's index, and a query. Returns the ids
  // that match, best tier first, ties in the given order; fuzzy matches only when nothing matches otherwise.
  function rank(ids, indexOf, query) {
    const q = parseQuery(query);
    if (!q.raw) return ids.slice();
    const byTier = [[], [], []];
    for (const id of ids) {
      const t = tier(indexOf(id), q, false);
      if (t >= 0) byTier[t].push(id);
    }
    const exact = byTier[TIER.WORD].concat(byTier[TIER.PREFIX], byTier[TIER.SUBSTRING]);
    // Fuzzy matches (a character loop over each label) only when nothing matches otherwise.
    return exact.length ? exact : ids.filter((id) => tier(indexOf(id), q) === TIER.FUZZY);
  }

  // Takes a name. Returns a span holding it with a <wbr> at each word start that follows no space, so
  // that a long name wraps between its words ("SLP|Vectorizer|Pass", "llvm::|AAManager"), never inside one.
  function breakable(name, cls) {
    const span = el('span', cls ? { class: cls } : null);
    let from = 0;
    for (const [b] of words(name)) {
      if (b === 0 || /\s/.test(name[b - 1])) continue;
      span.appendChild(document.createTextNode(name.slice(from, b)));
      span.appendChild(el('wbr'));
      from = b;
    }
    span.appendChild(document.createTextNode(name.slice(from)));
    return span;
  }

  T.names = { TIER, words, index, joined, parseQuery, tier, rank, breakable };
});
