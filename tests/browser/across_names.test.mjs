// Split, merged and renamed functions read across names (issue 9, item 12): when a pass removes a function
// and adds functions whose names extend it (qwen3 pass 8: ..._incore_0 -> ..._incore_0_aic, _aiv, _group),
// or removes functions whose names extend one it adds, the function selector offers each removed function
// against each related added one, right after the removed one, and the page diffs the two. Deep links,
// copy function, the unified-diff copy, find in pass and both layouts work on these choices. On the real
// qwen3 report of the real binary, and on a dump written here (a merge, a rename, names that do not extend).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, selected, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const SHARED = process.env.IRTRACE_FIXTURES || path.resolve(ROOT, '..', 'shared', 'fixtures');
const QWEN3 = path.join(SHARED, 'pypto', 'qwen3_32b_training', 'passes_dump');
const skipBin = fs.existsSync(IRTRACE_BIN) ? false : `ir-trace binary not found at ${IRTRACE_BIN} (build it, or set IRTRACE_BIN)`;
const skipQwen3 = skipBin || (fs.existsSync(QWEN3) ? false : `fixture ${QWEN3} not found`);

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

function convert(dump, name) {
  const out = path.join(tmpDir(), name + '.html');
  execFileSync(IRTRACE_BIN, [dump, '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return out;
}

const fnSelect = (page) => page.getByLabel('Function', { exact: true });
const labels = (page) => fnSelect(page).locator('option').allTextContents();
const chosen = (page) => fnSelect(page).evaluate((s) => s.options[s.selectedIndex].textContent);
const clip = (page) => page.evaluate(() => navigator.clipboard.readText());
const fileLines = (dir, name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n');

// Every row of the diff as {kind, before, after} (harness rows()), though only the rows on screen are in
// the DOM: scrolls the view from top to bottom, page by page, and back to the top.
async function everyRow(page) {
  return page.evaluate(() => {
    const sc = document.querySelector('.code-scroll');
    const scrollTo = (y) => { sc.scrollTop = y; sc.dispatchEvent(new Event('scroll')); };
    const seen = new Map();
    const num = (r, k) => (r.hasAttribute(k) ? Number(r.getAttribute(k)) : null);
    scrollTo(0);
    for (;;) {
      for (const r of document.querySelectorAll('.code-rows [data-kind][data-i]')) {
        seen.set(Number(r.getAttribute('data-i')), { kind: r.getAttribute('data-kind'), before: num(r, 'data-before'), after: num(r, 'data-after') });
      }
      if (sc.scrollTop + sc.clientHeight >= sc.scrollHeight - 1) break;
      scrollTo(sc.scrollTop + sc.clientHeight);
    }
    scrollTo(0);
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
  });
}

// Waits until the diff shows rows from both line ranges [b, e) (0-based, of the before and after files),
// then expands every fold and returns every row.
async function acrossRows(page, left, right) {
  await page.waitForFunction(([l, r]) => {
    const rs = [...document.querySelectorAll('.code-rows [data-before]')].map((x) => Number(x.getAttribute('data-before')));
    const as = [...document.querySelectorAll('.code-rows [data-after]')].map((x) => Number(x.getAttribute('data-after')));
    return rs.length && as.length && rs.every((n) => n > l[0] && n <= l[1]) && as.every((n) => n > r[0] && n <= r[1]);
  }, [left, right]);
  const expand = page.getByRole('button', { name: 'Expand all' });
  if (await expand.isEnabled()) await expand.click();
  return everyRow(page);
}

// Section [begin, end) (0-based lines) of function key in snapshot i, from the page's own model.
const section = (page, i, key) => page.evaluate(([s, k]) => IrTrace.instance.model.sections(s).find((x) => x[0] === k).slice(1), [i, key]);

// Checks a unified diff against the two files: every hunk's ' ' and '-' lines are the before file's lines
// from its start, its ' ' and '+' lines the after file's, in the counts its header gives. Returns the hunks.
function checkUnified(text, beforeLines, afterLines, beforeName, afterName) {
  const lines = text.replace(/\n$/, '').split('\n');
  assert.deepEqual(lines.slice(0, 2), ['--- a/' + beforeName, '+++ b/' + afterName]);
  let hunks = 0;
  for (let k = 2; k < lines.length;) {
    const m = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@/.exec(lines[k]);
    assert.ok(m, 'a hunk header: ' + lines[k]);
    let [b, nb, a, na] = m.slice(1).map(Number);
    hunks++;
    k++;
    while (nb > 0 || na > 0) {
      const l = lines[k++], sign = l[0], body = l.slice(1);
      if (sign === ' ' || sign === '-') { assert.equal(body, beforeLines[b - 1], `before line ${b}`); b++; nb--; }
      if (sign === ' ' || sign === '+') { assert.equal(body, afterLines[a - 1], `after line ${a}`); a++; na--; }
    }
  }
  return hunks;
}

const Q = 'Qwen332BTrainingForwardBackward.qwen3_32b_training_forward_and_backward_layer';
const SHORT = 'qwen3_32b_training_forward_and_backward_layer';

test('qwen3 pass 8: the split function is offered against each part, right after it, and reads in both layouts', { skip: skipQwen3 }, async () => {
  const file = convert(QWEN3, 'qwen3');
  const { page, errors } = await open(browser, file, { hash: '#pass=8', clipboard: true });
  assert.equal(await selected(page), 8);
  // The existing order (changed, added, removed, then the rest), the split choices right after the removed one.
  const all = await labels(page);
  const shape = all.map((l) => l.replace(/ {2}\((added|removed), [-+]\d+\)$/, '  ($1)').replace(/ {2}[-+]\d+ -\d+$/, '  changed'));
  assert.deepEqual(shape, ['Whole file', SHORT + '  changed', SHORT + '_incore_0_aic  (added)', SHORT + '_incore_0_aiv  (added)',
    SHORT + '_incore_0_group  (added)', SHORT + '_incore_0  (removed)', SHORT + '_incore_0 \u2192 \u2026_aic  (split)',
    SHORT + '_incore_0 \u2192 \u2026_aiv  (split)', SHORT + '_incore_0 \u2192 \u2026_group  (split)', '(outside functions)']);
  const removedCount = Number(/-(\d+)\)$/.exec(all[5])[1]), aicCount = Number(/\+(\d+)\)$/.exec(all[2])[1]);

  // Choose incore_0 -> _aic: the before side shows incore_0 (snapshot 7), the after side _aic (snapshot 8).
  await fnSelect(page).selectOption({ label: SHORT + '_incore_0 \u2192 \u2026_aic  (split)' });
  const left = await section(page, 7, Q + '_incore_0'), right = await section(page, 8, Q + '_incore_0_aic');
  assert.equal(left[1] - left[0], removedCount);
  assert.equal(right[1] - right[0], aicCount);
  const side = await acrossRows(page, left, right);
  const nums = (k) => side.filter((r) => r[k] !== null).map((r) => r[k]);
  assert.deepEqual(nums('before'), Array.from({ length: removedCount }, (_, k) => left[0] + 1 + k), 'every line of incore_0, in order');
  assert.deepEqual(nums('after'), Array.from({ length: aicCount }, (_, k) => right[0] + 1 + k), 'every line of _aic, in order');
  const kinds = new Set(side.map((r) => r.kind));
  for (const k of ['equal', 'replace', 'insert', 'delete']) assert.ok(kinds.has(k), 'a ' + k + ' row');
  // The def line is a replace row: the renamed header faces the old one.
  const defRow = side.find((r) => r.before === left[0] + 2);
  assert.deepEqual([defRow.kind, defRow.after], ['replace', right[0] + 2]);
  const files = await page.locator('.files').textContent();
  assert.ok(files.includes('07_after_OutlineIncoreScopes.py \u00b7 ' + Q + '_incore_0') && files.includes('08_after_ExpandMixedKernel.py \u00b7 ' + Q + '_incore_0_aic'), files);
  await page.waitForFunction((want) => location.hash === want, `#pass=8&fn=${Q}_incore_0&to=${Q}_incore_0_aic`);

  // Copy function: the added function's text. Copy diff: a unified diff of the two functions' lines.
  const before = fileLines(QWEN3, '07_after_OutlineIncoreScopes.py'), afterL = fileLines(QWEN3, '08_after_ExpandMixedKernel.py');
  await page.getByRole('button', { name: 'Copy function' }).click();
  await page.waitForFunction((t) => navigator.clipboard.readText().then((c) => c === t), afterL.slice(right[0], right[1]).join('\n') + '\n');
  await page.getByRole('button', { name: 'Copy diff' }).click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((c) => c.startsWith('--- a/')));
  const unified = await clip(page);
  assert.ok(checkUnified(unified, before, afterL, '07_after_OutlineIncoreScopes.py', '08_after_ExpandMixedKernel.py') >= 1);
  assert.ok(unified.includes('\n+        pl.comm.aic_initialize_pipe()\n'), 'the added line is in the diff');

  // Find in pass searches the two functions shown.
  await page.keyboard.press('/');
  await page.getByRole('searchbox', { name: 'Find in pass' }).fill('aic_initialize_pipe');
  await page.waitForFunction(() => document.querySelector('.find-count').textContent === '1 / 1');
  await page.keyboard.press('Escape');

  // Stacked: the same lines, the choice and the link kept.
  await page.getByRole('button', { name: 'Stacked' }).click();
  await page.waitForFunction(() => /layout=stacked/.test(location.hash));
  const stacked = await everyRow(page);
  assert.deepEqual(stacked.filter((r) => r.before !== null).map((r) => r.before), nums('before'));
  assert.deepEqual(stacked.filter((r) => r.after !== null).map((r) => r.after), nums('after'));
  assert.ok(stacked.some((r) => r.kind === 'replace' && r.after === null) && stacked.some((r) => r.kind === 'replace' && r.before === null));
  assert.equal(await chosen(page), SHORT + '_incore_0 \u2192 \u2026_aic  (split)');
  const link = await page.evaluate(() => location.hash);
  assert.equal(link, `#pass=8&fn=${Q}_incore_0&to=${Q}_incore_0_aic&layout=stacked`);

  // The choice sticks: j shows the added function where the pair is not offered, k brings the pair back.
  await page.keyboard.press('j');
  assert.equal(await selected(page), 9);
  assert.equal(await chosen(page), SHORT + '_incore_0_aic');
  await page.keyboard.press('k');
  assert.equal(await selected(page), 8);
  assert.equal(await chosen(page), SHORT + '_incore_0 \u2192 \u2026_aic  (split)');
  await acrossRows(page, left, right);
  noErrors(errors);

  // The deep link opens the same choice and the same rows.
  const again = await open(browser, file, { hash: link });
  assert.equal(await selected(again.page), 8);
  assert.equal(await chosen(again.page), SHORT + '_incore_0 \u2192 \u2026_aic  (split)');
  assert.deepEqual(await acrossRows(again.page, left, right), stacked);
  // Side by side, the other parts.
  await again.page.getByRole('button', { name: 'Side by side' }).click();
  for (const part of ['aiv', 'group']) {
    await fnSelect(again.page).selectOption({ label: SHORT + `_incore_0 \u2192 \u2026_${part}  (split)` });
    const r = await section(again.page, 8, Q + '_incore_0_' + part);
    const got = await acrossRows(again.page, left, r);
    assert.equal(got.filter((x) => x.after !== null).length, r[1] - r[0], part + ': every line of the part');
  }
  noErrors(again.errors);
});

