// Schema 4: unit entries (issue 11). A function-scope LLVM log's passes hold only their IR unit (a function,
// an SCC, a loop); the pass header says which, "Whole module" (m) shows the module view before and after
// such a pass diffed in the page (the last module dump with the functions dumped since put in place), with
// the function selector over the module's sections; the size chart does not plot a function's size as the
// module's; blame follows a unit's before whoever wrote it, and through "lines" snapshots to where each line
// was copied from. A hand-written payload (the C++ writer of schema 4 lands separately), built as the spec says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, noErrors, selected, rows } from './harness.mjs';
import { diff } from './payload.mjs';

// The frontend module and the texts each pass's snapshot holds.
const M = ["; ModuleID = 'm'", '', '; Function Attrs: nounwind', 'define i32 @f() {', '  ret i32 0', '}', '',
  'define i32 @g() {', '  ret i32 1', '}', '', '!0 = !{}'];
const F1 = ['define i32 @f() {', '  ret i32 7', '}'];
const G1 = ['; Function Attrs: cold', 'define i32 @g() {', '  ret i32 2', '}'];
const FH = ['; Function Attrs: nounwind', 'define i32 @f() {', '  ret i32 8', '}', '', 'define i32 @h() {', '  ret i32 3', '}'];
const LOOP0 = ['; Preheader:', 'entry:', '; Loop:', 'loop:', '  br label %loop'];
const LOOP1 = ['; Preheader:', 'entry:', '; Loop:', 'loop:', '  br i1 %c, label %loop, label %exit'];
// The module view after the SCC pass (and the loop pass): written by hand from the spec's rule.
const VIEW3 = ["; ModuleID = 'm'", '', '; Function Attrs: nounwind', 'define i32 @f() {', '  ret i32 8', '}', '',
  '; Function Attrs: cold', 'define i32 @g() {', '  ret i32 2', '}', '', 'define i32 @h() {', '  ret i32 3', '}', '', '!0 = !{}'];
// Before it: the view after the pass on g (f's first piece has no attrs line: the module's is kept).
const VIEW2 = ["; ModuleID = 'm'", '', '; Function Attrs: nounwind', 'define i32 @f() {', '  ret i32 7', '}', '',
  '; Function Attrs: cold', 'define i32 @g() {', '  ret i32 2', '}', '', '!0 = !{}'];
const M5 = VIEW3.map((l) => (l === '!0 = !{}' ? '!0 = !{i32 1}' : l));
const G6 = ['; Function Attrs: cold', 'define i32 @g() {', '  ret i32 9', '}'];
const F7 = ['; Function Attrs: nounwind', 'define i32 @f() {', '  ret i32 10', '}'];

// Snapshots: [file, stored as, lines, sections]. Stored as "lines" where the C++ side cuts a function out
// of the module or makes the module view; 9 is the module view after the loop pass, as runs.
const SNAPS = [
  ['frontend.ll', { text: M }, M, [['f', 3, 6], ['g', 7, 10]]],
  ['InstCombinePass on f (before)', { lines: [[0, 2, 6]] }, M.slice(2, 6), [['f', 1, 4]]],
  ['InstCombinePass on f', { text: F1 }, F1, [['f', 0, 3]]],
  ['SROAPass on g (before)', { lines: [[0, 7, 10]] }, M.slice(7, 10), [['g', 0, 3]]],
  ['SROAPass on g', { text: G1 }, G1, [['g', 1, 4]]],
  ['InlinerPass on (f, h) (before)', { lines: [[2, 0, 3]] }, F1, [['f', 0, 3]]],
  ['InlinerPass on (f, h)', { text: FH }, FH, [['f', 1, 4], ['h', 5, 8]]],
  ['LICMPass on loop (before)', { text: LOOP0 }, LOOP0, []],
  ['LICMPass on loop', { text: LOOP1 }, LOOP1, []],
  ['GlobalOptPass on [module] (before)', { lines: [[0, 0, 2], [6, 0, 4], [0, 6, 7], [4, 0, 4], '', [6, 5, 8], [0, 10, 12]] }, VIEW3, [['f', 3, 6], ['g', 8, 11], ['h', 12, 15]]],
  ['GlobalOptPass on [module]', { text: M5 }, M5, [['f', 3, 6], ['g', 8, 11], ['h', 12, 15]]],
  ['InstCombinePass on g (2)', { text: G6 }, G6, [['g', 1, 4]]],
  ['InstCombinePass on f (3)', { text: F7 }, F7, [['f', 1, 4]]],
];
// Passes: [name, before, after, unit, unit_keys]. The last one's before is the SCC's after: another unit's
// snapshot (contrived: f's text as it stood is the SCC's, and blame follows it there as any before).
const PASSES = [
  ['InstCombinePass', 1, 2, 'function', ['f']],
  ['SROAPass', 3, 4, 'function', ['g']],
  ['InlinerPass', 5, 6, 'scc', ['f', 'h']],
  ['LICMPass', 7, 8, 'loop', null],
  ['GlobalOptPass', 9, 10, null, null],
  ['InstCombinePass', 4, 11, 'function', ['g']],
  ['InstCombinePass', 6, 12, 'function', ['f']],
];

