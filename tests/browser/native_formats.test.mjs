// Reports made straight from compilers' own logs (lib/input/mlir_log.cpp, llvm_log.cpp): a loop pass of an
// LLVM log shown against the previous dump of its loop and the pass after it against its function with the
// loop's blocks spliced in; an
// MLIR Failed pass with the diagnostics printed before its banner in the error box; blame still works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, open, tmpDir, IRTRACE_BIN } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

function convert(name, log) {
  const file = path.join(tmpDir(), name + '.log');
  fs.writeFileSync(file, log);
  const out = path.join(tmpDir(), name + '.html');
  const r = spawnSync(IRTRACE_BIN, [file, '-o', out, '-q']);
  assert.equal(r.status, 0, String(r.stderr));
  return out;
}

const fn = (name, body) => `define i32 @${name}() {\n  ${body}\n}\n`;
const mod = (a) => `; ModuleID = 'm'\nsource_filename = "m.c"\n\n${a}\nattributes #0 = { nounwind }\n`;
const body = (x, y) => `  %x = add i32 ${x}, 1\n  ${y}\n  br label %3\n`;
const loop = (x, y = '%y = mul i32 %x, 2') => `\n; Preheader:\n  br label %3\n\n; Loop:\n3:\n${body(x, y)}`;
const loopFn = (x, y = '%y = mul i32 %x, 2') => `define i32 @f() {\n  br label %3\n\n3:\n${body(x, y)}}\n`;

test('an LLVM loop pass is a loop-scope entry against its loop\'s previous dump, the next pass against its function with the loop spliced in', async () => {
  const log = '; *** IR Dump After A on [module] ***\n' + mod(loopFn(0)) +
    '; *** IR Dump After LoopRotatePass on loop %for.body in function f ***\n' + loop(0) +
    '; *** IR Dump After LICMPass on loop %for.body in function f ***\n' + loop(7) +
    '; *** IR Dump After InstCombinePass on f ***\n' + loopFn(7, '%y = shl i32 %x, 1');
  const lineOf = (banner) => log.slice(0, log.indexOf(banner)).split('\n').length;
  // The first pass is a pass (A, the log's first dump, is pass 1): LICMPass is pass 3.
  const { page, errors } = await open(browser, convert('loops', log), { hash: '#pass=3' });
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /^3\. LICMPass  loop %for\.body in @f/);
  assert.match(await page.locator('.notes').textContent(), /a loop pass on loop %for\.body in function f: .* shown against the same blocks as they stood before it/);
  assert.ok((await page.locator('.file-l').textContent()).endsWith('loops.log line ' + lineOf('LoopRotatePass')));
  assert.ok((await page.locator('.file-r').textContent()).endsWith('loops.log line ' + lineOf('LICMPass')));
  assert.deepEqual(await page.locator('.row[data-kind="replace"]').count() > 0 || await page.locator('.row[data-kind="insert"]').count() > 0, true);
  // The function pass after the loops: the function as LICM left it (its loop dump's blocks spliced into
  // the module's text of f), one line changed (against the module's text it would be two: LICM's too).
  await page.keyboard.press('j');
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /^4\. InstCombinePass  @f\+1-1/);
  assert.ok((await page.locator('.file-l').textContent()).endsWith('loops.log line ' + lineOf('LICMPass') + " (f with the loop's blocks)"));
  // Its report has no "pairs" (schema 4: a pass on an IR unit): the page pairs the changed line itself.
  assert.equal(await page.locator('.row[data-kind="replace"]').count(), 1);
  // Blame still paints a gutter.
  await page.keyboard.press('b');
  assert.ok(await page.locator('.bl').count() > 0);
  assert.deepEqual(errors, []);
});

