// Builds schema-1 report payloads (lib/report/PAYLOAD.md) from plain texts, for generated browser-test
// fixtures (a 50,000-line function, a pattern that appears and disappears). Diffs and pairs come
// from the viewer's own diff routine (assets/js/25_myers.js, 40_intraline.js) run in a node vm, ops are
// walked with the viewer's codec (15_payload.js).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { ROOT } from './make_report.mjs';

function loadViewerDiff() {
  const ctx = { window: {}, performance, setTimeout, console };
  vm.createContext(ctx);
  for (const f of ['00_define.js', '10_util.js', '15_payload.js', '25_myers.js', '40_intraline.js']) {
    vm.runInContext(fs.readFileSync(path.join(ROOT, 'assets/js', f), 'utf8'), ctx, { filename: f });
  }
  return ctx.window.IrTrace;
}
const T = loadViewerDiff();

export function diff(a, b) {
  const res = T.myers.diffSync(a, b, 100000);
  return { ops: res.ops, pairs: T.intraline.pairBlocks(res.ops, a, b) };
}

// Sections of a python-like text: each top-level `def name` runs until the next top-level line that
// is not indented (blank lines included in the function before them).
export function pythonSections(lines) {
  const out = [];
  let cur = null;
  lines.forEach((l, i) => {
    const m = /^def (\w+)/.exec(l);
    if (m) {
      if (cur) { cur[2] = i; out.push(cur); }
      cur = [m[1], i, lines.length];
    } else if (cur && l !== '' && !/^\s/.test(l)) {
      cur[2] = i;
      out.push(cur);
      cur = null;
    }
  });
  if (cur) out.push(cur);
  return out;
}

const splitLines = (text) => {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

function counts(ops) {
  const { ins, del } = T.payload.forEachBlock(ops, null);
  return { ins, del };
}

// spec: {title, context, delta (bool), frontend: {file, text}, passes: [{name, file, text, warnings,
// error, log, phase, notes}], codegen: [{name, role, file, text, lang}]}
export function buildPayload(spec) {
  const snapshots = [], entries = [];
  const ext = (f) => (f.match(/\.(\w+)$/) || [])[1];
  const langOf = (f) => ({ py: 'python', mlir: 'mlir', ll: 'llvm', c: 'c', cpp: 'c', cc: 'c', cu: 'c', h: 'c' }[ext(f)] || 'text');
  const texts = [];
  let chain = 0;
  const addSnap = (file, text, lang, forceFull) => {
    const lines = splitLines(text);
    const s = { file, lang: lang || langOf(file), eol: text === '' || text.endsWith('\n'), n: lines.length };
    const prev = texts.length - 1;
    if (!forceFull && spec.delta && prev >= 0 && chain < 16) {
      if (texts[prev].join('\n') === lines.join('\n') && snapshots[prev].eol === s.eol) s.same = prev;
      else {
        const d = T.myers.diffSync(texts[prev], lines, 100000);
        const ins = [];
        T.payload.forEachBlock(d.ops, (e, del, n, x, y) => ins.push(...lines.slice(y, y + n)));
        s.delta = { from: prev, ops: d.ops, ins, fix: [] };
      }
      chain++;
    } else { s.text = lines; chain = 0; }
    s.sections = s.lang === 'python' ? pythonSections(lines) : [];
    snapshots.push(s);
    texts.push(lines);
    return snapshots.length - 1;
  };
  const fe = addSnap(spec.frontend.file, spec.frontend.text);
  entries.push({ kind: 'frontend', num: 0, name: 'frontend', after: fe, status: 'frontend', ins: 0, del: 0, notes: [], warnings: spec.frontend.warnings || [] });
  spec.passes.forEach((p, k) => {
    const before = snapshots.length - 1;
    const after = addSnap(p.file, p.text);
    const a = texts[before], b = texts[after];
    const d = diff(a, b);
    const c = counts(d.ops);
    const e = {
      kind: 'pass', num: k + 1, name: p.name, before, after,
      status: p.error ? 'failed' : c.ins + c.del ? 'changed' : 'noop',
      ins: c.ins, del: c.del, notes: p.notes || [], warnings: p.warnings || [], diff: d, functions: [],
    };
    if (p.error) e.error = p.error;
    if (p.log) e.log = p.log;
    if (p.phase) e.phase = p.phase;
    const sa = snapshots[before].sections, sb = snapshots[after].sections;
    const keys = [...sb.map((s) => s[0]), ...sa.map((s) => s[0]).filter((k2) => !sb.some((s) => s[0] === k2))];
    const touched = [], rest = [];
    for (const key of keys) {
      const x = sa.find((s) => s[0] === key), y = sb.find((s) => s[0] === key);
      const la = x ? a.slice(x[1], x[2]) : [], lb = y ? b.slice(y[1], y[2]) : [];
      if (!x) touched.push({ key, status: 'added', ins: lb.length, del: 0 });
      else if (!y) touched.push({ key, status: 'removed', ins: 0, del: la.length });
      else if (la.join('\n') === lb.join('\n')) rest.push({ key, status: 'same', ins: 0, del: 0 });
      else {
        const fd = diff(la, lb);
        touched.push({ key, status: 'changed', ...counts(fd.ops), diff: fd });
      }
    }
    e.functions = sb.length || sa.length ? [...touched, ...rest] : [];
    entries.push(e);
  });
  for (const g of spec.codegen || []) {
    const s = addSnap(g.file, g.text, g.lang, true);
    entries.push({ kind: 'codegen', name: g.file, role: g.role || 'device', after: s, status: 'codegen', ins: 0, del: 0, notes: [], warnings: g.warnings || [] });
  }
  return { schema: 1, tool: 'ir-trace 0.1.0', title: spec.title || 'passes_dump', context: spec.context ?? 3, snapshots, entries };
}
