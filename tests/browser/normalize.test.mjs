// Issue 9, item 10: normalised views. "Ignore whitespace" (w) and "Ignore SSA numbering" (i) compare every
// pass again: the diff shown, the +/- counts and the Changed / No-op status (pass list, filter counts,
// header, function selector), so a pass that only renumbers is a no-op under the toggle. Reports of the real
// binary over small MLIR, LLVM IR and Python-like dumps with known changes; the toggles live in the deep
// link (ignore=ws,ssa).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, selected, rows, visibleEntries, IRTRACE_BIN } from './harness.mjs';

const skip = fs.existsSync(IRTRACE_BIN) ? false : `ir-trace binary not found at ${IRTRACE_BIN} (build it, or set IRTRACE_BIN)`;

// MLIR: pass 1 renumbers every value, argument and block; pass 2 renumbers again and changes one op. In
// @g every value moves up by one, so the real diff matches `%1 = arith.constant 1` by coincidence (before:
// the second constant, after: the first): ignoring the numbering, @g is unchanged all the same.
const mlir = (a, v, b, op = 'arith.addi', g = 0) => [
  'module {',
  '  func.func @g() -> i32 {',
  `    %${g} = arith.constant 1 : i32`,
  `    %${g + 1} = arith.constant 1 : i32`,
  `    %${g + 2} = arith.addi %${g}, %${g + 1} : i32`,
  `    return %${g + 2} : i32`,
  '  }',
  `  func.func @f(%arg${a}: i32, %arg${a + 1}: i32) -> i32 {`,
  `    %${v} = ${op} %arg${a}, %arg${a + 1} : i32`,
  `    %${v + 1} = arith.muli %${v}, %${v} : i32`,
  `    cf.br ^bb${b}(%${v + 1} : i32)`,
  `  ^bb${b}(%${v + 2}: i32):`,
  `    return %${v + 2} : i32`,
  '  }',
  '}',
];
// LLVM IR: values, parameters, numbered blocks (label 5: and label %5), an attribute group (#N) and
// metadata (!N) renumbered; pass 2 changes an op.
const llvm = (p, v, op = 'mul', a = 0) => [
  `define i32 @f(i32 %${p}, i32 %${p + 1}) #${a} {`,
  `  %${v} = add i32 %${p}, %${p + 1}`,
  `  %${v + 1} = icmp sgt i32 %${v}, 0`,
  `  br i1 %${v + 1}, label %${v + 2}, label %${v + 4}`,
  '',
  `${v + 2}:`,
  `  %${v + 3} = ${op} i32 %${v}, 2`,
  `  ret i32 %${v + 3}`,
  '',
  `${v + 4}:`,
  `  ret i32 %${v}, !dbg !${a + 1}`,
  '}',
  '',
  `attributes #${a} = { nounwind }`,
  '',
  `!${a + 1} = !{i32 ${a + 1}}`.replace(/i32 \d+/, 'i32 7'),
];
// Python-like IR: temporaries _tN and versions x_N renumbered (pass 1); tile_16 and kernel_incore_0 are not
// defined in main, so changing them is a change (passes 2, 3); pass 4 changes only whitespace; pass 5
// renumbers and changes whitespace; pass 6 inserts a temporary first, which shifts the order of the _t
// names after it: the lines it did not touch stay equal, the toggle never shows more than the real diff.
const py = ({ x = [0, 3], t = [12, 13], tile = 16, kernel = 0, ws = false } = {}) => [
  `def main(x_${x[0]}):`,
  ws ? `    _t${t[0]} = pl.load( x_${x[0]},tile_${tile} )` : `    _t${t[0]} = pl.load(x_${x[0]}, tile_${tile})`,
  ws ? `    x_${x[1]}  =  pl.add(_t${t[0]},_t${t[0]})   ` : `    x_${x[1]} = pl.add(_t${t[0]}, _t${t[0]})`,
  `    _t${t[1]} = kernel_incore_${kernel}(x_${x[1]})`,
  `    return _t${t[1]}`,
];
const dumps = {
  mlir: { ext: 'mlir', passes: [['Renumber', mlir(3, 7, 4, 'arith.addi', 1)], ['Edit', mlir(5, 10, 2, 'arith.subi', 1)]], first: mlir(0, 0, 1) },
  llvm: { ext: 'll', passes: [['Renumber', llvm(0, 13, 'mul', 4)], ['Edit', llvm(0, 20, 'shl', 2)]], first: llvm(0, 3) },
  py: {
    ext: 'py', first: py(),
    passes: [
      ['Renumber', py({ x: [1, 7], t: [20, 21] })],
      ['Tile', py({ x: [1, 7], t: [20, 21], tile: 17 })],
      ['Kernel', py({ x: [1, 7], t: [20, 21], tile: 17, kernel: 1 })],
      ['Spaces', py({ x: [1, 7], t: [20, 21], tile: 17, kernel: 1, ws: true })],
      ['Both', py({ x: [2, 9], t: [30, 31], tile: 17, kernel: 1 })],
      ['Temp', py({ x: [2, 9], t: [30, 31], tile: 17, kernel: 1 }).toSpliced(1, 0, '    _t5 = pl.neg(x_2)')],
    ],
  },
};

