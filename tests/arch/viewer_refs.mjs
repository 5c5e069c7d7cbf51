// The viewer figure of tests/arch_metrics.sh (issue 22): forward references between assets/js modules.
// Each file registers one name on window.IrTrace (`T.name = ...`); the files are concatenated in name
// order, so a file may rely at load time only on names registered by files before it.
//   referenced  pairs (file, later file) where the file's source names the later file's T.name anywhere
//               (call time included: it works, but the numbering no longer says what depends on what)
//   load time   pairs where the reference is made while the file itself runs (each file run in order in one
//               node vm context with stub browser globals, window.IrTrace a proxy recording reads)
//   cycles      modules that reach themselves through the references (any direction, call time included)
// Usage: node tests/arch/viewer_refs.mjs [--list] [--check]
//   --check: fails on a forward reference tests/arch/viewer_late_refs.txt (the late bindings, each with
//   its reason) does not list, a listed one that is gone, any forward reference made at load time, and any
//   cycle (CTest arch.viewer_refs).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'assets/js');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js')).sort();
const list = process.argv.includes('--list');
const src = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
const owner = new Map();  // registered name -> file
for (const f of files) {
  for (const m of src.get(f).matchAll(/^\s*T\.([A-Za-z_]\w*)\s*=(?!=)/gm)) owner.set(m[1], f);
}
const order = (f) => files.indexOf(f);
const label = (f) => f.replace(/\.js$/, '');

const referenced = new Set();
const uses = new Map(files.map((f) => [f, new Set()]));  // file -> the other files it names
for (const f of files) {
  const code = src.get(f).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
  for (const m of code.matchAll(/\bT\.([A-Za-z_]\w*)/g)) {
    const o = owner.get(m[1]);
    if (o && o !== f) uses.get(f).add(o);
    if (o && order(o) > order(f)) referenced.add(`${label(f)} -> ${label(o)} (T.${m[1]})`);
  }
}

// The cycles: each strongly connected set of two or more modules (Tarjan), as "a -> b -> a".
function cycles() {
  const index = new Map(), low = new Map(), stack = [], on = new Set(), out = [];
  let next = 0;
  const visit = (f) => {
    index.set(f, next); low.set(f, next); next++;
    stack.push(f); on.add(f);
    for (const g of uses.get(f)) {
      if (!index.has(g)) { visit(g); low.set(f, Math.min(low.get(f), low.get(g))); }
      else if (on.has(g)) low.set(f, Math.min(low.get(f), index.get(g)));
    }
    if (low.get(f) !== index.get(f)) return;
    const set = [];
    let g;
    do { g = stack.pop(); on.delete(g); set.push(g); } while (g !== f);
    if (set.length > 1) out.push(set.sort(sortOrder).map(label).join(', '));
  };
  const sortOrder = (a, b) => order(a) - order(b);
  for (const f of files) if (!index.has(f)) visit(f);
  return out;
}

// A stub that answers every property read, call and construction with itself.
const stub = new Proxy(function () {}, {
  get: (t, k) => (k === Symbol.toPrimitive ? () => '' : k === 'then' ? undefined : stub),
  apply: () => stub,
  construct: () => stub,
});
const loadTime = new Set();
let current = null;
const registry = {};
const irtrace = new Proxy(registry, {
  get(t, k) {
    const o = typeof k === 'string' ? owner.get(k) : undefined;
    if (current && o && order(o) > order(current)) loadTime.add(`${label(current)} -> ${label(o)} (T.${k})`);
    return t[k];
  },
});
const window = new Proxy({ IrTrace: irtrace }, {
  get: (t, k) => (k in t ? t[k] : k in globalThis ? globalThis[k] : stub),
  set: (t, k, v) => { if (k === 'IrTrace') return true; t[k] = v; return true; },
});
const context = vm.createContext({ window, document: stub, navigator: stub, localStorage: stub, location: stub,
  history: stub, matchMedia: stub, getComputedStyle: stub, requestAnimationFrame: stub, Worker: stub, Blob: stub,
  URL, TextEncoder, TextDecoder, Intl, console, setTimeout: () => 0, clearTimeout: () => {},
  DecompressionStream: stub, self: window });
const failures = [];
for (const f of files) {
  current = f;
  try {
    vm.runInContext(src.get(f), context, { filename: f });
  } catch (e) {
    failures.push(`${f}: ${e.message}`);
  }
}
current = null;

console.log(`viewer forward references (a module naming a later one): ${referenced.size}; at load time: ${loadTime.size}`);
if (list) {
  for (const r of referenced) console.log(`  ${r}${[...loadTime].includes(r) ? '  [load time]' : ''}`);
  for (const r of loadTime) if (!referenced.has(r)) console.log(`  ${r}  [load time]`);
}
const loops = cycles();
console.log(`viewer module cycles: ${loops.length}`);
for (const c of loops) console.log(`  ${c}`);

if (process.argv.includes('--check')) {
  // tests/arch/viewer_late_refs.txt: "FROM -> TO T.name  # why" a line.
  const listFile = path.join(root, 'tests/arch/viewer_late_refs.txt');
  const listed = new Set();
  for (const raw of fs.readFileSync(listFile, 'utf8').split('\n')) {
    const line = raw.split('#', 1)[0].trim();
    if (!line) continue;
    const m = line.match(/^(\w+) -> (\w+) (T\.\w+)$/);
    if (!m || !raw.includes('#')) {
      failures.push(`${path.relative(root, listFile)}: not "FROM -> TO T.name  # why": ${raw}`);
      continue;
    }
    listed.add(`${m[1]} -> ${m[2]} (${m[3]})`);
  }
  for (const r of referenced)
    if (!listed.has(r))
      failures.push(`not in tests/arch/viewer_late_refs.txt: ${r}: a module uses lower-numbered ones only; pass ` +
                    'the later one in (a hook, a parameter), move what both need lower, or list it with its reason');
  for (const r of listed) if (!referenced.has(r)) failures.push(`listed but gone: ${r}: take it out of tests/arch/viewer_late_refs.txt`);
  for (const r of loadTime) failures.push(`made at load time: ${r}: a module may use at load time only lower-numbered ones`);
  for (const c of loops) failures.push(`a cycle of modules: ${c}`);
}
if (failures.length) {
  console.log(`viewer module failures (a module that did not load in the stub context, or --check): ${failures.length}`);
  for (const f of failures) console.log(`  ${f}`);
  process.exitCode = 1;
}
