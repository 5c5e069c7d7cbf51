// Compare reports (`ir-trace compare BASE HEAD`, assets/js/59_two_runs.js): the report opens at the first
// divergence, names both runs, has its own status filters (differ, same, added, removed), says what each
// row shows, offers no blame, and keeps names and paths as text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, open, tmpDir, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

let browser, report;
const XSS = '<img src=x onerror="window.__xss=1">';

// A dump of one function whose body after each pass is given: [[name, body], ...].
function run(dir, frontend, passes, title) {
  fs.mkdirSync(dir, { recursive: true });
  const head = '# pypto.program: ' + title + '\n';
  fs.writeFileSync(path.join(dir, '00_frontend.py'), head + 'def f():\n    ' + frontend + '\n');
  passes.forEach(([name, body], k) => {
    fs.writeFileSync(path.join(dir, String(k + 1).padStart(2, '0') + '_after_' + name + '.py'), head + 'def f():\n    ' + body + '\n');
  });
}

function compare(base, head, out) {
  const r = spawnSync(IRTRACE_BIN, ['compare', base, head, '-o', out, '-q']);
  assert.equal(r.status, 0, String(r.stderr));
  return out;
}

before(async () => {
  browser = await launch();
  const root = path.join(tmpDir(), 'compare-runs', XSS);
  const same = [['A', 'return 2'], ['B', 'return 2'], ['C', 'return 2'], ['D', 'return 2']];
  run(path.join(root, 'base'), 'return 1', [...same, ['Old', 'return 2'], ['E', 'return 3'], ['F', 'return 3']], 'Prog' + XSS);
  run(path.join(root, 'head'), 'return 1', [...same, ['New', 'return 7'], ['E', 'return 7'], ['F', 'return 7']], 'Prog' + XSS);
  report = compare(path.join(root, 'base'), path.join(root, 'head'), path.join(tmpDir(), 'cmp.html'));
});
after(async () => { await browser.close(); });

const selected = (page) => page.locator('[role="option"][aria-selected="true"]').textContent();

test('opens at the first divergence, names both runs, and says what the row shows', async () => {
  const { page, errors } = await open(browser, report);
  assert.match(await selected(page), /^6\. E/);  // HEAD's pass number
  const notes = await page.locator('.notes').textContent();
  assert.match(notes, /First divergence: the two runs’ IR first differs here \(BASE pass 6 · HEAD pass 6\)\./);
  assert.match(notes, /BASE \(−\) against HEAD \(\+\)/);
  assert.match(await page.locator('.pass-title .chip').textContent(), /^differs$/);
  assert.match(await page.locator('.file-l').textContent(), /base: 06_after_E\.py/);
  assert.match(await page.locator('.file-r').textContent(), /head: 06_after_E\.py/);
  const banner = await page.locator('.topbar .runs').textContent();
  assert.match(banner, /BASE Prog<img src=x onerror="window.__xss=1">/);
  assert.match(banner, /HEAD Prog/);
  assert.ok(banner.includes(path.join('compare-runs', XSS, 'head')));
  assert.equal(await page.locator('.topbar img, .notes img').count(), 0);
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  assert.deepEqual(errors, []);
});

test('its own status filters: differ, same, added, removed, with counts; each hides its rows', async () => {
  const { page, errors } = await open(browser, report);
  const labels = (await page.locator('.filters label').allTextContents()).map((s) => s.trim());
  assert.deepEqual(labels.slice(0, 4), ['Differ2', 'Same5', 'Added1', 'Removed1']);
  const names = () => page.locator('[role="option"]').evaluateAll((els) => els.filter((e) => !e.hidden).map((e) => e.textContent));
  assert.ok((await names()).some((n) => /New/.test(n)));
  await page.getByRole('checkbox', { name: 'Added' }).uncheck();
  assert.ok(!(await names()).some((n) => /New/.test(n)));
  assert.ok((await names()).some((n) => /Old/.test(n)));
  await page.getByRole('checkbox', { name: 'Removed' }).uncheck();
  assert.ok(!(await names()).some((n) => /Old/.test(n)));
  assert.deepEqual(errors, []);
});