function sectionOf(k, key) {
  const sec = SNAPS[k][3].find((x) => x[0] === key);
  return sec ? SNAPS[k][2].slice(sec[1], sec[2]) : null;
}

function unitPayload() {
  const snapshots = SNAPS.map(([file, body, lines, sections]) => Object.assign({ file, lang: 'llvm', eol: true, n: lines.length, sections }, body));
  const entries = [{ kind: 'frontend', num: 0, name: 'frontend', after: 0, status: 'frontend', ins: 0, del: 0, notes: [], warnings: [] }];
  PASSES.forEach(([name, b, a, unit, keys], k) => {
    const d = diff(SNAPS[b][2], SNAPS[a][2]);
    let ins = 0, del = 0;
    for (let t = 0; t < d.ops.length; t += 3) { del += d.ops[t + 1]; ins += d.ops[t + 2]; }
    const functions = [];
    for (const [key] of SNAPS[a][3]) {
      const l = sectionOf(b, key), r = sectionOf(a, key);
      if (!l) functions.push({ key, status: 'added', ins: r.length, del: 0 });
      else if (l.join('\n') !== r.join('\n')) {
        const fd = diff(l, r);
        let fi = 0, fdl = 0;
        for (let t = 0; t < fd.ops.length; t += 3) { fdl += fd.ops[t + 1]; fi += fd.ops[t + 2]; }
        functions.push({ key, status: 'changed', ins: fi, del: fdl, diff: fd });
      }
    }
    for (const [key] of SNAPS[b][3]) if (!sectionOf(a, key)) functions.push({ key, status: 'removed', ins: 0, del: sectionOf(b, key).length });
    entries.push(Object.assign({ kind: 'pass', num: k + 1, name, before: b, after: a, status: ins + del ? 'changed' : 'noop', ins, del, notes: [], warnings: [], diff: d, functions },
      unit ? { unit } : {}, keys ? { unit_keys: keys } : {}));
  });
  return { schema: 4, tool: 'ir-trace 0.1.0', title: 'm', context: 3, snapshots, entries };
}

let browser, file;
before(async () => {
  browser = await launch();
  file = report('unit_entries', unitPayload());
});
after(async () => { await browser.close(); });

const moduleBtn = (page) => page.getByRole('button', { name: 'Whole module', exact: true });
const fnSelect = (page) => page.getByLabel('Function', { exact: true });
const pick = (page, i) => page.getByRole('listbox', { name: 'Passes' }).getByRole('option').nth(i).click();
const chip = (page) => page.locator('.pass-title .unit-chip');
// The view shown, once the page has diffed it (a module view is diffed in the page).
async function shown(page) {
  await page.waitForFunction(() => { const a = window.IrTrace.instance; return !a.job && a.viewData; });
  return page.evaluate(() => {
    const v = window.IrTrace.instance.viewData;
    return { left: v.left, right: v.right, module: !!v.module, files: document.querySelector('.files').textContent };
  });
}
const kinds = async (page) => (await rows(page)).map((r) => r.kind);