// A merge (k_part_a and k_part_b into k), a rename (bar -> bar_v2), and names that do not extend one another
// (foo -> foobar: no separator; other1 -> other12: a digit after a digit).
function writeMergeDump() {
  const dump = path.join(tmpDir(), 'merge_dump');
  fs.mkdirSync(dump, { recursive: true });
  const fn = (name, args, body) => ['    @pl.function', `    def ${name}(self, ${args}):`, ...body.map((l) => '        ' + l), ''];
  const head = ['# merge', '@pl.program', 'class Prog:'];
  const front = [...head,
    ...fn('k_part_a', 'x', ['a = pl.load(x, 0)', 'b = pl.exp(a)', 'return b']),
    ...fn('k_part_b', 'y', ['c = pl.load(y, 1)', 'd = pl.log(c)', 'return d']),
    ...fn('bar', 'z', ['return z']), ...fn('foo', 'z', ['return z']), ...fn('other1', 'z', ['return z']),
    ...fn('main', 'x, y', ['return self.k_part_a(x) + self.k_part_b(y)'])];
  const merged = [...head,
    ...fn('k', 'x, y', ['a = pl.load(x, 0)', 'b = pl.exp(a)', 'c = pl.load(y, 1)', 'd = pl.log(c)', 'return b + d']),
    ...fn('bar_v2', 'z', ['return z']), ...fn('foobar', 'z', ['return z']), ...fn('other12', 'z', ['return z']),
    ...fn('main', 'x, y', ['return self.k(x, y)'])];
  fs.writeFileSync(path.join(dump, '00_frontend.py'), front.join('\n') + '\n');
  fs.writeFileSync(path.join(dump, '01_after_MergeParts.py'), merged.join('\n') + '\n');
  return dump;
}

