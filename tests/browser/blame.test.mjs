// Issue 9, item 9: blame. Each line of a snapshot shows the pass that introduced it (the last pass whose
// diff inserted it, followed back through each pass's whole-file diff; frontend lines are 0), in a gutter
// beside the after side's line numbers, in both layouts, in the function and the whole-file view; a click
// opens that pass with the line in view. Provenance is known by construction: a line deleted and inserted
// again later, a pass stored as "same", snapshots stored as a delta from an older snapshot ({"from": k},
// skipping passes) and in full, and the real binary's own storage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, report, tmpDir, noErrors, selected, IRTRACE_BIN } from './harness.mjs';
import { diff } from './payload.mjs';

// The program, pass by pass. Each line names where it comes from: "fe" the frontend, "pN" pass N.
const DEF = 'def f(x):', RET = '    return c';
const A = '    a = x  # fe', B = '    b = a  # fe', C = '    c = b  # fe';
const X = '    t = a  # p1', C5 = '    c = b + t  # p5', Y = '    y = c  # p6';
const texts = [
  [DEF, A, B, C, RET], // frontend
  [DEF, A, X, B, C, RET], // 1 Insert: X
  [DEF, A, X, C, RET], // 2 Drop: B deleted
  [DEF, A, X, C, RET], // 3 Nothing (no-op)
  [DEF, A, X, B, C, RET], // 4 Readd: B inserted again (the frontend's text)
  [DEF, A, X, B, C5, RET], // 5 Edit: C replaced
  [DEF, A, X, B, C5, Y, RET], // 6 Tail: Y
];
// How each snapshot is stored: the storage skips passes, so following it would blame the wrong pass.
// 4 is a delta from 1 (whose text it equals: storage says "nothing new"), 5 is full text, 6 a delta from 4.
const storage = ['text', 'delta:0', 'delta:1', 'same:2', 'delta:1', 'text', 'delta:4'];
const names = ['frontend', 'Insert', 'Drop', 'Nothing', 'Readd', 'Edit', 'Tail'];
// Expected blame of each snapshot (pass numbers).
const expected = [
  [0, 0, 0, 0, 0],
  [0, 0, 1, 0, 0, 0],
  [0, 0, 1, 0, 0],
  [0, 0, 1, 0, 0],
  [0, 0, 1, 4, 0, 0],
  [0, 0, 1, 4, 5, 0],
  [0, 0, 1, 4, 5, 6, 0],
];

// A schema-2 payload with the storage above; every pass's diff is the real one (before -> after).
function blamePayload() {
  const snapshots = texts.map((lines, i) => {
    const s = { file: i ? `${String(i).padStart(2, '0')}_after_${names[i]}.py` : '00_frontend.py', lang: 'python', eol: true, n: lines.length, sections: [['f', 0, lines.length]] };
    const [how, from] = storage[i].split(':');
    if (how === 'text') s.text = lines;
    else if (how === 'same') s.same = Number(from);
    else {
      const d = diff(texts[Number(from)], lines);
      const ins = [];
      let y = 0;
      for (let t = 0; t < d.ops.length; t += 3) { y += d.ops[t]; ins.push(...lines.slice(y, y + d.ops[t + 2])); y += d.ops[t + 2]; }
      s.delta = { from: Number(from), ops: d.ops, ins, fix: [] };
    }
    return s;
  });
  const entries = [{ kind: 'frontend', num: 0, name: 'frontend', after: 0, status: 'frontend', ins: 0, del: 0, notes: [], warnings: [] }];
  for (let k = 1; k < texts.length; k++) {
    const d = diff(texts[k - 1], texts[k]);
    let ins = 0, del = 0;
    for (let t = 0; t < d.ops.length; t += 3) { del += d.ops[t + 1]; ins += d.ops[t + 2]; }
    const changed = ins + del > 0;
    entries.push({
      kind: 'pass', num: k, name: names[k], before: k - 1, after: k, status: changed ? 'changed' : 'noop', ins, del,
      notes: [], warnings: [], diff: d, functions: changed ? [{ key: 'f', status: 'changed', ins, del, diff: d }] : [],
    });
  }
  snapshots.push({ file: 'codegen_device.cpp', lang: 'c', eol: true, n: 2, text: ['int k() {', '}'], sections: [] });
  entries.push({ kind: 'codegen', name: 'codegen_device.cpp', role: 'device', after: 7, status: 'codegen', ins: 0, del: 0, notes: [], warnings: [] });
  return { schema: 2, tool: 'ir-trace 0.1.0', title: 'blame', context: 3, snapshots, entries };
}