let browser;
const files = {};
before(async () => {
  browser = await launch();
  if (skip) return;
  for (const [name, d] of Object.entries(dumps)) {
    const dir = path.join(tmpDir(), 'norm_' + name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '00_frontend.' + d.ext), d.first.join('\n') + '\n');
    d.passes.forEach(([pass, lines], k) => fs.writeFileSync(path.join(dir, `0${k + 1}_after_${pass}.${d.ext}`), lines.join('\n') + '\n'));
    files[name] = path.join(tmpDir(), 'norm_' + name + '.html');
    execFileSync(IRTRACE_BIN, [dir, '-o', files[name], '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  }
});
after(async () => { await browser.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });
// The pass list as [name, meta] (meta: "+a-b" or "no-op").
const list = (page) => page.evaluate(() => [...document.querySelectorAll('[role="option"]')].slice(1).map((o) => [o.querySelector('.name').textContent.replace(/^\d+\. /, ''), o.querySelector('.meta').textContent]));
const header = (page) => page.locator('.pass-title').textContent();
const filterCounts = (page) => page.locator('.filters .filter').allTextContents();
// Waits until every pass is compared under the toggles now on.
const settled = (page) => page.waitForFunction(() => /^Ignoring /.test(document.querySelector('.norm-status').textContent));

test('MLIR: a pass that only renumbers values, arguments and blocks is a no-op under Ignore SSA numbering; counts recomputed', { skip }, async () => {
  const { page, errors } = await open(browser, files.mlir, { hash: '#pass=1' });
  assert.deepEqual(await list(page), [['Renumber', '+9-9'], ['Edit', '+6-6']]);
  assert.equal(await button(page, 'Ignore SSA numbering').getAttribute('aria-pressed'), 'false');
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('i');
  await settled(page);
  assert.equal(await button(page, 'Ignore SSA numbering').getAttribute('aria-pressed'), 'true');
  assert.deepEqual(await list(page), [['Renumber', 'no-op'], ['Edit', '+1-1']]);
  assert.deepEqual(await filterCounts(page), ['Changed1', 'No-op1', 'Failed0', 'Codegen0', '!Warnings only0']);
  assert.match(await header(page), /no-op/);
  assert.equal(await page.locator('.notes li').first().textContent(), 'No-op when ignoring SSA numbering (the real diff: +9 -9).');
  // The diff shown: every row equal; the renumbered lines marked as equal only under the normalisation.
  const r = await rows(page);
  assert.ok(r.length === 15 && r.every((x) => x.kind === 'equal'), JSON.stringify(r));
  assert.equal(await page.locator('.code-rows .sg.nq').count(), 2 * 10, 'ten renumbered lines (@g: 4, @f: 6), a mark on each side');
  await page.waitForFunction(() => /ignore=ssa/.test(location.hash));
  // Pass 2: only the changed op is left.
  await page.keyboard.press('j');
  assert.match(await header(page), /\+1\s*-1/);
  const r2 = await rows(page);
  assert.deepEqual(r2.filter((x) => x.kind !== 'equal' && x.kind !== 'fold').map((x) => [x.kind, x.before, x.after]), [['replace', 9, 9]],
    'the renumbered line with its new op pairs with the old one');
  // The function selector's counts too.
  assert.equal(await page.getByLabel('Function', { exact: true }).locator('option').nth(1).textContent(), '@f  +1 -1');
  // Off again: the real diff.
  await page.keyboard.press('i');
  assert.deepEqual(await list(page), [['Renumber', '+9-9'], ['Edit', '+6-6']]);
  await page.waitForFunction(() => location.hash === '#pass=2');
  noErrors(errors);
});

test('LLVM IR: renumbered values, parameters, numbered blocks (5: / label %5), #N and !N compare equal', { skip }, async () => {
  const { page, errors } = await open(browser, files.llvm, { hash: '#pass=1&ignore=ssa' });
  await settled(page);
  assert.deepEqual(await list(page), [['Renumber', 'no-op'], ['Edit', '+1-1']]);
  assert.ok((await rows(page)).every((x) => x.kind === 'equal'));
  await page.keyboard.press('s');
  assert.ok((await rows(page)).every((x) => x.kind === 'equal'), 'stacked too');
  noErrors(errors);
});

test('Python-like IR: _tN and x_N renumbered is a no-op; tile_16 and kernel_incore_0 (not defined in the function) are untouched', { skip }, async () => {
  const { page, errors } = await open(browser, files.py, { hash: '#pass=1' });
  assert.deepEqual(await list(page), [['Renumber', '+5-5'], ['Tile', '+1-1'], ['Kernel', '+1-1'], ['Spaces', '+2-2'], ['Both', '+5-5'], ['Temp', '+1-0']]);
  await button(page, 'Ignore SSA numbering').click();
  await settled(page);
  assert.deepEqual(await list(page), [['Renumber', 'no-op'], ['Tile', '+1-1'], ['Kernel', '+1-1'], ['Spaces', '+2-2'], ['Both', '+2-2'], ['Temp', '+1-0']]);
  assert.equal(await page.getByLabel('Function', { exact: true }).locator('option').nth(1).textContent(), 'main', 'the function is unchanged under it');
  // tile_16 -> tile_17: a real change, shown as such.
  await page.keyboard.press('j');
  assert.deepEqual((await rows(page)).filter((x) => x.kind !== 'equal').map((x) => [x.kind, x.after]), [['replace', 2]]);
  noErrors(errors);
});

test('Ignore whitespace: a whitespace-only pass is a no-op; both toggles combine; the Changed filter follows the new statuses', { skip }, async () => {
  const { page, errors } = await open(browser, files.py, { hash: '#pass=4' });
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('w');
  await settled(page);
  assert.equal(await button(page, 'Ignore whitespace').getAttribute('aria-pressed'), 'true');
  assert.deepEqual(await list(page), [['Renumber', '+5-5'], ['Tile', '+1-1'], ['Kernel', '+1-1'], ['Spaces', 'no-op'], ['Both', '+5-5'], ['Temp', '+1-0']]);
  assert.ok((await rows(page)).every((x) => x.kind === 'equal'));
  await page.keyboard.press('i');
  await settled(page);
  await page.waitForFunction(() => /ignore=ws,ssa/.test(location.hash));
  assert.deepEqual(await list(page), [['Renumber', 'no-op'], ['Tile', '+1-1'], ['Kernel', '+1-1'], ['Spaces', 'no-op'], ['Both', 'no-op'], ['Temp', '+1-0']]);
  assert.equal(await page.locator('.norm-status').textContent(), 'Ignoring whitespace and SSA numbering: 3 passes change the IR (6 without)');
  await page.getByRole('checkbox', { name: 'Changed', exact: true }).uncheck();
  assert.deepEqual(await visibleEntries(page), [0, 1, 4, 5]);
  await page.getByRole('checkbox', { name: 'Changed', exact: true }).check();
  await page.getByRole('checkbox', { name: 'No-op', exact: true }).uncheck();
  assert.deepEqual(await visibleEntries(page), [0, 2, 3, 6]);
  assert.equal(await selected(page), 3, 'the no-op pass shown was hidden: the nearest one shown is selected');
  noErrors(errors);
});

test('the toggles live in the deep link: a reload keeps them, the report opened afresh shows the real diff; ? lists w and i', { skip }, async () => {
  const { page, errors } = await open(browser, files.py, { hash: '#pass=1&ignore=ws,ssa' });
  await settled(page);
  assert.equal(await button(page, 'Ignore whitespace').getAttribute('aria-pressed'), 'true');
  assert.equal(await button(page, 'Ignore SSA numbering').getAttribute('aria-pressed'), 'true');
  await page.reload();
  await settled(page);
  assert.deepEqual((await list(page))[0], ['Renumber', 'no-op']);
  await page.goto('file://' + files.py + '#pass=1');
  await page.reload();
  await page.waitForSelector('[role="option"][aria-selected="true"]');
  assert.deepEqual((await list(page))[0], ['Renumber', '+5-5']);
  assert.equal(await button(page, 'Ignore SSA numbering').getAttribute('aria-pressed'), 'false');
  await page.keyboard.press('?');
  const keys = await page.getByRole('dialog', { name: 'Keyboard help' }).locator('dt').allTextContents();
  assert.ok(keys.includes('w') && keys.includes('i'), keys.join(' | '));
  noErrors(errors);
});

// Every Worker the page makes, recorded: its messages of type 'results' (the normalisation worker's) and its
// errors. Installed before the page's script runs.
function recordWorkers() {
  const Real = window.Worker;
  window.__workers = [];
  window.Worker = function (url, options) {
    const w = new Real(url, options);
    const rec = { results: 0, errors: 0 };
    window.__workers.push(rec);
    w.addEventListener('message', (ev) => { if (ev.data && ev.data.type === 'results') rec.results++; });
    w.addEventListener('error', () => { rec.errors++; });
    return w;
  };
}

// Where the page allows workers (the report's own policy has worker-src blob:), the passes are compared in
// the worker: had its program stopped loading, the page would compute them itself and every other test
// would still pass.
test('where the page allows workers, the normalisation runs in its worker', { skip }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordWorkers);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('file://' + files.py + '#pass=1&ignore=ssa');
  await settled(page);
  assert.deepEqual(await list(page), [['Renumber', 'no-op'], ['Tile', '+1-1'], ['Kernel', '+1-1'], ['Spaces', '+2-2'], ['Both', '+2-2'], ['Temp', '+1-0']]);
  const workers = await page.evaluate(() => window.__workers);
  assert.ok(workers.some((w) => w.results > 0 && w.errors === 0), 'the worker sent the results: ' + JSON.stringify(workers));
  assert.deepEqual(errors, []);
  await context.close();
});

