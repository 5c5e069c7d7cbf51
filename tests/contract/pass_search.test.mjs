// The pass search's index made from a label's parts (assets/js/55_pass_names.js joined, what the pass list
// uses: each pass name and unit split into words once for the whole report) matches exactly as the index
// of the whole label (index), in node without a browser: every tier of every query over labels of the
// shapes the pass list makes ("12. SROAPass @f", "3. LICMPass loop %for.body in @g", codegen names, compare
// rows without a number, names with digits and punctuation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
globalThis.window = globalThis.window || {};
for (const f of ['00_define.js', '10_util.js', '55_pass_names.js'])
  vm.runInThisContext(fs.readFileSync(path.join(ROOT, 'assets', 'js', f), 'utf8'), { filename: f });
const N = window.IrTrace.names;

// [parts, label] as the Sidebar makes them: "num. name" then "  unit" (a space), or the name alone.
const LABELS = [
  [['12', 'SROAPass', '@clamp'], '12. SROAPass @clamp'],
  [['3', 'LICMPass', 'loop %for.body in @g'], '3. LICMPass loop %for.body in @g'],
  [['140001', 'InlinerPass', '(f, g)'], '140001. InlinerPass (f, g)'],
  [['7', 'SLPVectorizerPass', '@f12'], '7. SLPVectorizerPass @f12'],
  [['0', 'input (not in the log)'], '0. input (not in the log)'],
  [['5', 'llvm::AAManager'], '5. llvm::AAManager'],
  [['9', 'FinalizeMemRefToLLVMConversionPass', '@main'], '9. FinalizeMemRefToLLVMConversionPass @main'],
  [['22', 'pass2x', 'MIR @f1'], '22. pass2x MIR @f1'],
  [['kernels/add_aiv.cpp'], 'kernels/add_aiv.cpp'],
  [['LoopUnrollPass'], 'LoopUnrollPass'],
  [['4', '', '@f'], '4.  @f'],
  [['31', 'GVNPass', 'f7'], '31. GVNPass @f7'],  // the unit without its sigil (a separator)
  [['32', 'LICMPass', 'loop %for.body in f7'], () => '32. LICMPass loop %for.body in @f7'],
];
const QUERIES = ['s', 'sl', 'slp', 'SROA', 'pass', 'pass @clamp', 'sroapass clamp', 'clamp', '@', 'f1', '12', '2',
  '12 sroa', '2. s', 'loop', 'for.body', 'body in g', 'licm loop', '(f', 'f, g', 'aamanager', 'llvm::', '::',
  'vectorizer', 'ctoriz', 'spv', 'xyz', 'mir', 'aiv', 'add_aiv', '.cpp', 'input', 'not in', '0', '  ', 'passf'];

test('an index joined from a label\'s parts searches as the label\'s own index', () => {
  const cache = new Map();
  for (const [parts, label] of LABELS) {
    const text = typeof label === 'function' ? label() : label;
    const whole = N.index(text), ix = N.joined(label, parts, cache);
    assert.equal(ix.compact, whole.compact, text);
    assert.equal(ix.lower, whole.lower, text);
    for (const q of QUERIES) assert.equal(N.tier(ix, N.parseQuery(q)), N.tier(whole, N.parseQuery(q)), `${text}: "${q}"`);
  }
  assert.ok(cache.size < LABELS.reduce((n, [p]) => n + p.length, 0) + 1, 'parts are indexed once');
  const order = LABELS.map((_, k) => k);
  for (const q of QUERIES) {
    const text = (k) => (typeof LABELS[k][1] === 'function' ? LABELS[k][1]() : LABELS[k][1]);
    const got = N.rank(order, (k) => N.joined(LABELS[k][1], LABELS[k][0], cache), q);
    assert.deepEqual(got, N.rank(order, (k) => N.index(text(k)), q), `rank "${q}"`);
  }
});