const skipBin = fs.existsSync(IRTRACE_BIN) ? false : `ir-trace binary not found at ${IRTRACE_BIN} (build it, or set IRTRACE_BIN)`;
let browser, file, binFile;
before(async () => {
  browser = await launch();
  file = report('blame', blamePayload());
  if (skipBin) return;
  // The same story through the real binary: it stores no-ops as "same" as an older snapshot and deltas
  // from the one before, or full text.
  const dump = path.join(tmpDir(), 'blame_dump');
  fs.mkdirSync(dump, { recursive: true });
  texts.forEach((lines, i) => fs.writeFileSync(path.join(dump, i ? `${String(i).padStart(2, '0')}_after_${names[i]}.py` : '00_frontend.py'), lines.join('\n') + '\n'));
  binFile = path.join(tmpDir(), 'blame_dump.html');
  execFileSync(IRTRACE_BIN, [dump, '-o', binFile, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
});
after(async () => { await browser.close(); });

const blameBtn = (page) => page.getByRole('button', { name: 'Blame', exact: true });

// [after line (1-based), blame text] of every rendered row that has an after line; a row without one
// (a deleted line) must still hold one blame cell, empty, so the column keeps its place.
async function gutter(page) {
  const got = await page.evaluate(() => [...document.querySelectorAll('.code-rows .row:not(.fold)')].map((r) => {
    const cells = r.querySelectorAll('.bl');
    if (cells.length !== 1) return ['cells', cells.length];
    return [r.hasAttribute('data-after') ? Number(r.getAttribute('data-after')) : 'none', cells[0].textContent];
  }));
  for (const g of got) assert.ok(g[0] !== 'cells' && (g[0] !== 'none' || g[1] === ''), 'one cell a row, empty without an after line: ' + g);
  return got.filter((g) => g[0] !== 'none');
}

// Blame of entry `pass` as [line, pass number] pairs, as the page shows it.
async function blameOf(page, pass) {
  await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').nth(pass).click();
  await page.waitForFunction((n) => new RegExp('pass=' + n + '(&|$)').test(location.hash), pass);
  return gutter(page);
}

const want = (k) => expected[k].map((n, i) => [i + 1, String(n)]);

test('blame follows every pass\'s diff, not the storage: a re-inserted line, a "same" pass, deltas from older snapshots, full text', async () => {
  const { page, errors } = await open(browser, file);
  assert.equal(await blameBtn(page).getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('.bl').count(), 0, 'no gutter while Blame is off');
  await blameBtn(page).click();
  assert.equal(await blameBtn(page).getAttribute('aria-pressed'), 'true');
  for (let k = 0; k < texts.length; k++) {
    // Expand all so every line is rendered.
    await blameOf(page, k);
    await page.evaluate(() => window.IrTrace.instance.diff.setAllFolds(true));
    assert.deepEqual(await gutter(page), want(k), `snapshot ${k}`);
  }
  // Deleted lines (pass 2 drops B) have an empty cell: the column keeps its place.
  await blameOf(page, 2);
  const del = await page.locator('.code-rows .row.k-delete .bl').first();
  assert.equal(await del.textContent(), '');
  noErrors(errors);
});

test('blame in the function view and the stacked layout; frontend lines are 0; the tooltip names the pass; b toggles and sticks', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=6&fn=f&layout=stacked' });
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('b');
  assert.equal(await blameBtn(page).getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByLabel('Function', { exact: true }).locator('option:checked').textContent(), 'f  +1 -0');
  await page.evaluate(() => window.IrTrace.instance.diff.setAllFolds(true));
  assert.deepEqual((await gutter(page)), want(6));
  const cell = page.locator('.code-rows .row[data-after="4"] .bl');
  assert.equal(await cell.getAttribute('title'), 'Inserted by pass 4. Readd. Click to open that pass at this line');
  assert.equal(await page.locator('.code-rows .row[data-after="1"] .bl').getAttribute('title'), 'From the frontend (pass 0): no pass inserted this line. Click to open the frontend');
  // The gutter sits beside the after side's line numbers (stacked: after the second number, before the sign).
  const box = async (sel) => page.locator('.code-rows .row[data-after="4"] ' + sel).evaluateAll((els) => els.map((x) => x.getBoundingClientRect().left));
  const [lnL, lnR] = await box('.ln');
  const [bl] = await box('.bl');
  const [sg] = await box('.sg');
  assert.ok(lnL < lnR && lnR < bl && bl < sg, `ln ${lnL} < ln ${lnR} < blame ${bl} < sign ${sg}`);
  // Colours by pass: two passes, two hues; the frontend's cell is plain.
  const hue = (n) => page.locator(`.code-rows .row[data-after="${n}"] .bl`).evaluate((x) => x.style.getPropertyValue('--bh'));
  assert.notEqual(await hue(3), await hue(4));
  assert.equal(await page.locator('.code-rows .row[data-after="1"] .bl').getAttribute('class'), 'bl fe');
  // The choice is stored like the layout: a new page of the same context shows the gutter at once.
  const page2 = await page.context().newPage();
  await page2.goto('file://' + file + '#pass=0');
  await page2.waitForSelector('.code-rows .row .bl');
  assert.deepEqual(await page2.locator('.code-rows .row .bl').allTextContents(), ['0', '0', '0', '0', '0'], 'the frontend: every line from pass 0');
  // Off again with b.
  await page.keyboard.press('b');
  assert.equal(await page.locator('.code-rows .bl').count(), 0);
  noErrors(errors);
});

test('side by side: the gutter sits between the after side\'s line number and its code, on every row kind', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=5' });
  await blameBtn(page).click();
  const geometry = await page.evaluate(() => [...document.querySelectorAll('.code-rows .row:not(.fold)')].map((r) => {
    const lns = r.querySelectorAll('.ln'), cs = r.querySelectorAll('.c'), bl = r.querySelector('.bl');
    return { kind: r.getAttribute('data-kind'), ln: lns[1].getBoundingClientRect().right, bl: bl.getBoundingClientRect().left, blr: bl.getBoundingClientRect().right, code: cs[1].getBoundingClientRect().left };
  }));
  assert.ok(new Set(geometry.map((g) => g.kind)).size >= 2, 'more than one row kind: ' + geometry.map((g) => g.kind));
  for (const g of geometry) assert.ok(Math.abs(g.bl - g.ln) < 1 && g.blr <= g.code + 0.5, JSON.stringify(g));
  assert.equal(new Set(geometry.map((g) => g.code)).size, 1, 'the after side\'s code column has one x on every row');
  noErrors(errors);
});

