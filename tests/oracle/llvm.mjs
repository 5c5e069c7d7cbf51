// LLVM IR text for the oracle: a module split into its functions and its module-level lines, the comparison
// keys (normalised only as a printer forces: see check.mjs's header), and the dumps of an LLVM log (banners
// as LLVM 19's StandardInstrumentations and the legacy pass manager print them).
import crypto from 'node:crypto';

export const hash = (s) => crypto.createHash('sha1').update(s).digest('base64');
export const TOP = ''; // the key of the lines outside every function (the report's "(outside functions)")
export const ABSENT = 'absent'; // the comparison key of a function a module does not hold

// ---- a module's functions ----

// Takes a `define` line. Returns the function's key as lib/scope/llvm_scope.cpp keys it: the name after the
// first `@` (the text between the quotes for `@"quoted"`), or null.
export function defineKey(line) {
  const m = /@("((?:[^"\\]|\\.)*)"|[-\w$.]+)/.exec(line);
  if (!m) return null;
  return m[2] !== undefined ? m[2] : m[1];
}

// Takes an IR text's lines. Returns {fns: Map key -> lines (its `; Function Attrs:` line, define .. `}`),
// top: the other lines (blank lines left out), order: the keys in text order}.
export function splitModule(lines) {
  const fns = new Map(), top = [], order = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.startsWith('define ')) {
      const key = defineKey(l);
      const body = [];
      if (top.length && top[top.length - 1].startsWith('; Function Attrs:')) body.push(top.pop());
      let j = i;
      for (; j < lines.length; j++) { body.push(lines[j]); if (lines[j] === '}') break; }
      i = j;
      if (key !== null && !fns.has(key)) { fns.set(key, body); order.push(key); }
      continue;
    }
    if (l.trim() !== '') top.push(l);
  }
  return { fns, top, order };
}

// ---- comparison keys ----