test('a unit entry\'s header says what its snapshots hold; the Whole module button only where it applies', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=1' });
  assert.equal(await chip(page).textContent(), 'function f');
  assert.match(await chip(page).getAttribute('title'), /hold only function f, as the log printed it, not the whole module/);
  assert.equal(await moduleBtn(page).isEnabled(), true);
  const labels = [];
  for (const i of [0, 1, 2, 3, 4, 5, 6, 7]) {
    await pick(page, i);
    labels.push([(await chip(page).count()) ? await chip(page).textContent() : null, await moduleBtn(page).isEnabled()]);
  }
  assert.deepEqual(labels, [[null, false], ['function f', true], ['function g', true], ['SCC (f, h)', true], ['loop', true],
    [null, false], ['function g', true], ['function f', true]]);
  // Off, a unit entry shows its own snapshots as they are: the function's own diff.
  await pick(page, 3);
  const own = await shown(page);
  assert.deepEqual([own.left, own.right, own.module], [F1, FH, false]);
  noErrors(errors);
});

test('Whole module shows the module view before and after the pass, diffed in the page; sticky across passes', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=3' });
  await moduleBtn(page).click();
  assert.equal(await moduleBtn(page).getAttribute('aria-pressed'), 'true');
  const v = await shown(page);
  assert.deepEqual([v.left, v.right, v.module], [VIEW2, VIEW3, true]);
  assert.match(v.files, /whole module before 3\. InlinerPass.*whole module after 3\. InlinerPass/);
  await page.evaluate(() => window.IrTrace.instance.diff.setAllFolds(true));
  // f's return changed (one replace row), h and the empty line before it are new (four inserted rows).
  const k = await kinds(page);
  assert.equal(k.filter((x) => x === 'replace').length, 1, k.join(' '));
  assert.equal(k.filter((x) => x === 'insert').length, 4, k.join(' '));
  assert.equal(k.filter((x) => x === 'delete').length, 0, k.join(' '));
  assert.match(await page.locator('.code-rows').textContent(), /define i32 @h\(\)/);
  assert.match(await page.locator('.notices').textContent(), /Whole module: the last module dump with every function dumped since put in its place/);
  // Copy after copies the module view.
  await page.evaluate(() => { window.__copied = []; navigator.clipboard.writeText = async (t) => { window.__copied.push(t); }; });
  await page.getByRole('button', { name: 'Copy after' }).click();
  assert.equal(await page.evaluate(() => window.__copied[0]), VIEW3.join('\n') + '\n');
  // The loop pass: the same module on both sides (a loop adds nothing); the module pass: its own snapshots.
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('j');
  assert.equal(await selected(page), 4);
  const loop = await shown(page);
  assert.deepEqual([loop.left, loop.right, loop.module], [VIEW3, VIEW3, true]);
  assert.equal(await moduleBtn(page).getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('j');
  const mod = await shown(page);
  assert.deepEqual([mod.left, mod.right, mod.module], [VIEW3, M5, false]);
  assert.equal(await moduleBtn(page).isDisabled(), true);
  // After the module pass, the next unit's module view starts from it.
  await page.keyboard.press('j');
  const g6 = await shown(page);
  assert.deepEqual([g6.left, g6.right], [M5, M5.map((l) => (l === '  ret i32 2' ? '  ret i32 9' : l))]);
  // Off again: the unit's own snapshots.
  await moduleBtn(page).click();
  const off = await shown(page);
  assert.deepEqual([off.left, off.right, off.module], [G1, G6, false]);
  noErrors(errors);
});

