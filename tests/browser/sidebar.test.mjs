// Issue 9, the sidebar: the ranked pass search (item 6), Home / End / PageUp / PageDown in the pass list
// (item 7), collapsed runs of no-op passes (item 13), the per-function history (item 11), names that wrap
// between words and the IR size chart (item 8). The real LLVM and qwen3 reports come from the binary.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, report, fixture, tmpDir, noErrors, selected, rows, passCount, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';
import { noopRunsPayload } from './generated.mjs';

const SHARED = process.env.IRTRACE_FIXTURES || path.resolve(ROOT, '..', 'shared', 'fixtures');
const dump = (rel) => path.join(SHARED, rel, 'passes_dump');
const skipFor = (rel) => (!fs.existsSync(IRTRACE_BIN) ? `ir-trace binary not found at ${IRTRACE_BIN}`
  : fs.existsSync(dump(rel)) ? false : `fixture ${dump(rel)} not found`);

let browser, runs, phases;
const converted = {};
before(async () => {
  browser = await launch();
  runs = report('noop_runs', noopRunsPayload());
  phases = report('phases_failed_sidebar', fixture('phases_failed.json'));
});
after(async () => { await browser.close(); });

function convert(rel) {
  if (!converted[rel]) {
    converted[rel] = path.join(tmpDir(), 'sidebar_' + rel.replace(/\//g, '_') + '.html');
    execFileSync(IRTRACE_BIN, [dump(rel), '-o', converted[rel], '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  }
  return converted[rel];
}

const LLVM = 'llvm/crc';
const QWEN = 'pypto/qwen3_32b_training';
const passList = (page) => page.getByRole('listbox', { name: 'Passes' });
const searchBox = (page) => page.getByRole('searchbox', { name: 'Filter passes' });

// Entry indices of the options shown (not hidden), in the list's order.
const shown = (page) => page.evaluate(() => [...document.querySelectorAll('[role="listbox"][aria-label="Passes"] [role="option"]')]
  .filter((o) => !o.hidden).map((o) => Number(o.getAttribute('data-entry'))));
// The passes of the list (0 to aria-setsize - 1 in a small report) without a rendered option: those inside
// a collapsed run.
const hiddenOptions = (page) => page.evaluate(() => {
  const opts = [...document.querySelectorAll('[role="listbox"][aria-label="Passes"] [role="option"]')];
  const have = new Set(opts.map((o) => Number(o.getAttribute('data-entry'))));
  const n = Number(opts[0].getAttribute('aria-setsize'));
  return [...Array(n).keys()].filter((k) => !have.has(k));
});
const matchCount = (page) => page.locator('.search-row [role="status"]');

// Points of the chart's size line ("x,y" pairs of a polyline's points or a path's d), and its pieces.
const linePoints = (page) => page.locator('svg.size-chart .size-line').evaluate((l) => {
  const text = l.getAttribute('d') || l.getAttribute('points') || '';
  return { points: (text.match(/-?[\d.]+,-?[\d.]+/g) || []).length, pieces: Math.max(1, (text.match(/M/g) || []).length) };
});

// Whether entry i's option lies inside the visible part of the pass list.
const inListView = (page, i) => page.evaluate((k) => {
  const list = document.querySelector('[role="listbox"][aria-label="Passes"]').getBoundingClientRect();
  const o = document.getElementById('entry-' + k).getBoundingClientRect();
  return o.height > 0 && o.top >= list.top - 1 && o.bottom <= list.bottom + 1;
}, i);

// ---- item 6: the ranked pass search ----

test('LLVM: "Filter passes" keeps whole words and word prefixes, ranked, substrings after them; "N of 236" beside it', { skip: skipFor(LLVM) }, async () => {
  const { page, errors } = await open(browser, convert(LLVM));
  await searchBox(page).fill('SLP');
  assert.deepEqual(await shown(page), [181, 213], 'SLP is a word of SLPVectorizerPass only (55 passes matched loosely before)');
  assert.equal(await matchCount(page).textContent(), '2 of 236');
  assert.equal(await matchCount(page).getAttribute('aria-live'), 'polite');
  // "int": the word Int of Float2IntPass, then the prefix of Intrinsic, then the substring in ConstraintElimination;
  // each tier in pass order.
  await searchBox(page).fill('int');
  assert.deepEqual(await shown(page), [168, 198, 6, 11, 169, 199, 45, 109]);
  assert.equal(await matchCount(page).textContent(), '8 of 236');
  assert.equal(await selected(page), 168, 'the current pass no longer matches: the best match is selected');
  // j / k follow the ranked list.
  await passList(page).focus();
  await page.keyboard.press('j');
  assert.equal(await selected(page), 198);
  await page.keyboard.press('j');
  assert.equal(await selected(page), 6);
  await page.keyboard.press('k');
  assert.equal(await selected(page), 198);
  // Separators do not matter: "loop unroll", "loop-unroll" and "LoopUnroll" are the same words.
  for (const q of ['loop unroll', 'loop-unroll', 'LoopUnroll']) {
    await searchBox(page).fill(q);
    assert.deepEqual(await shown(page), [184, 216], q);
  }
  // Subsequences only when nothing else matches.
  await searchBox(page).fill('lpvctz');
  assert.deepEqual(await shown(page), [176, 181, 208, 213], 'LoopVectorizePass and SLPVectorizerPass, fuzzily');
  await searchBox(page).fill('');
  assert.equal(await matchCount(page).textContent(), '');
  assert.equal(await matchCount(page).isVisible(), false);
  assert.equal((await shown(page))[0], 0, 'pass order again');
  noErrors(errors);
});

test('LLVM: the selected pass and deep links keep working with the ranked search', { skip: skipFor(LLVM) }, async () => {
  const { page, errors } = await open(browser, convert(LLVM), { hash: '#pass=213' });
  assert.equal(await selected(page), 213);
  await searchBox(page).fill('SLP');
  assert.equal(await selected(page), 213, 'a visible current pass stays selected');
  await page.evaluate(() => { location.hash = '#pass=20'; });
  await page.waitForFunction(() => document.querySelector('[role="option"][aria-selected="true"]').getAttribute('data-entry') === '20');
  assert.equal(await searchBox(page).inputValue(), '', 'a link to a pass the search hides clears the search');
  assert.equal(await inListView(page, 20), true);
  noErrors(errors);
});

// ---- item 7: Home, End, PageUp, PageDown in the pass list ----

test('LLVM: Home, End, PageUp and PageDown in the pass list follow the visible order', { skip: skipFor(LLVM) }, async () => {
  const { page, errors } = await open(browser, convert(LLVM));
  await passList(page).focus();
  await page.keyboard.press('End');
  assert.equal(await selected(page), 236, 'the last pass, inside a collapsed run of no-ops');
  assert.equal(await inListView(page, 236), true);
  await page.keyboard.press('Home');
  assert.equal(await selected(page), 0);
  await page.keyboard.press('PageDown');
  const down = await selected(page);
  assert.ok(down > 5, 'a page is more than a few passes: ' + down);
  assert.equal(await inListView(page, down), true);
  await page.keyboard.press('PageDown');
  assert.ok(await selected(page) > down);
  await page.keyboard.press('PageUp');
  assert.equal(await selected(page), down);
  await page.keyboard.press('PageUp');
  assert.equal(await selected(page), 0);
  // The visible order: ranked while searching.
  await searchBox(page).fill('int');
  await passList(page).focus();
  await page.keyboard.press('End');
  assert.equal(await selected(page), 109);
  await page.keyboard.press('Home');
  assert.equal(await selected(page), 168);
  // The help lists the keys.
  await page.keyboard.press('?');
  const help = await page.getByRole('dialog', { name: 'Keyboard help' }).textContent();
  assert.match(help, /Home \/ End/);
  assert.match(help, /PageUp \/ PageDown/);
  noErrors(errors);
});

// ---- item 13: runs of no-op passes ----

test('three or more no-op passes in a row collapse into one row that opens by click, Enter or Space', async () => {
  const { page, errors } = await open(browser, runs);
  const list = passList(page);
  // Passes: 1 changed, 2-6 no-op, 7 changed, 8-9 no-op, 10 changed, 11-13 no-op.
  assert.equal(await passCount(page), 14, 'the list counts every pass (aria-setsize)');
  assert.deepEqual(await hiddenOptions(page), [2, 3, 4, 5, 6, 11, 12, 13]);
  assert.equal(await list.getByRole('option').count(), 6);
  const five = list.getByRole('button', { name: '5 no-op passes' });
  const three = list.getByRole('button', { name: '3 no-op passes' });
  assert.equal(await five.count(), 1);
  assert.equal(await three.count(), 1);
  assert.equal(await list.getByRole('button').count(), 2, 'two no-ops in a row stay as they are');
  assert.equal(await list.locator('[role="option"] button, button[role="option"]').count(), 0, 'the summary rows are no options');
  // The summary row sits where the run is.
  assert.deepEqual(await page.evaluate(() => { const r = document.querySelector('.noop-run'); return [r.previousElementSibling, r.nextElementSibling].map((o) => o.getAttribute('data-entry')); }), ['1', '7']);
  assert.equal(await five.getAttribute('aria-expanded'), 'false');
  await five.click();
  assert.equal(await five.getAttribute('aria-expanded'), 'true');
  assert.deepEqual(await hiddenOptions(page), [11, 12, 13]);
  await five.click();
  assert.deepEqual(await hiddenOptions(page), [2, 3, 4, 5, 6, 11, 12, 13]);
  await three.focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await hiddenOptions(page), [2, 3, 4, 5, 6]);
  await page.keyboard.press(' ');
  assert.deepEqual(await hiddenOptions(page), [2, 3, 4, 5, 6, 11, 12, 13]);
  assert.equal(await selected(page), 1, 'opening a run selects nothing');
  noErrors(errors);
});

test('j / k, Home / End and links reach the passes inside a collapsed run, which opens', async () => {
  const { page, errors } = await open(browser, runs);
  const five = passList(page).getByRole('button', { name: '5 no-op passes' });
  assert.equal(await selected(page), 1);
  await page.keyboard.press('j');
  assert.equal(await selected(page), 2);
  assert.equal(await five.getAttribute('aria-expanded'), 'true');
  assert.equal(await inListView(page, 2), true);
  for (let k = 3; k <= 13; k++) {
    await page.keyboard.press('j');
    assert.equal(await selected(page), k);
  }
  assert.deepEqual(await hiddenOptions(page), [], 'every run stepped into is open');
  await five.click();
  await passList(page).focus();
  await page.keyboard.press('Home');
  assert.equal(await selected(page), 0);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  assert.equal(await selected(page), 2);
  assert.equal(await five.getAttribute('aria-expanded'), 'true');
  // A link into a collapsed run.
  const linked = await open(browser, runs, { hash: '#pass=12' });
  assert.equal(await selected(linked.page), 12);
  assert.equal(await inListView(linked.page, 12), true);
  assert.equal(await passList(linked.page).getByRole('button', { name: '3 no-op passes' }).getAttribute('aria-expanded'), 'true');
  assert.deepEqual(await hiddenOptions(linked.page), [2, 3, 4, 5, 6]);
  noErrors(errors);
  noErrors(linked.errors);
});

test('runs are counted among the passes the filters show; a search lists its matches uncollapsed', async () => {
  const { page, errors } = await open(browser, runs);
  await page.getByRole('checkbox', { name: 'Changed', exact: true }).uncheck();
  // Without the changed passes, the no-ops 2-6, 8-9 and 11-13 are one run of ten.
  assert.equal(await passList(page).getByRole('button', { name: '10 no-op passes' }).count(), 1);
  assert.deepEqual(await shown(page), [0]);
  await page.getByRole('checkbox', { name: 'Changed', exact: true }).check();
  await searchBox(page).fill('idle');
  assert.deepEqual(await shown(page), [2, 3, 4, 5, 6, 8, 9, 11, 12, 13]);
  assert.equal(await passList(page).getByRole('button').count(), 0);
  await searchBox(page).fill('Idle4');
  assert.deepEqual(await shown(page), [4]);
  await searchBox(page).fill('');
  assert.equal(await selected(page), 4, 'the pass the search selected stays, its run open');
  assert.deepEqual(await hiddenOptions(page), [11, 12, 13]);
  assert.equal(await passList(page).getByRole('button', { name: '5 no-op passes' }).getAttribute('aria-expanded'), 'true');
  noErrors(errors);
});

// ---- item 11: the history of one function ----

const AIC = 'Qwen332BTrainingForwardBackward.qwen3_32b_training_forward_and_backward_layer_incore_0_aic';
const LAYER = 'Qwen332BTrainingForwardBackward.qwen3_32b_training_forward_and_backward_layer';

test('qwen3: "Only passes that change it" lists the passes that touch the selected function', { skip: skipFor(QWEN) }, async () => {
  const { page, errors } = await open(browser, convert(QWEN), { hash: '#pass=8' });
  const only = page.getByRole('checkbox', { name: 'Only passes that change it' });
  assert.equal(await only.isDisabled(), true, 'no function selected');
  const fnSel = page.getByLabel('Function', { exact: true });
  await fnSel.selectOption({ label: (await fnSel.locator('option').allTextContents()).find((l) => l.startsWith('qwen3_32b_training_forward_and_backward_layer_incore_0_aic')) });
  await only.check();
  assert.deepEqual(await shown(page), [8, 10], 'added at 8, changed at 10; the frontend has no such function');
  await page.keyboard.press('j');
  assert.equal(await selected(page), 10);
  await page.keyboard.press('j');
  assert.equal(await selected(page), 10);
  await fnSel.selectOption({ label: (await fnSel.locator('option').allTextContents()).find((l) => /^qwen3_32b_training_forward_and_backward_layer\s/.test(l)) });
  assert.deepEqual(await shown(page), [0, 2, 3, 4, 5, 7, 8, 10], 'the frontend heads the history of a function it has');
  await fnSel.selectOption({ label: 'Whole file' });
  assert.equal(await only.isDisabled(), true);
  assert.equal(await only.isChecked(), false);
  assert.equal((await shown(page)).length, 11, 'every pass again, no-ops 11-13 collapsed');
  noErrors(errors);
});

test('qwen3: with a function selected the size chart shows that function\'s lines per pass', { skip: skipFor(QWEN) }, async () => {
  // Tall enough for every row of the function: the view puts only the rows on screen into the DOM.
  const { page, errors } = await open(browser, convert(QWEN), { hash: '#pass=8&fn=' + encodeURIComponent(AIC), viewport: { width: 1280, height: 9000 } });
  const label = page.locator('.chart-label');
  assert.equal(await label.textContent(), 'Lines per pass: function qwen3_32b_training_forward_and_backward_layer_incore_0_aic');
  assert.equal(await label.getAttribute('title'), 'Lines of function ' + AIC + ' in each snapshot');
  const svg = page.locator('svg.size-chart');
  assert.match(await svg.getAttribute('aria-label'), /^Size of function .*_aic per pass: \d+ to \d+ lines$/);
  // The function's own size at pass 8: the rows of its view with every fold open.
  const expand = page.getByRole('button', { name: 'Expand all' });
  if (await expand.isEnabled()) await expand.click();
  const size8 = (await rows(page)).filter((r) => r.after !== null).length;
  const pts = await svg.locator('circle.size-pt').evaluateAll((cs) => cs.map((c) => [c.getAttribute('data-entry'), c.textContent]));
  assert.deepEqual(pts.map((p) => p[0]), ['8', '10'], 'the points mark the passes that change the function');
  assert.equal(pts[0][1], '8. ExpandMixedKernel: ' + size8 + ' lines');
  // The line starts where the function appears (pass 8) and runs to the last pass: 6 points.
  assert.deepEqual(await linePoints(page), { points: 6, pieces: 1 });
  // Whole file: the file's size again.
  await page.getByLabel('Function', { exact: true }).selectOption({ label: 'Whole file' });
  assert.equal(await label.textContent(), 'Lines per pass: whole file');
  assert.match(await svg.getAttribute('aria-label'), /^IR size per pass: /);
  assert.deepEqual(await linePoints(page), { points: 14, pieces: 1 });
  // The layer function exists everywhere: one unbroken line, the history of the function.
  await page.goto('about:blank');
  const b = await open(browser, convert(QWEN), { hash: '#pass=3&fn=' + encodeURIComponent(LAYER) });
  assert.deepEqual(await b.page.locator('svg.size-chart circle.size-pt').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-entry'))), ['2', '3', '4', '5', '7', '8', '10']);
  noErrors(errors);
  noErrors(b.errors);
});

// ---- item 8: names wrap between words; the size chart ----

test('LLVM: long pass names wrap only between their words, never inside one', { skip: skipFor(LLVM) }, async () => {
  const { page, errors } = await open(browser, convert(LLVM));
  // A narrow pass list (200 px: every word of a name fits, whole names often do not), every run open.
  await page.getByRole('separator', { name: 'Resize the pass list' }).focus();
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowLeft');
  for (const b of await passList(page).getByRole('button').all()) await b.click();
  const res = await page.evaluate(() => {
    const bad = [];
    let wrapped = 0;
    for (const name of document.querySelectorAll('.pass .name')) {
      const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
      let lines = 0, lastTop = null;
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        for (let i = 0; i < t.data.length; i++) {
          const r = document.createRange();
          r.setStart(t, i); r.setEnd(t, i + 1);
          const rect = r.getClientRects()[0];
          if (!rect) continue; // a collapsed space at a line end
          if (lastTop !== null && rect.top > lastTop + 2) {
            lines++;
            // A new line may start a text node (after a <wbr>) or follow a space; never inside a word.
            if (i > 0 && !/\s/.test(t.data[i - 1])) bad.push(name.textContent + ' @' + i + ' in "' + t.data + '"');
          }
          lastTop = rect.top;
        }
      }
      if (lines) wrapped++;
    }
    return { bad, wrapped };
  });
  assert.ok(res.wrapped >= 3, 'some names wrap at this width: ' + res.wrapped);
  assert.deepEqual(res.bad, []);
  noErrors(errors);
});

test('the size chart draws the IR only: codegen files are not points of its line', async () => {
  const { page, errors } = await open(browser, phases);
  // Entries: frontend, passes 1-4, two codegen files.
  assert.deepEqual(await linePoints(page), { points: 5, pieces: 1 });
  await passList(page).getByRole('option').nth(6).click();
  assert.equal(await page.locator('svg.size-chart .size-sel').getAttribute('visibility'), 'hidden', 'no marker for a codegen file');
  noErrors(errors);
});

test('LLVM: the size chart has at least 3 px per pass, scrolls, and keeps the selected pass in view', { skip: skipFor(LLVM) }, async () => {
  const { page, errors } = await open(browser, convert(LLVM));
  const geo = () => page.evaluate(() => {
    const svg = document.querySelector('svg.size-chart');
    const box = svg.parentElement.getBoundingClientRect();
    const sel = document.querySelector('svg.size-chart .size-sel').getBoundingClientRect();
    return { width: svg.getBoundingClientRect().width, boxWidth: box.width, selX: sel.left + sel.width / 2, left: box.left, right: box.right };
  });
  const g0 = await geo();
  assert.ok(g0.width >= 3 * 236, 'at least 3 px per pass: ' + g0.width);
  assert.ok(g0.width > g0.boxWidth, 'wider than the sidebar: it scrolls');
  await passList(page).focus();
  for (const key of ['End', 'Home', 'PageDown', 'PageDown', 'PageDown', 'End']) {
    await page.keyboard.press(key);
    const g = await geo();
    assert.ok(g.selX >= g.left && g.selX <= g.right, key + ': the selected pass is in view (' + JSON.stringify(g) + ')');
  }
  // A click selects the pass under the pointer, also scrolled.
  const svgBox = await page.locator('svg.size-chart').boundingBox();
  const box = await page.locator('.chart-scroll').boundingBox();
  const x = box.x + box.width - 20;
  const expect = Math.round((x - svgBox.x - 4) / ((svgBox.width - 8) / 236));
  await page.mouse.click(x, box.y + 20);
  assert.ok(Math.abs(await selected(page) - expect) <= 1, 'clicked near entry ' + expect + ', got ' + await selected(page));
  noErrors(errors);
});

// The first selection does not read layout (the first diff paints sooner); the pass a link names must still
// end up wholly in view in the list, after the size chart (drawn after the first frame) has taken its height.
test('LLVM: a link to a pass far down the list shows that pass wholly in the list', { skip: skipFor(LLVM) }, async () => {
  for (const pass of [61, 230]) {
    const { page, errors, context } = await open(browser, convert(LLVM), { hash: '#pass=' + pass, viewport: { width: 1400, height: 800 } });
    await page.waitForSelector('svg.size-chart');
    await page.waitForFunction(() => {
      const o = document.querySelector('[role="option"][aria-selected="true"]'), l = document.querySelector('[role="listbox"]');
      const a = o.getBoundingClientRect(), b = l.getBoundingClientRect();
      return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    }, null, { timeout: 3000 }).catch(() => {});
    const box = await page.evaluate(() => {
      const o = document.querySelector('[role="option"][aria-selected="true"]'), l = document.querySelector('[role="listbox"]');
      const a = o.getBoundingClientRect(), b = l.getBoundingClientRect();
      return { option: [a.top, a.bottom], list: [b.top, b.bottom], entry: Number(o.getAttribute('data-entry')) };
    });
    assert.equal(box.entry, pass);
    assert.ok(box.option[0] >= box.list[0] - 1 && box.option[1] <= box.list[1] + 1, 'pass ' /* 1 px: sub-pixel rounding */ + pass + ' wholly in the list: ' + JSON.stringify(box));
    noErrors(errors);
    await context.close();
  }
});

test('Esc in "Filter passes" clears the query and shows again the pass shown before the typing', async () => {
  const { page, errors } = await open(browser, runs, { hash: '#pass=7' });
  assert.equal(await selected(page), 7);
  await searchBox(page).click();
  await page.keyboard.type('Idle12');
  assert.equal(await selected(page), 12, 'the best match is shown while typing');
  await page.keyboard.press('Escape');
  assert.equal(await searchBox(page).inputValue(), '');
  assert.equal(await selected(page), 7, 'the pass shown before the typing');
  assert.equal(await matchCount(page).textContent(), '');
  noErrors(errors);
});