test('a generated merge: each merged function against the new one, a rename, and no choice for names that do not extend', { skip: skipBin }, async () => {
  const dump = writeMergeDump();
  const { page, errors } = await open(browser, convert(dump, 'merge'), { hash: '#pass=1', clipboard: true });
  assert.deepEqual(await labels(page), ['Whole file', 'k  (added, +7)', 'bar_v2  (added, +3)', 'foobar  (added, +3)',
    'other12  (added, +3)', 'main  +1 -1', '(outside functions)  +0 -1', 'k_part_a  (removed, -5)', 'k_part_a \u2192 k  (merged)',
    'k_part_b  (removed, -5)', 'k_part_b \u2192 k  (merged)', 'bar  (removed, -3)', 'bar \u2192 \u2026_v2  (renamed)',
    'foo  (removed, -3)', 'other1  (removed, -3)']);

  await fnSelect(page).selectOption({ label: 'k_part_b \u2192 k  (merged)' });
  const left = await section(page, 0, 'Prog.k_part_b'), right = await section(page, 1, 'Prog.k');
  const got = await acrossRows(page, left, right);
  const before = fileLines(dump, '00_frontend.py'), afterL = fileLines(dump, '01_after_MergeParts.py');
  const textOf = (lines, n) => lines[n - 1].trim();
  // The lines k_part_b gave k are equal rows; the header faces k's header.
  const equal = got.filter((r) => r.kind === 'equal').map((r) => [textOf(before, r.before), textOf(afterL, r.after)]);
  for (const t of ['c = pl.load(y, 1)', 'd = pl.log(c)']) assert.ok(equal.some(([a, b]) => a === t && b === t), t + ' is an equal row');
  const def = got.find((r) => r.before !== null && textOf(before, r.before).startsWith('def k_part_b('));
  assert.deepEqual([def.kind, textOf(afterL, def.after)], ['replace', 'def k(self, x, y):']);
  await page.waitForFunction(() => location.hash === '#pass=1&fn=Prog.k_part_b&to=Prog.k');
  await page.getByRole('button', { name: 'Copy function' }).click();
  await page.waitForFunction((t) => navigator.clipboard.readText().then((c) => c === t), afterL.slice(right[0], right[1]).join('\n') + '\n');
  await page.getByRole('button', { name: 'Copy diff' }).click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((c) => c.startsWith('--- a/')));
  assert.ok(checkUnified(await clip(page), before, afterL, '00_frontend.py', '01_after_MergeParts.py') >= 1);

  // The other merged function, and the rename, by deep link.
  const other = await open(browser, convert(dump, 'merge'), { hash: '#pass=1&fn=Prog.k_part_a&to=Prog.k&layout=stacked' });
  assert.equal(await chosen(other.page), 'k_part_a \u2192 k  (merged)');
  const a = await section(other.page, 0, 'Prog.k_part_a');
  const rowsA = await acrossRows(other.page, a, right);
  assert.ok(rowsA.some((r) => r.kind === 'equal' && textOf(before, r.before) === 'b = pl.exp(a)'));
  await fnSelect(other.page).selectOption({ label: 'bar \u2192 \u2026_v2  (renamed)' });
  const bar = await acrossRows(other.page, await section(other.page, 0, 'Prog.bar'), await section(other.page, 1, 'Prog.bar_v2'));
  assert.deepEqual(bar.map((r) => r.kind), ['equal', 'replace', 'replace', 'equal'], 'stacked: the def line replaced, the rest equal');
  noErrors(errors);
  noErrors(other.errors);
});

test('extendsName: separators _, ., $ and a digit after a non-digit', { skip: skipBin }, async () => {
  const { page, errors } = await open(browser, convert(writeMergeDump(), 'merge'));
  const res = await page.evaluate(() => [['f_aic', 'f'], ['f.cold', 'f'], ['f$1', 'f'], ['f2', 'f'], ['f12', 'f1'], ['fx', 'f'],
    ['f', 'f'], ['f', ''], ['g_1', 'f']].map(([a, b]) => IrTrace.model.extendsName(a, b)));
  assert.deepEqual(res, [true, true, true, true, false, false, false, false, false]);
  noErrors(errors);
});
