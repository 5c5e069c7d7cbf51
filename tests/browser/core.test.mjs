// Browser tests of the core viewer (issue 2's list): pass list, header, filters, selection, keys,
// layouts, folding, function selector, n/p, copy, warnings, error box, codegen, theme, intra-line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, fixture, noErrors, selected, rows, visibleEntries } from './harness.mjs';
import { compressPayload } from './make_report.mjs';

let browser, small, phases;
before(async () => {
  browser = await launch();
  small = report('small3', fixture('small3.json'));
  phases = report('phases_failed', fixture('phases_failed.json'));
});
after(async () => { await browser.close(); });

test('pass list shows "N. PassName", +I -D and the no-op, warning, failed, codegen markers', async () => {
  const { page, errors } = await open(browser, small);
  const list = page.getByRole('listbox', { name: 'Passes' });
  const opts = list.getByRole('option');
  assert.equal(await opts.count(), 4);
  const t1 = await opts.nth(1).innerText();
  assert.match(t1, /1\.\s+ConvertToSSA/);
  assert.match(t1, /\+4\s*-4/);
  const noop = opts.nth(2);
  assert.match(await noop.getAttribute('class'), /st-noop/);
  assert.match(await noop.innerText(), /no-op/);
  assert.equal(await noop.locator('.badge').count(), 1, 'warning badge');
  assert.equal(await opts.nth(1).locator('.badge').count(), 0);
  const p = await open(browser, phases);
  const o2 = p.page.getByRole('listbox', { name: 'Passes' }).getByRole('option');
  assert.match(await o2.nth(3).getAttribute('class'), /st-failed/);
  assert.match(await o2.nth(3).innerText(), /failed/);
  assert.match(await o2.nth(5).getAttribute('class'), /st-codegen/);
  assert.match(await o2.nth(5).textContent(), /device\s+codegen_device\.cpp/);
  assert.match(await o2.nth(6).textContent(), /host\s+codegen_host\.cpp/);
  noErrors(errors);
  noErrors(p.errors);
});

test('the first changed pass is selected on open and the header names both snapshot files', async () => {
  const { page, errors } = await open(browser, small);
  assert.equal(await selected(page), 1);
  const files = await page.locator('.files').innerText();
  assert.match(files, /00_frontend\.py/);
  assert.match(files, /01_after_ConvertToSSA\.py/);
  noErrors(errors);
});