test('the function selector works over the module view\'s sections', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=3' });
  await moduleBtn(page).click();
  await shown(page);
  const options = await fnSelect(page).locator('option').allTextContents();
  // Changed and added first (f's counts are the pass's own for f; the lines outside functions gained the
  // empty line before h), then the rest.
  assert.deepEqual(options, ['Whole file', '@f  +1 -1', '@h  (added, +3)', '(outside functions)  (changed)', '@g']);
  await fnSelect(page).selectOption({ label: options[2] });
  const h = await shown(page);
  assert.deepEqual([h.left, h.right], [[], VIEW3.slice(12, 15)]);
  assert.deepEqual(await rows(page), [13, 14, 15].map((a) => ({ kind: 'insert', before: null, after: a })), 'h\'s lines, numbered in the module view');
  await fnSelect(page).selectOption({ label: options[4] });
  const g = await shown(page);
  assert.deepEqual([g.left, g.right], [VIEW2.slice(8, 11), VIEW3.slice(8, 11)]);
  assert.deepEqual((await rows(page)).map((r) => [r.kind, r.before, r.after]), [['equal', 9, 9], ['equal', 10, 10], ['equal', 11, 11]]);
  // The chosen function sticks when the toggle goes off: the unit's own snapshot of it.
  await fnSelect(page).selectOption({ label: options[1] });
  await moduleBtn(page).click();
  const own = await shown(page);
  assert.deepEqual([own.left, own.right], [F1, FH.slice(1, 4)]);
  noErrors(errors);
});

test('m toggles Whole module, is listed in the help, and says why on a pass that holds the whole file', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=2' });
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('m');
  assert.equal(await moduleBtn(page).getAttribute('aria-pressed'), 'true');
  assert.deepEqual((await shown(page)).right, VIEW2);
  await page.keyboard.press('m');
  assert.equal(await moduleBtn(page).getAttribute('aria-pressed'), 'false');
  assert.deepEqual((await shown(page)).right, G1);
  await pick(page, 5);
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('m');
  assert.equal(await moduleBtn(page).getAttribute('aria-pressed'), 'false');
  assert.match(await page.locator('.toast').textContent(), /only for a pass that ran on one function, SCC or loop/);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard help' });
  const keys = await help.locator('dt').allTextContents();
  const at = keys.indexOf('m');
  assert.ok(at >= 0, 'm is listed: ' + keys.join(', '));
  assert.match(await help.locator('dd').nth(at).textContent(), /whole module/);
  noErrors(errors);
});

test('the size chart breaks the whole file\'s line at unit entries; a function\'s line goes through them', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=5' });
  await page.waitForSelector('svg.size-chart');
  const path = () => page.locator('svg.size-chart .size-line').getAttribute('d');
  // Whole file: the frontend (12 lines) and the module pass (17 lines), not joined through the units.
  const whole = await path();
  assert.equal((whole.match(/M/g) || []).length, 2, whole);
  assert.equal((whole.match(/L/g) || []).length, 0, whole);
  const points = await page.locator('svg.size-chart circle.size-pt').evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('data-entry'))));
  assert.deepEqual(points, [5], 'no point at a unit entry');
  // Function h: from the SCC pass that adds it on, through passes on other units and the loop.
  await pick(page, 3);
  await fnSelect(page).selectOption({ index: 2 });
  await page.waitForFunction(() => /function h/.test(document.querySelector('.chart-label').textContent));
  const h = await path();
  assert.equal((h.match(/M/g) || []).length, 1, h);
  assert.equal((h.match(/L/g) || []).length, 4, h);
  noErrors(errors);
});

// Blame as [after line, pass number or ''] of every row.
async function gutter(page) {
  await page.evaluate(() => window.IrTrace.instance.diff.setAllFolds(true));
  return page.evaluate(() => [...document.querySelectorAll('.code-rows .row:not(.fold)')]
    .filter((r) => r.hasAttribute('data-after'))
    .map((r) => [Number(r.getAttribute('data-after')), r.querySelector('.bl').textContent]));
}
const want = (list) => list.map((n, i) => [i + 1, n === null ? '' : String(n)]);