const REF = /([#!])(\d+)\b/g;

// Canonical numbering: each `#N` (attribute group) and `!N` (metadata node) renumbered in order of first
// appearance within the lines, so two printings that number them independently compare equal.
export function canon(lines) {
  const seen = { '#': new Map(), '!': new Map() };
  return lines.map((l) => l.replace(REF, (m, s, n) => {
    const map = seen[s];
    if (!map.has(n)) map.set(n, map.size);
    return s + 'c' + map.get(n);
  })).join('\n');
}

// A module's definitions: `attributes #N = { ... }` and `!N = ...` lines. Returns {attr: Map, md: Map}.
export function definitions(top) {
  const attr = new Map(), md = new Map();
  for (const l of top) {
    let m = /^attributes #(\d+) = (.*)$/.exec(l);
    if (m) { attr.set(m[1], m[2]); continue; }
    m = /^!(\d+) = (.*)$/.exec(l);
    if (m) md.set(m[1], m[2]);
  }
  return { attr, md };
}

// By content: each `#N` replaced by its group's attributes and each `!N` by its node's contents
// (recursively; a node reached again inside itself is `!self`), where the module holds the definition.
export function expand(lines, defs) {
  const memo = new Map();
  const node = (n, stack) => {
    if (memo.has(n)) return memo.get(n);
    if (stack.has(n)) return '!self';
    const body = defs.md.get(n);
    if (body === undefined) return '!' + n;
    stack.add(n);
    const out = '!<' + body.replace(REF, (m, s, k) => (s === '!' ? node(k, stack) : m)) + '>';
    stack.delete(n);
    memo.set(n, out);
    return out;
  };
  return lines.map((l) => l.replace(REF, (m, s, n) => {
    if (s === '#') return defs.attr.has(n) ? '#{' + defs.attr.get(n) + '}' : m;
    return node(n, new Set());
  })).join('\n');
}

const isDefinition = (l) => /^(attributes #\d+ = |!\d+ = )/.test(l);

// The keys of one module text: Map key -> {c (canonical numbering), e (by content; only with defs)}; the
// module-level lines' key TOP without the definition lines themselves (they are compared through the
// references to them).
const canonMemo = new Map(); // a text -> hash of its canonical numbering (most functions repeat pass after pass)
function canonHash(lines) {
  const text = lines.join('\n');
  let h = canonMemo.get(text);
  if (h === undefined) { h = hash(canon(lines)); if (canonMemo.size > 200000) canonMemo.clear(); canonMemo.set(text, h); }
  return h;
}

export function moduleKeys(lines, withDefs) {
  const { fns, top } = splitModule(lines);
  const defs = withDefs ? definitions(top) : null;
  const out = new Map();
  const rest = top.filter((l) => !isDefinition(l));
  out.set(TOP, { c: canonHash(rest), e: defs ? hash(expand(rest, defs)) : null });
  for (const [k, body] of fns) out.set(k, { c: canonHash(body), e: defs ? hash(expand(body, defs)) : null });
  return out;
}

// ---- a function's basic blocks (for loop dumps) ----

// Takes a function's lines (define .. `}`) or a loop dump's body. Returns Map label -> canonical text of
// the block (its label line and instructions; the entry block, printed without a label, is "<entry>"), and
// head: the lines outside blocks (the define line, `; Function Attrs:`), labels: the block order.
export function blocks(lines, isLoopDump) {
  const map = new Map(), head = [], labels = [];
  let cur = null, body = [];
  const close = () => { if (cur !== null) { map.set(cur, canon(body)); labels.push(cur); } cur = null; body = []; };
  for (const l of lines) {
    if (isLoopDump ? /^; (Preheader|Loop|Exit blocks)/.test(l) : false) { close(); continue; }
    if (!isLoopDump && (l.startsWith('define ') || l.startsWith('; Function Attrs:'))) { head.push(l); if (l.startsWith('define ')) cur = '<entry>'; continue; }
    if (l === '}') { close(); continue; }
    if (l.trim() === '') { close(); continue; }
    const m = /^("(?:[^"\\]|\\.)*"|[-\w$.]+):/.exec(l);
    if (m) { close(); cur = m[1]; body = [l]; continue; }
    if (cur === null) cur = '<entry>';
    body.push(l);
  }
  close();
  return { map, head: head.join('\n'), labels };
}

// ---- an LLVM log's dumps ----

// Banner forms (LLVM 19): `; *** IR Dump After NAME on UNIT ***` (new PM; `(invalidated)` after the unit:
// no IR follows), `*** IR Dump Before ...`, print-changed's `*** IR Dump After NAME on UNIT omitted because
// no change ***`, `*** IR Pass NAME on UNIT ignored|filtered out ***`, `*** IR Pass NAME invalidated ***`,
// `*** IR Dump At Start ***`; the legacy PM's `*** IR Dump After Long name (arg) ***` (no unit) and the
// machine printer's `# *** IR Dump After Long name (arg) ***:`.
// With -print-module-scope a legacy function pass's banner ends `*** (function: f)`, a loop pass's
// `*** (loop: %x)`.
const BANNER = /^(?:; |# )?\*\*\* (IR Dump (After|Before) (.*?)|IR Dump At Start|IR Pass (.*?)) \*\*\*:?(?: \((function|loop): (.*)\))?$/;

// Takes a banner line. Returns null or {when: 'after' | 'before' | 'start' | 'pass', name, unit, omitted,
// invalidated, changedForm (a new PM banner without "; ": -print-changed's), machine (a `# ***` banner),
// legacy (no " on " unit), and for a legacy banner under
// -print-module-scope fn (`(function: f)`) and loop (`(loop: %x)`)}.
export function parseBanner(line) {
  const m = BANNER.exec(line);
  if (!m) return null;
  if (m[1] === 'IR Dump At Start') return { when: 'start', name: '', unit: '[module]' };
  if (m[4] !== undefined) return { when: 'pass', name: m[4].replace(/ (on .*|invalidated|ignored|filtered out)$/, ''), text: m[4] };
  let rest = m[3], omitted = false, invalidated = false;
  if (rest.endsWith(' omitted because no change')) { omitted = true; rest = rest.slice(0, -' omitted because no change'.length); }
  if (rest.endsWith(' (invalidated)')) { invalidated = true; rest = rest.slice(0, -' (invalidated)'.length); }
  const on = rest.indexOf(' on ');
  const machine = line.startsWith('# ');
  if (on < 0 || machine) return { when: m[2].toLowerCase(), name: rest, unit: null, legacy: true, machine, omitted, invalidated, fn: m[5] === 'function' ? m[6] : null, loop: m[5] === 'loop' };
  return { when: m[2].toLowerCase(), name: rest.slice(0, on), unit: rest.slice(on + 4), omitted, invalidated, changedForm: !line.startsWith('; ') };
}

// Takes a banner's unit. Returns {kind: 'module' | 'scc' | 'loop' | 'function', fn (loop: its function),
// members (scc)}.
export function parseUnit(unit) {
  if (unit === null) return { kind: 'legacy' };
  if (unit === '[module]') return { kind: 'module' };
  let m = /^loop %.* in function (.*)$/.exec(unit);
  if (m) return { kind: 'loop', fn: m[1] };
  if (unit.startsWith('(') && unit.endsWith(')')) return { kind: 'scc', members: unit.slice(1, -1).split(', ') };
  return { kind: 'function', fn: unit };
}

// Takes a log's lines (an iterable). Yields its dumps in order: {banner (parseBanner), line (1-based),
// body: lines}, one at a time.
export function* splitLog(lines) {
  let cur = null, i = 0;
  for (const l of lines) {
    i++;
    const b = l.startsWith('*') || l.startsWith('; *') || l.startsWith('# *') ? parseBanner(l) : null;
    if (b) { if (cur) yield cur; cur = { banner: b, line: i, body: [] }; continue; }
    if (cur) cur.body.push(l);
  }
  if (cur) yield cur;
}