test('an MLIR Failed pass shows the diagnostics printed before its banner', async () => {
  const module = 'module {\n  func.func private @ext(tensor<4xf32>) -> tensor<4xf32>\n}\n';
  const log = '// -----// IR Dump After Canonicalizer (canonicalize) //----- //\n' + module + '\n' +
    'in.mlir:7:1: error: cannot bufferize bodiless function <b>that</b> returns a tensor\n' +
    'in.mlir:7:1: note: see current operation: \n"func.func"() <{sym_name = "ext"}> ({\n}) : () -> ()\n' +
    '// -----// IR Dump After OneShotBufferize Failed (one-shot-bufferize) //----- //\n' + module;
  const { page, errors } = await open(browser, convert('failed', log));
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /^2\. OneShotBufferize.*failed/);
  const box = await page.locator('.error-box pre').textContent();
  assert.match(box, /^in\.mlir:7:1: error: cannot bufferize bodiless function <b>that<\/b> returns a tensor/);
  assert.match(box, /note: see current operation/);
  assert.equal(await page.locator('.error-box b').count(), 0);
  // The first pass is a pass: pass 1 is the log's first dump, its output shown whole, with the note saying so.
  await page.keyboard.press('Home');
  await page.locator('[role="option"]').nth(1).click();
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /^1\. Canonicalizer/);
  assert.match(await page.locator('.notes').textContent(), /the log holds no IR before this pass/);
  assert.deepEqual(errors, []);
});

