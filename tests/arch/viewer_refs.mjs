// The viewer figure of tests/arch_metrics.sh (issue 22): forward references between assets/js modules.
// Each file registers one name on window.IrTrace (`T.name = ...`); the files are concatenated in name
// order, so a file may rely at load time only on names registered by files before it.
//   referenced  pairs (file, later file) where the file's source names the later file's T.name anywhere
//               (call time included: it works, but the numbering no longer says what depends on what)
//   load time   pairs where the reference is made while the file itself runs (each file run in order in one
//               node vm context with stub browser globals, window.IrTrace a proxy recording reads)
// Usage: node tests/arch/viewer_refs.mjs [--list]
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
for (const f of files) {
  const code = src.get(f).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
  for (const m of code.matchAll(/\bT\.([A-Za-z_]\w*)/g)) {
    const o = owner.get(m[1]);
    if (o && order(o) > order(f)) referenced.add(`${label(f)} -> ${label(o)} (T.${m[1]})`);
  }
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
if (failures.length) {
  console.log(`viewer modules that did not load in the stub context: ${failures.length}`);
  for (const f of failures) console.log(`  ${f}`);
  process.exitCode = 1;
}