test('blame follows a unit\'s before whoever wrote it, through "lines" snapshots to where lines were copied from', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=6' });
  await page.getByRole('button', { name: 'Blame', exact: true }).click();
  await shown(page);
  // g's second pass: its before is g's first pass's after (the same unit): ret 9 is its own, the attrs
  // line pass 2's, the rest the frontend's (through the "lines" cut of g out of the module).
  assert.deepEqual(await gutter(page), want([2, 0, 6, 0]));
  // The module pass: its before is the module view ("lines"), each line blamed where it was copied from;
  // the empty line the view puts before the new h is nobody's.
  await pick(page, 5);
  await shown(page);
  // (The SCC pass's diff keeps f's old "}" as h's: f's own "}" is the pass's.)
  assert.deepEqual(await gutter(page), want([0, 0, 3, 0, 3, 3, 0, 2, 0, 2, 0, null, 3, 3, 0, 0, 5]));
  // f's pass whose before is the SCC's after (another unit's snapshot): followed there, as any before (the
  // attrs line is the SCC pass's, ret 10 its own, the rest the frontend's). No line is left blank.
  await pick(page, 7);
  await shown(page);
  assert.deepEqual(await gutter(page), want([3, 0, 7, 0]));
  // The whole module of the SCC pass: blamed through its runs.
  await pick(page, 3);
  await moduleBtn(page).click();
  await shown(page);
  assert.deepEqual(await gutter(page), want([0, 0, 3, 0, 3, 3, 0, 2, 0, 2, 0, null, 3, 3, 0, 0, 0]));
  // A click opens the introducing pass at that line, in its module view (g's attrs line: pass 2).
  await page.locator('.code-rows .row[data-after="8"] .bl').click();
  assert.equal(await selected(page), 2);
  const v = await shown(page);
  assert.equal(v.module, true);
  await page.waitForFunction(() => window.IrTrace.instance.diff.cursor >= 0);
  const cursorAfter = await page.evaluate(() => {
    const d = window.IrTrace.instance.diff;
    return window.IrTrace.rows.afterLineAt(d.rows, d.items, d.view.rightNums, d.cursor, d.stacked);
  });
  assert.equal(v.right[cursorAfter], '; Function Attrs: cold');
  noErrors(errors);
});

test('find across passes counts unit and "lines" snapshots', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=1' });
  await page.getByRole('button', { name: 'Find across passes' }).click();
  const box = page.getByRole('searchbox', { name: 'Find across passes' });
  await box.fill('@h()');
  await box.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.across-results li').length > 0);
  const list = page.getByRole('list', { name: 'Passes where the match count changes' });
  // h appears with the SCC pass; the module pass's before (a "lines" snapshot) already holds it; the
  // last pass on f drops it from its snapshot (it holds f only: its link names @f).
  assert.deepEqual(await list.getByRole('link').allTextContents(), ['3. InlinerPass  (f, h)', '7. InstCombinePass  @f']);
  noErrors(errors);
});

test('each unit entry\'s row names its unit (@f, (f, h), loop), and "Filter passes" finds a function\'s passes by its name', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=1' });
  const names = await page.locator('[role="option"] .name').allTextContents();
  assert.deepEqual(names, ['0. frontend', '1. InstCombinePass  @f', '2. SROAPass  @g', '3. InlinerPass  (f, h)', '4. LICMPass  loop',
    '5. GlobalOptPass', '6. InstCombinePass  @g', '7. InstCombinePass  @f']);
  assert.match(await page.locator('#entry-3').getAttribute('title'), /^3\. InlinerPass on \(f, h\)/);
  await page.getByRole('searchbox', { name: 'Filter passes' }).fill('@g');
  const found = await page.evaluate(() => [...document.querySelectorAll('[role="option"]')].map((o) => Number(o.getAttribute('data-entry'))));
  assert.deepEqual(found, [2, 6, 5], 'the passes on g (whole word) first, then GlobalOptPass (a word prefix)');
  await page.getByRole('searchbox', { name: 'Filter passes' }).fill('h');
  const onH = await page.evaluate(() => [...document.querySelectorAll('[role="option"]')].map((o) => Number(o.getAttribute('data-entry'))));
  assert.ok(onH.includes(3), 'the SCC holding h: ' + onH);
  noErrors(errors);
});

test('find across passes names the unit of a unit entry\'s result (its counts are of that function or SCC)', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=1' });
  await page.getByRole('button', { name: 'Find across passes' }).click();
  const box = page.getByRole('searchbox', { name: 'Find across passes' });
  await box.fill('ret i32 2');
  await box.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.across-results li').length > 0);
  const links = await page.locator('.across-results a').allTextContents();
  assert.equal(links[0], '2. SROAPass  @g', links.join(' | '));
  assert.match(await page.locator('.across-results li').first().textContent(), /first appears: 1 match$/);
  noErrors(errors);
});