test('the compressed payload envelope (deflate-base64) loads the same report', async () => {
  const file = report('small3-z', compressPayload(fixture('small3.json')));
  const { page, errors } = await open(browser, file);
  assert.equal(await selected(page), 1);
  assert.equal(await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').count(), 4);
  noErrors(errors);
});

test('a report of a newer data schema is refused with a message naming both versions', async () => {
  const newer = Object.assign(fixture('small3.json'), { schema: 6 });
  const plain = report('schema6', newer);
  const zipped = report('schema6-z', Object.assign(compressPayload(fixture('small3.json')), { schema: 6 }));
  for (const file of [plain, zipped]) {
    const { page, errors } = await open(browser, file);
    assert.equal(await page.locator('.fatal').textContent(),
      'ir-trace: this report uses data schema 6, newer than this viewer reads (5); open it with the ir-trace that wrote it');
    noErrors(errors);
  }
});

test('Changed and No-op filters hide passes and move the selection to the nearest visible one', async () => {
  const { page, errors } = await open(browser, small);
  await page.getByRole('checkbox', { name: 'Changed', exact: true }).uncheck();
  assert.deepEqual(await visibleEntries(page), [0, 2], 'the frontend heads the list while a pass is visible');
  assert.equal(await selected(page), 0, 'pass 1 hidden: 0 and 2 are as near, the lower wins');
  await page.getByRole('checkbox', { name: 'No-op', exact: true }).uncheck();
  assert.deepEqual(await visibleEntries(page), []);
  assert.equal(await page.getByText('No passes match the filters').first().isVisible(), true);
  await page.getByRole('checkbox', { name: 'Changed', exact: true }).check();
  assert.deepEqual(await visibleEntries(page), [0, 1, 3]);
  assert.notEqual(await selected(page), -1);
  noErrors(errors);
});

test('j / k and the arrow keys move between visible passes', async () => {
  const { page, errors } = await open(browser, small);
  await page.keyboard.press('j');
  assert.equal(await selected(page), 2);
  await page.keyboard.press('k');
  assert.equal(await selected(page), 1);
  await page.keyboard.press('ArrowDown');
  assert.equal(await selected(page), 2);
  await page.keyboard.press('ArrowUp');
  assert.equal(await selected(page), 1);
  await page.getByRole('checkbox', { name: 'No-op', exact: true }).uncheck();
  await page.locator('body').click({ position: { x: 700, y: 5 } });
  await page.keyboard.press('j');
  assert.equal(await selected(page), 3, 'j skips the filtered no-op pass');
  await page.keyboard.press('k');
  assert.equal(await selected(page), 1);
  noErrors(errors);
});

test('keys are ignored while typing in a box', async () => {
  const { page, errors } = await open(browser, small);
  await page.keyboard.press('/');
  await page.keyboard.type('jjn');
  assert.equal(await page.getByRole('searchbox', { name: 'Find in pass' }).inputValue(), 'jjn');
  assert.equal(await selected(page), 1);
  assert.equal(await page.locator('.row.cursor').count(), 0);
  noErrors(errors);
});

test('side-by-side rows carry data-kind and 1-based line numbers of both sides', async () => {
  const { page, errors } = await open(browser, small);
  const r = await rows(page);
  assert.deepEqual(r.filter((x) => x.kind === 'replace'), [
    { kind: 'replace', before: 4, after: 4 }, { kind: 'replace', before: 5, after: 5 },
    { kind: 'replace', before: 8, after: 8 }, { kind: 'replace', before: 9, after: 9 },
  ]);
  assert.deepEqual(r.filter((x) => x.kind === 'equal').map((x) => x.before), [3, 6, 7]);
  assert.equal(r.filter((x) => x.kind === 'fold').length, 1);
  assert.equal(await page.getByRole('button', { name: 'Side by side' }).getAttribute('aria-pressed'), 'true');
  noErrors(errors);
});

test('stacked layout shows each change block as its old lines then its new lines', async () => {
  const { page, errors } = await open(browser, small);
  await page.getByRole('button', { name: 'Stacked' }).click();
  const r = (await rows(page)).filter((x) => x.kind === 'replace');
  assert.deepEqual(r.slice(0, 4), [
    { kind: 'replace', before: 4, after: null }, { kind: 'replace', before: 5, after: null },
    { kind: 'replace', before: null, after: 4 }, { kind: 'replace', before: null, after: 5 },
  ]);
  assert.equal(await page.getByRole('button', { name: 'Stacked' }).getAttribute('aria-pressed'), 'true');
  await page.getByRole('button', { name: 'Side by side' }).click();
  assert.equal((await rows(page)).filter((x) => x.kind === 'replace')[0].after, 4);
  noErrors(errors);
});

test('folding: a fold expands by itself; Expand all and Collapse all', async () => {
  const { page, errors } = await open(browser, small);
  const fold = page.locator('[data-kind="fold"]');
  assert.equal(await fold.count(), 1);
  assert.match(await fold.innerText(), /2 unchanged lines/);
  await fold.getByRole('button', { name: 'Expand' }).click();
  assert.equal(await fold.count(), 0);
  assert.deepEqual((await rows(page)).slice(0, 2).map((x) => x.before), [1, 2]);
  await page.getByRole('button', { name: 'Collapse all' }).click();
  assert.equal(await fold.count(), 1);
  await page.getByRole('button', { name: 'Expand all' }).click();
  assert.equal(await fold.count(), 0);
  noErrors(errors);
});

test('the function selector is sticky: a pass without it shows the whole file, and it comes back', async () => {
  const { page, errors } = await open(browser, small);
  const sel = page.getByLabel('Function', { exact: true });
  const labels = await sel.locator('option').allInnerTexts();
  assert.equal(labels[0], 'Whole file');
  assert.match(labels[1], /^add\s+\+2 -2$/);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  assert.equal(await selected(page), 3);
  await sel.selectOption({ label: (await sel.locator('option').allInnerTexts()).find((l) => l.startsWith('sub')) });
  assert.deepEqual((await rows(page)).map((x) => x.after), [11, 12, 13]);
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('k');
  assert.equal(await selected(page), 2);
  assert.equal(await sel.inputValue(), '-1', 'pass 2 has no "sub": whole file');
  await page.keyboard.press('j');
  assert.match(await sel.locator('option:checked').innerText(), /^sub/);
  assert.deepEqual((await rows(page)).map((x) => x.after), [11, 12, 13]);
  noErrors(errors);
});

test('n / p move between the changes of the pass', async () => {
  const { page, errors } = await open(browser, small);
  const cursor = () => page.evaluate(() => {
    const r = document.querySelector('.row.cursor');
    return r ? Number(r.getAttribute('data-before')) : null;
  });
  await page.keyboard.press('n');
  assert.equal(await cursor(), 4);
  await page.keyboard.press('n');
  assert.equal(await cursor(), 8);
  await page.keyboard.press('p');
  assert.equal(await cursor(), 4);
  noErrors(errors);
});

test('copy the full source of either side', async () => {
  const { page, errors } = await open(browser, small, { clipboard: true });
  const data = fixture('small3.json');
  await page.getByRole('button', { name: 'Copy before' }).click();
  await page.waitForFunction(() => /Copied/.test(document.querySelector('.toast').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), data.snapshots[0].text.join('\n') + '\n');
  await page.getByRole('button', { name: 'Copy after' }).click();
  const after = ['import pypto.language as pl', '', 'def add(a, b):', '    x_0 = pl.add(a_0, b_0)', '    return x_0', '',
    'def mul(a, b):', '    y_0 = pl.mul(a_0, b_0)', '    return y_0'];
  await page.waitForFunction((t) => navigator.clipboard.readText().then((c) => c === t), after.join('\n') + '\n');
  noErrors(errors);
});

test('warnings are shown with the pass', async () => {
  const { page, errors } = await open(browser, small);
  await page.keyboard.press('j');
  const box = page.locator('.warn-box');
  assert.match(await box.innerText(), /line 3: invalid UTF-8 replaced by U\+FFFD/);
  assert.match(await box.innerText(), /02_after_Simplify\.log/);
  noErrors(errors);
});

test('a failed pass shows its error in an error box', async () => {
  const { page, errors } = await open(browser, phases);
  await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').nth(3).click();
  const alert = page.getByRole('alert');
  assert.match(await alert.innerText(), /Pass failed/);
  assert.match(await alert.innerText(), /verifier failed: value 'y' is used before it is defined/);
  assert.match(await page.locator('.notes').innerText(), /only line endings differ/);
  noErrors(errors);
});

test('codegen entries are shown whole, with line numbers and highlighting', async () => {
  const { page, errors } = await open(browser, phases);
  await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').nth(5).click();
  assert.deepEqual(await rows(page), [1, 2, 3].map((n) => ({ kind: 'equal', before: null, after: n })));
  assert.ok(await page.locator('.code-rows .s-kw').count() > 0, 'C keywords highlighted');
  assert.match(await page.locator('.code-rows').innerText(), /__global__ void k/);
  noErrors(errors);
});

test('the theme follows the system and the toggle is remembered', async () => {
  const dark = await open(browser, small, { colorScheme: 'dark' });
  const bg = (p) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await bg(dark.page), 'rgb(13, 17, 23)');
  const { page, errors } = await open(browser, small, { colorScheme: 'light' });
  assert.equal(await bg(page), 'rgb(255, 255, 255)');
  await page.getByRole('button', { name: 'Theme' }).click();
  assert.equal(await bg(page), 'rgb(13, 17, 23)');
  await page.reload();
  await page.waitForSelector('[role="option"][aria-selected="true"]');
  assert.equal(await bg(page), 'rgb(13, 17, 23)', 'kept after reload');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.reload();
  await page.waitForSelector('[role="option"][aria-selected="true"]');
  assert.equal(await bg(page), 'rgb(255, 255, 255)');
  noErrors(errors);
  noErrors(dark.errors);
});