// A server whose Content-Security-Policy allows the inline script but no blob: worker (worker-src falls back
// to script-src, which has no blob:): the worker cannot start, and the page computes the same on its own.
test('under a policy without blob: workers, the page falls back and computes the same', { skip }, async () => {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'" });
    res.end(fs.readFileSync(files.py));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordWorkers);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/r.html#pass=1&ignore=ssa`);
    await settled(page);
    assert.deepEqual(await list(page), [['Renumber', 'no-op'], ['Tile', '+1-1'], ['Kernel', '+1-1'], ['Spaces', '+2-2'], ['Both', '+2-2'], ['Temp', '+1-0']]);
    const workers = await page.evaluate(() => window.__workers);
    assert.ok(workers.every((w) => w.results === 0), 'no worker ran: ' + JSON.stringify(workers));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('without a Worker the page computes the same, in slices', { skip }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => { window.Worker = undefined; });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('file://' + files.py + '#pass=1&ignore=ssa');
  await settled(page);
  assert.deepEqual(await list(page), [['Renumber', 'no-op'], ['Tile', '+1-1'], ['Kernel', '+1-1'], ['Spaces', '+2-2'], ['Both', '+2-2'], ['Temp', '+1-0']]);
  assert.deepEqual(errors, []);
  await context.close();
});