test('an added pass shows its own change in HEAD, a removed one its own in BASE; the same IR is "same"', async () => {
  const { page, errors } = await open(browser, report);
  await page.locator('[role="option"]', { hasText: 'New' }).click();
  assert.match(await page.locator('.pass-title .chip').textContent(), /^added in HEAD$/);
  assert.match(await page.locator('.notes').textContent(), /Only HEAD runs this: shown is its own change in HEAD\./);
  assert.match(await page.locator('.file-l').textContent(), /head: 04_after_D\.py/);
  assert.match(await page.locator('.file-r').textContent(), /head: 05_after_New\.py/);
  await page.locator('[role="option"]', { hasText: 'Old' }).click();
  assert.match(await page.locator('.notes').textContent(), /Only BASE runs this/);
  // Its own change in BASE is none: a no-op, not "same".
  assert.match(await page.locator('[role="option"]', { hasText: 'Old' }).textContent(), /no-op$/);
  assert.match(await page.locator('.file-l').textContent(), /base: 04_after_D\.py/);
  // The passes before the divergence collapse as one run, said in the compare report's words.
  assert.match(await page.locator('.noop-run').first().textContent(), /5 passes with the same IR/);
  await page.locator('.noop-run').first().click();
  await page.locator('[role="option"]', { hasText: '2. B' }).click();
  assert.match(await page.locator('.notes').textContent(), /Same IR in both runs here \(BASE pass 2 · HEAD pass 2\)/);
  assert.doesNotMatch(await page.locator('.notes').textContent(), /No-op/);
  assert.deepEqual(errors, []);
});

test('a pass that failed in one run is marked in the list, opened first when nothing diverges, and its log shown', async () => {
  const root = path.join(tmpDir(), 'compare-failed');
  const passes = [['A', 'return 2'], ['B', 'return 2'], ['C', 'return 2'], ['D', 'return 2']];
  run(path.join(root, 'base'), 'return 1', passes, 'P');
  run(path.join(root, 'head'), 'return 1', passes, 'P');
  fs.writeFileSync(path.join(root, 'head', '03_after_C.log'), 'RuntimeError: <b>boom</b> in pass\n');
  const out = compare(path.join(root, 'base'), path.join(root, 'head'), path.join(tmpDir(), 'cmp-failed.html'));
  const { page, errors } = await open(browser, out);
  assert.match(await selected(page), /^3\. C.*failed/);
  assert.match(await page.locator('.error-box pre').textContent(), /^failed in HEAD:\nRuntimeError: <b>boom<\/b> in pass/);
  assert.match(await page.locator('.notes').textContent(), /failed in HEAD: RuntimeError/);
  assert.equal(await page.locator('.error-box b').count(), 0);
  assert.deepEqual(errors, []);
});

test('no blame in a compare report: the button is off and b does nothing', async () => {
  const { page, errors } = await open(browser, report);
  assert.equal(await page.getByRole('button', { name: 'Blame' }).isDisabled(), true);
  await page.locator('.diff-wrap .scroller, .diff-wrap').first().click();
  await page.keyboard.press('b');
  assert.equal(await page.locator('.bl').count(), 0);
  assert.deepEqual(errors, []);
});

test('the real pair pa4_build_previous / pa4_build opens at pass 8 ExpandMixedKernel', async () => {
  const fixtures = path.join(ROOT, '..', 'shared', 'fixtures', 'pypto');
  if (!fs.existsSync(fixtures)) return;
  const out = compare(path.join(fixtures, 'pa4_build_previous', 'passes_dump'), path.join(fixtures, 'pa4_build', 'passes_dump'),
    path.join(tmpDir(), 'pa4.html'));
  const { page, errors } = await open(browser, out);
  assert.match(await selected(page), /^8\. ExpandMixedKernel/);
  assert.ok(await page.locator('.row.k-insert, .row.k-replace').count() > 0);
  assert.deepEqual(errors, []);
});