test('clicking a blame number opens that pass with the line in view and the cursor on it; Shift+B does it from the keyboard', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=6&fn=f' });
  await blameBtn(page).click();
  await page.locator('.code-rows .row[data-after="4"] .bl').click();
  await page.waitForFunction(() => /pass=4&fn=f/.test(location.hash));
  assert.equal(await selected(page), 4);
  const cur = page.locator('.code-rows .row.cursor');
  assert.equal(await cur.getAttribute('data-after'), '4');
  assert.equal(await cur.getAttribute('data-kind'), 'insert', 'pass 4 inserted it');
  assert.equal(await cur.locator('.t').textContent(), B);
  assert.ok(await cur.isVisible());
  // From pass 6 again, by keyboard: n goes to its change (line 6, Y) and Shift+B opens pass 6 itself.
  await page.goto('file://' + file + '#pass=6');
  await page.waitForSelector('.code-rows .row');
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('n');
  await page.keyboard.press('Shift+B');
  assert.equal(await selected(page), 6);
  assert.equal(await page.locator('.code-rows .row.cursor').getAttribute('data-after'), '6');
  // A frontend line opens the frontend at that line.
  await page.getByRole('button', { name: 'Expand all' }).click();
  await page.locator('.code-rows .row[data-after="2"] .bl').click();
  await page.waitForFunction(() => /pass=0/.test(location.hash));
  assert.equal(await selected(page), 0);
  assert.equal(await page.locator('.code-rows .row.cursor').getAttribute('data-after'), '2');
  noErrors(errors);
});

test('codegen has no pass provenance: no blame numbers; the help lists b and Shift+B', async () => {
  const { page, errors } = await open(browser, file, { hash: '#codegen=codegen_device.cpp' });
  await blameBtn(page).click();
  assert.equal(await page.locator('.code-rows .bl[data-entry]').count(), 0);
  await page.keyboard.press('?');
  const keys = await page.getByRole('dialog', { name: 'Keyboard help' }).locator('dt').allTextContents();
  assert.ok(keys.includes('b') && keys.includes('Shift+B'), keys.join(' | '));
  noErrors(errors);
});

test('the real binary\'s report: blame through "same" snapshots and deltas matches the known provenance', { skip: skipBin }, async () => {
  const { page, errors } = await open(browser, binFile);
  await blameBtn(page).click();
  for (let k = 0; k < texts.length; k++) {
    await blameOf(page, k);
    await page.evaluate(() => window.IrTrace.instance.diff.setAllFolds(true));
    assert.deepEqual((await gutter(page)), want(k), `snapshot ${k}`);
  }
  noErrors(errors);
});