// Found by a new-user trial on qwen3 pass 4: with both toggles on, lines differing only in indentation were
// changes again (renumbering by first appearance gave them different numbers), so ignoring more showed
// more. With both on, a pass shows no more than under either toggle alone.
test('ignoring more never shows more: both toggles give at most what either alone gives (qwen3 pass 4)', { skip }, async () => {
  const dump = path.resolve('..', 'shared', 'fixtures', 'pypto', 'qwen3_32b_training', 'passes_dump');
  if (!fs.existsSync(dump)) return;
  const out = path.join(tmpDir(), 'qwen3-norm.html');
  execFileSync(IRTRACE_BIN, [dump, '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const counts = {};
  for (const ig of ['ws', 'ssa', 'ws,ssa']) {
    const { page, errors, context } = await open(browser, out, { hash: '#pass=4&ignore=' + ig });
    await page.waitForFunction(() => /^Ignoring /.test((document.querySelector('[role="status"]') || {}).textContent || '') ||
      [...document.querySelectorAll('[role="status"]')].some((s) => /^Ignoring /.test(s.textContent)), null, { timeout: 20000 });
    const title = await page.locator('.pass-title').textContent();
    const m = /\+(\d+)\s*-(\d+)/.exec(title);
    counts[ig] = Number(m[1]) + Number(m[2]);
    noErrors(errors);
    await context.close();
  }
  assert.ok(counts['ws,ssa'] <= counts.ws && counts['ws,ssa'] <= counts.ssa, JSON.stringify(counts));
});