test('"Only passes that change it" with a function chosen keeps the loop passes on that function only', async () => {
  const log = '; *** IR Dump After A on [module] ***\n' + mod(fn('f', 'ret i32 1') + '\n' + fn('g', 'ret i32 1')) +
    '; *** IR Dump After LoopRotatePass on loop %for.body in function g ***\n' + loop(0) +
    '; *** IR Dump After LICMPass on loop %for.body in function g ***\n' + loop(7) +
    '; *** IR Dump After InstCombinePass on f ***\n' + fn('f', 'ret i32 2') +
    '; *** IR Dump After InstCombinePass on g ***\n' + fn('g', 'ret i32 2');
  const { page, errors } = await open(browser, convert('loops_fn', log), { hash: '#pass=4' });
  const fnSel = page.getByLabel('Function', { exact: true });
  const entries = () => page.evaluate(() => [...document.querySelectorAll('[role="option"]')].map((o) => o.querySelector('.name').textContent));
  await fnSel.selectOption({ label: (await fnSel.locator('option').allTextContents()).find((l) => l.startsWith('@f')) });
  await page.getByLabel('Only passes that change it').check();
  assert.deepEqual(await entries(), ['1. A', '4. InstCombinePass  @f'], 'no loop pass on g');
  await page.keyboard.press('j');
  // A fresh load of the deep link (a hash change in the same page raced the key press before it).
  const deep = page.url().replace(/#.*/, '#pass=5&fn=g');
  await page.goto('about:blank');
  await page.goto(deep);
  await page.waitForFunction(() => document.querySelector('[role="option"][aria-selected="true"]')?.textContent.startsWith('5.'));
  await page.getByLabel('Only passes that change it').check();
  // LoopRotatePass's dump differs from g's blocks as the module printed them: it changed g (issue 18, point 1).
  assert.deepEqual(await entries(), ['1. A', '2. LoopRotatePass  loop %for.body in @g', '3. LICMPass  loop %for.body in @g', '5. InstCombinePass  @g']);
  assert.deepEqual(errors, []);
});

test('a log of 150,000 function passes opens with a virtual pass list: only the rows near the view exist, every pass reachable', { timeout: 240000 }, async () => {
  const parts = ['; *** IR Dump After A on [module] ***\n' + mod(fn('f', 'ret i32 1'))];
  for (let k = 0; k < 150000; k++) parts.push(`; *** IR Dump After P${k % 7} on f ***\n` + fn('f', k % 3 ? 'ret i32 5' : 'ret i32 6'));
  const file = convert('many', parts.join(''));
  const { page, errors } = await open(browser, file, { ready: false });
  await page.waitForFunction(() => document.querySelector('[role="option"][aria-selected="true"], .fatal'), null, { timeout: 200000, polling: 500 });
  assert.equal(await page.locator('.fatal').count(), 0);
  const list = page.getByRole('listbox', { name: 'Passes' });
  const sel = list.locator('[role="option"][aria-selected="true"]');
  // 150,001 passes (the first dump, A, is pass 1) and the empty first entry.
  assert.equal(await sel.getAttribute('aria-setsize'), '150002', 'the list counts every pass');
  const rendered = await page.evaluate(() => document.querySelectorAll('[role="option"]').length);
  assert.ok(rendered > 10 && rendered < 200, 'options in the DOM: ' + rendered);
  // The page's elements do not grow with the passes: no option per snapshot in the Compare dialog before it
  // opens, no point element per pass in the size chart.
  await page.waitForSelector('svg.size-chart');
  // The size chart is drawn from the model, never an element per pass.
  const chartElements = await page.evaluate(() => document.querySelectorAll('svg.size-chart *').length);
  assert.ok(chartElements < 100, 'size chart elements: ' + chartElements);
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  assert.ok(elements < 10000, 'elements: ' + elements);
  assert.equal(await page.locator('.compare-dialog option').count(), 0);
  // End reaches the last pass, rendered and selected; its position is its place in the list.
  await list.focus();
  await page.keyboard.press('End');
  assert.match(await sel.textContent(), /^150001\. P3/);
  assert.equal(await sel.getAttribute('aria-posinset'), '150002');
  // Scrolling the list renders the rows there (and keeps the selected one).
  await list.evaluate((l) => { l.scrollTop = l.scrollHeight / 2; });
  await page.waitForFunction(() => [...document.querySelectorAll('[role="option"]')].some((o) => Math.abs(Number(o.getAttribute('aria-posinset')) - 75000) < 2000));
  assert.equal(await sel.count(), 1, 'the selected pass stays rendered');
  // The filter works over the model: "P3" keeps a seventh of the passes, counted.
  await page.getByRole('searchbox', { name: 'Filter passes' }).fill('P3');
  await page.waitForFunction(() => /^\d+ of 150001$/.test(document.querySelector('.search-row [role="status"]').textContent));
  assert.equal(await page.locator('.search-row [role="status"]').textContent(), '21429 of 150001');
  assert.ok(await page.evaluate(() => document.querySelectorAll('[role="option"]').length) < 200);
  // A deep link reaches pass N.
  const linked = await open(browser, file, { ready: false, hash: '#pass=123456' });
  await linked.page.waitForFunction(() => document.querySelector('[role="option"][aria-selected="true"], .fatal'), null, { timeout: 200000, polling: 500 });
  assert.match(await linked.page.locator('[role="option"][aria-selected="true"]').textContent(), /^123456\. P/);
  const box = await linked.page.evaluate(() => {
    const o = document.querySelector('[role="option"][aria-selected="true"]').getBoundingClientRect();
    const l = document.querySelector('[role="listbox"]').getBoundingClientRect();
    return o.top >= l.top - 1 && o.bottom <= l.bottom + 1;
  });
  assert.equal(box, true, 'the linked pass is in the list\'s view');
  // The Compare dialog builds its choosers when opened: over 5,000 snapshots, the first, the last and the
  // 2,000 on each side of the pass shown.
  await linked.page.getByRole('button', { name: 'Compare…' }).click();
  const from = linked.page.locator('.compare-dialog select[aria-label="From"]');
  assert.equal(await from.locator('option').count(), 4003);
  assert.match(await from.evaluate((s) => s.options[s.selectedIndex].textContent), /^123455\. P/);
  assert.match(await linked.page.locator('.compare-dialog select[aria-label="To"]').evaluate((s) => s.options[s.selectedIndex].textContent), /^123456\. P/);
  assert.match(await from.evaluate((s) => s.options[0].textContent + '|' + s.options[s.options.length - 1].textContent), /^0\. input \(not in the log\) .*\|150001\. P3 /);
  assert.deepEqual(errors, []);
  assert.deepEqual(linked.errors, []);
});
