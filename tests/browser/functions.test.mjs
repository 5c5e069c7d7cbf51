// The function selector on a report of the real binary (schema 2): a pass lists only the functions it
// touched and the page derives the unchanged ones from the after snapshot's sections (lib/report/PAYLOAD.md,
// "Function"), so a pass over many functions with one changed still offers them all, the changed one first,
// and an unchanged one shows its own lines; deep links (fn=), a no-op pass, compare and find in pass work
// on them as before. Skipped (with a message) when the binary is missing; IRTRACE_BIN overrides its path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, selected, rows, IRTRACE_BIN } from './harness.mjs';

const skip = fs.existsSync(IRTRACE_BIN) ? false : `ir-trace binary not found at ${IRTRACE_BIN} (build it, or set IRTRACE_BIN)`;
const N = 40;

// An LLVM IR module of N functions @f0 .. @f<N-1> (5 lines each and a blank line after), as lines.
// `grow`: a function that gets an extra line; `edit`: a function whose second body line changes.
function module({ grow = -1, edit = -1 } = {}) {
  const out = ['; ModuleID = \'many\'', 'target triple = "x86_64-pc-linux-gnu"', ''];
  for (let k = 0; k < N; k++) {
    out.push(`define i32 @f${k}(i32 %x) {`, `  %a = add i32 %x, ${k}`);
    if (k === grow) out.push('  %c = xor i32 %a, 7');
    out.push(k === edit ? '  %b = shl i32 %a, 1' : '  %b = mul i32 %a, 2', '  ret i32 %b', '}', '');
  }
  return out;
}

// 1-based line numbers of function @f<k> in `lines`.
function linesOf(lines, k) {
  const first = lines.indexOf(`define i32 @f${k}(i32 %x) {`);
  const last = lines.indexOf('}', first);
  return Array.from({ length: last - first + 1 }, (_, i) => first + 1 + i);
}

const passes = [module(), module({ edit: 17 }), module({ edit: 17, grow: 5 }), module({ edit: 17, grow: 5 })];
let browser, file;
before(async () => {
  browser = await launch();
  if (skip) return;
  const dump = path.join(tmpDir(), 'many_functions');
  fs.mkdirSync(dump, { recursive: true });
  const names = ['00_frontend.ll', '01_after_Retype.ll', '02_after_Grow.ll', '03_after_Verify.ll'];
  passes.forEach((lines, i) => fs.writeFileSync(path.join(dump, names[i]), lines.join('\n') + '\n'));
  file = path.join(tmpDir(), 'many_functions.html');
  execFileSync(IRTRACE_BIN, [dump, '-o', file, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
});
after(async () => { await browser.close(); });

const fnSelect = (page) => page.getByLabel('Function', { exact: true });
const labels = (page) => fnSelect(page).locator('option').allTextContents();
const every = (first) => [...Array(N).keys()].filter((k) => k !== first).map((k) => '@f' + k);

test('a pass over many functions with one changed lists them all, the changed one first; an unchanged one shows its lines', { skip }, async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=1' });
  assert.equal(await selected(page), 1);
  assert.deepEqual(await labels(page), ['Whole file', '@f17  +1 -1', ...every(17), '(outside functions)']);
  await fnSelect(page).selectOption({ label: '@f30' });
  await page.waitForFunction(() => /fn=f30/.test(location.hash));
  const r = await rows(page);
  const want = linesOf(passes[1], 30);
  assert.deepEqual(r.map((x) => [x.kind, x.before, x.after]), want.map((n) => ['equal', n, n]), 'its lines, unchanged');
  await fnSelect(page).selectOption({ label: '(outside functions)' });
  assert.ok((await rows(page)).every((x) => x.kind === 'equal'));
  noErrors(errors);
});

test('a deep link to an unchanged function after lines moved shows it on both sides; a no-op pass keeps the choice', { skip }, async () => {
  // Pass 2 grows @f5 by a line: @f30 moves down one line (its sections come from pass 1's through a delta).
  const { page, errors } = await open(browser, file, { hash: '#pass=2&fn=f30' });
  assert.equal(await selected(page), 2);
  assert.equal(await fnSelect(page).locator('option:checked').textContent(), '@f30');
  assert.deepEqual((await labels(page)).slice(0, 2), ['Whole file', '@f5  +1 -0']);
  const before = linesOf(passes[1], 30), afterLines = linesOf(passes[2], 30);
  assert.deepEqual((await rows(page)).map((x) => [x.kind, x.before, x.after]), before.map((n, i) => ['equal', n, afterLines[i]]));
  // Pass 3 is a no-op: every function offered, none touched, the sticky choice kept.
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('j');
  await page.waitForFunction(() => /pass=3/.test(location.hash));
  assert.deepEqual(await labels(page), ['Whole file', ...[...Array(N).keys()].map((k) => '@f' + k), '(outside functions)']);
  assert.equal(await fnSelect(page).locator('option:checked').textContent(), '@f30');
  assert.deepEqual((await rows(page)).map((x) => x.after), afterLines);
  noErrors(errors);
});

test('compare and find in pass over the derived functions', { skip }, async () => {
  const { page, errors } = await open(browser, file, { hash: '#cmp=0,3&fn=f5' });
  await page.waitForFunction(() => document.querySelector('.files').textContent.includes('03_after_Verify.ll') && !!document.querySelector('.code-rows [data-kind]'));
  assert.equal((await labels(page)).length, 1 + N, 'every function of both sides (compare offers no outside lines)');
  assert.equal(await fnSelect(page).locator('option:checked').textContent(), '@f5');
  assert.deepEqual((await rows(page)).filter((x) => x.kind !== 'equal').map((x) => [x.kind, x.after]), [['insert', linesOf(passes[3], 5)[2]]]);

  const one = await open(browser, file, { hash: '#pass=1&fn=f30' });
  await one.page.keyboard.press('/');
  await one.page.getByRole('searchbox', { name: 'Find in pass' }).fill('add i32 %x, 30');
  await one.page.waitForFunction(() => document.querySelector('.find-count').textContent === '1 / 1');
  noErrors(errors);
  noErrors(one.errors);
});
