// A PyPTO build directory in one report (lib/input/pypto_build.cpp), made by the real binary from
// testdata/pypto_build: a phase tab for PyPTO and one per codegen unit; in a unit's phase its .pto shown
// whole, ptoas's passes in order (the first diffed against the .pto), its .cpp shown whole; then the device
// and host sources.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, visibleEntries, rows, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const BUILD = path.join(ROOT, 'testdata', 'pypto_build');
const skip = fs.existsSync(IRTRACE_BIN) ? false : `ir-trace not found at ${IRTRACE_BIN} (build it, or set IRTRACE_BIN)`;

let browser, file;
before(async () => {
  browser = await launch();
  if (skip) return;
  file = path.join(tmpDir(), 'pypto_build.html');
  const r = spawnSync(IRTRACE_BIN, [BUILD, '-o', file, '-q']);
  assert.equal(r.status, 0, String(r.stderr));
});
after(async () => { await browser.close(); });

// The shown options' texts (name and counts), in list order.
async function shownNames(page) {
  const shown = new Set(await visibleEntries(page));
  const all = await page.evaluate(() => [...document.querySelectorAll('[role="option"]')].map((o) =>
    [Number(o.getAttribute('data-entry')), o.querySelector('.name').textContent.replace(/\s+/g, ' ').trim()]));
  return all.filter(([i]) => shown.has(i)).map(([, n]) => n);
}

const BR = 'ptoas_passes/bias_relu/builtin_module_no-symbol-name/';

test('phase tabs separate PyPTO from each unit; a unit is its .pto, ptoas\'s passes in order, its .cpp', { skip }, async () => {
  const { page, errors } = await open(browser, file);
  assert.deepEqual(await page.getByRole('tab').allTextContents(), ['All', 'PyPTO', 'ptoas: bias_relu', 'ptoas: scale_rows']);
  assert.deepEqual(await shownNames(page), [
    '0. frontend', '1. ConvertToSSA', '2. HoistLoopInvariants', '3. InitMemRef',
    'device ptoas/bias_relu.pto', '4. Canonicalizer', '5. LoopInvariantCodeMotion', '6. CSE', '7. SymbolDCE', 'device ptoas/bias_relu.cpp',
    'device ptoas/scale_rows.pto', '8. Canonicalizer', '9. LoopInvariantCodeMotion', '10. CSE', '11. SymbolDCE', 'device ptoas/scale_rows.cpp',
    'device kernels/aiv/bias_relu.cpp', 'device kernels/aiv/scale_rows.cpp', 'host orchestration/main.cpp']);
  await page.getByRole('tab', { name: 'PyPTO' }).click();
  assert.deepEqual(await shownNames(page), ['0. frontend', '1. ConvertToSSA', '2. HoistLoopInvariants', '3. InitMemRef']);
  await page.getByRole('tab', { name: 'ptoas: bias_relu' }).click();
  assert.deepEqual(await shownNames(page), ['device ptoas/bias_relu.pto', '4. Canonicalizer', '5. LoopInvariantCodeMotion',
    '6. CSE', '7. SymbolDCE', 'device ptoas/bias_relu.cpp']);
  await page.getByRole('tab', { name: 'ptoas: scale_rows' }).click();
  assert.deepEqual(await shownNames(page), ['device ptoas/scale_rows.pto', '8. Canonicalizer', '9. LoopInvariantCodeMotion',
    '10. CSE', '11. SymbolDCE', 'device ptoas/scale_rows.cpp']);
  noErrors(errors);
});

test('the unit\'s .pto is shown whole, ptoas\'s first pass is diffed against it, the next against that pass', { skip }, async () => {
  const { page, errors } = await open(browser, file, { hash: '#codegen=ptoas/bias_relu.pto' });
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /ptoas\/bias_relu\.pto/);
  assert.equal(await page.locator('.files.single .file-r').textContent(), 'ptoas/bias_relu.pto');
  assert.match(await page.locator('.code-rows').textContent(), /ScaleBias\.bias_relu as PyPTO hands it to ptoas/);
  assert.ok((await rows(page)).every((r) => r.kind === 'equal' || r.kind === 'fold'));
  // j: pass 4, Canonicalizer, against the .pto.
  await page.keyboard.press('j');
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /^4\. Canonicalizer/);
  assert.ok((await page.locator('.file-l').textContent()).endsWith('ptoas/bias_relu.pto'));
  assert.ok((await page.locator('.file-r').textContent()).endsWith(BR + 'func_func_bias_relu/0_0_canonicalize.mlir'));
  assert.match(await page.locator('.notes').textContent(), /ptoas's first pass on bias_relu: diffed against ptoas\/bias_relu\.pto/);
  const r = await rows(page);
  assert.ok(r.some((x) => x.kind === 'delete' || x.kind === 'replace'));
  // The .pto's own comment line is on the left side only, line 1.
  assert.ok(r.some((x) => x.before === 1 && x.after === null));
  // j: pass 5 against pass 4's snapshot.
  await page.keyboard.press('j');
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /^5\. LoopInvariantCodeMotion/);
  assert.ok((await page.locator('.file-l').textContent()).endsWith(BR + 'func_func_bias_relu/0_0_canonicalize.mlir'));
  assert.ok((await page.locator('.file-r').textContent()).endsWith(BR + 'func_func_bias_relu/0_1_loop-invariant-code-motion.mlir'));
  noErrors(errors);
});

test('the unit\'s .cpp and the build\'s device and host sources are shown whole, after ptoas\'s last pass', { skip }, async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=7' });
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /^7\. SymbolDCE/);
  await page.keyboard.press('j');
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /ptoas\/bias_relu\.cpp/);
  assert.equal(await page.locator('.files.single .file-r').textContent(), 'ptoas/bias_relu.cpp');
  assert.match(await page.locator('.code-rows').textContent(), /__aicore__ void bias_relu\(__gm__ float\* x, __gm__ float\* b\)/);
  await page.getByRole('option').filter({ hasText: 'orchestration/main.cpp' }).click();
  assert.match(await page.locator('.code-rows').textContent(), /aicpu_orchestration_entry/);
  noErrors(errors);
});
