// Issue 20, a "Filter passes" keystroke at scale: the filtered, ranked list is drawn in the keystroke, and
// its best match's diff (its snapshots parsed and diffed) once that list is painted (61_typing_select.js);
// a selection or a newer keystroke before then replaces it; the entries the filters keep are reused from
// keystroke to keystroke, and made again when a filter changes. On the real LLVM crc report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, selected, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const SHARED = process.env.IRTRACE_FIXTURES || path.resolve(ROOT, '..', 'shared', 'fixtures');
const CRC = path.join(SHARED, 'llvm/crc', 'passes_dump');
const skip = !fs.existsSync(IRTRACE_BIN) ? `ir-trace binary not found at ${IRTRACE_BIN}`
  : fs.existsSync(CRC) ? false : `fixture ${CRC} not found`;

let browser, file;
before(async () => {
  browser = await launch();
  if (skip) return;
  file = path.join(tmpDir(), 'typing_crc.html');
  execFileSync(IRTRACE_BIN, [CRC, '-o', file, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
});
after(async () => { await browser.close(); });

// Types `queries` into "Filter passes" (one input event each, all in one task), then presses `key` in it
// when given; returns, read in that same task, the options in list order, "N of M" and the pass title.
const typeNow = (page, queries, key) => page.evaluate(([qs, k]) => {
  const box = document.querySelector('[role=searchbox][aria-label="Filter passes"]');
  for (const q of qs) {
    box.value = q;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (k) box.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  return {
    options: [...document.querySelectorAll('[role=listbox][aria-label="Passes"] [role=option]')].map((o) => Number(o.getAttribute('data-entry'))),
    count: document.querySelector('.search-row [role="status"]').textContent,
    title: document.querySelector('.pass-title').textContent,
  };
}, [queries, key]);

const title = (page) => page.evaluate(() => document.querySelector('.pass-title').textContent);

test('a keystroke draws the ranked list at once and shows its best match once the list is painted', { skip }, async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=5' });
  const before5 = await title(page);
  const now = await typeNow(page, ['SLP']);
  assert.deepEqual(now.options.filter((i) => i !== 5), [181, 213], 'the list is filtered and ranked in the keystroke');
  assert.equal(now.count, '2 of 236');
  assert.equal(now.title, before5, 'the pass shown is still the one before: its diff follows the list');
  assert.equal(await selected(page), 181, 'then the best match is shown');
  assert.notEqual(await title(page), before5);
  noErrors(errors);
});

test('keystrokes in one frame show only the last one\'s best match; Esc before it shows the pass before the typing', { skip }, async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=5' });
  await typeNow(page, ['SLP', 'int']);
  assert.equal(await selected(page), 168, 'the best match of "int", not of "SLP"');
  await typeNow(page, ['']);
  const { page: p2 } = await open(browser, file, { hash: '#pass=5' });
  const before5 = await title(p2);
  await typeNow(p2, ['SLP'], 'Escape');
  assert.equal(await selected(p2), 5, 'Esc wins over the pending best match');
  assert.equal(await title(p2), before5);
  noErrors(errors);
});

test('with a query typed, a status filter changes the ranked list (the entries kept are made again)', { skip }, async () => {
  const { page, errors } = await open(browser, file);
  const box = page.getByRole('searchbox', { name: 'Filter passes' });
  await box.fill('int');
  const all = (await typeNow(page, ['int'])).options;
  assert.ok(all.length >= 8, JSON.stringify(all));
  await page.getByRole('checkbox', { name: 'No-op' }).uncheck();
  const changedOnly = (await typeNow(page, ['int'])).options;
  assert.ok(changedOnly.length > 0, 'passes still match');
  assert.notDeepEqual(changedOnly, all, 'the no-op passes are left out of the ranking');
  await page.getByRole('checkbox', { name: 'No-op' }).check();
  assert.deepEqual((await typeNow(page, ['int'])).options, all);
  noErrors(errors);
});