test('the theme follows system changes until the user picks one', async () => {
  const { page, errors } = await open(browser, small, { colorScheme: 'light' });
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
  assert.equal(await bg(), 'rgb(13, 17, 23)');
  await page.getByRole('button', { name: 'Theme' }).click();
  assert.equal(await bg(), 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await bg(), 'rgb(255, 255, 255)', 'the user\'s choice wins');
  noErrors(errors);
});

test('a snapshot shown as a whole file gets one note naming the file and the reason', async () => {
  const p = fixture('phases_failed.json');
  for (const i of [0, 3, 4, 5]) p.snapshots[i].fallback = 'duplicate function key \'k\'';
  // A report from before the C++ side stopped writing its own copy of the note.
  p.entries[4].notes = ['function view unavailable: 04_after_AllocateMemory.py: duplicate function key \'k\''];
  p.entries[0].notes = ['function view unavailable: duplicate function key \'k\''];
  const file = report('fallback_notes', p);
  const notes = async (page) => page.locator('.notes li').allTextContents();
  const why = ': function view unavailable, shown as a whole file (duplicate function key \'k\')';
  const { page, errors } = await open(browser, file, { hash: '#pass=0' });
  assert.deepEqual(await notes(page), ['00_frontend.py' + why]);
  await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').nth(4).click();
  assert.deepEqual(await notes(page), ['03_after_Verify.py' + why, '04_after_AllocateMemory.py' + why]);
  await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').nth(5).click();
  assert.deepEqual(await notes(page), ['codegen_device.cpp' + why]);
  noErrors(errors);
});

test('replace rows highlight the changed words (character fallback inside a word)', async () => {
  const { page, errors } = await open(browser, small);
  const right = await page.locator('[data-kind="replace"][data-after="4"] .c[data-side="R"] .hl').allInnerTexts();
  assert.deepEqual(right, ['_0', '_0', '_0']);
  assert.equal(await page.locator('[data-kind="replace"][data-after="4"] .c[data-side="L"] .hl').count(), 0);
  const r5 = await page.locator('[data-kind="replace"][data-after="5"] .c[data-side="R"] .hl').allInnerTexts();
  assert.deepEqual(r5, ['_0']);
  noErrors(errors);
});

test('a missing final newline is shown on the last line', async () => {
  const { page, errors } = await open(browser, phases, { hash: '#pass=4' });
  assert.match(await page.locator('[data-after="2"] .c[data-side="R"]').textContent(), /no newline at end of file/);
  assert.equal(await page.locator('.c[data-side="L"] .noeol').count(), 0);
  noErrors(errors);
});
