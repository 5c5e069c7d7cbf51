// Issue 9, the sidebar: the ranked pass search (item 6), Home / End / PageUp / PageDown in the pass list
// (item 7), collapsed runs of no-op passes (item 13) and names that wrap between words (item 8). The real
// LLVM report comes from the binary.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, report, tmpDir, noErrors, selected, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';
import { noopRunsPayload } from './generated.mjs';

const SHARED = process.env.IRTRACE_FIXTURES || path.resolve(ROOT, '..', 'shared', 'fixtures');
const dump = (rel) => path.join(SHARED, rel, 'passes_dump');
const skipFor = (rel) => (!fs.existsSync(IRTRACE_BIN) ? `ir-trace binary not found at ${IRTRACE_BIN}`
  : fs.existsSync(dump(rel)) ? false : `fixture ${dump(rel)} not found`);

let browser, runs;
const converted = {};
before(async () => {
  browser = await launch();
  runs = report('noop_runs', noopRunsPayload());
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
const passList = (page) => page.getByRole('listbox', { name: 'Passes' });
const searchBox = (page) => page.getByRole('searchbox', { name: 'Filter passes' });

// Entry indices of the options shown (not hidden), in the list's order.
const shown = (page) => page.evaluate(() => [...document.querySelectorAll('[role="listbox"][aria-label="Passes"] [role="option"]')]
  .filter((o) => !o.hidden).map((o) => Number(o.getAttribute('data-entry'))));
const hiddenOptions = (page) => page.evaluate(() => [...document.querySelectorAll('[role="listbox"][aria-label="Passes"] [role="option"]')]
  .filter((o) => o.hidden).map((o) => Number(o.getAttribute('data-entry'))).sort((a, b) => a - b));
const matchCount = (page) => page.locator('.search-row [role="status"]');

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
  assert.equal(await list.getByRole('option', { includeHidden: true }).count(), 14, 'every pass stays an option');
  assert.deepEqual(await hiddenOptions(page), [2, 3, 4, 5, 6, 11, 12, 13]);
  assert.equal(await list.getByRole('option').count(), 6);
  const five = list.getByRole('button', { name: '5 no-op passes' });
  const three = list.getByRole('button', { name: '3 no-op passes' });
  assert.equal(await five.count(), 1);
  assert.equal(await three.count(), 1);
  assert.equal(await list.getByRole('button').count(), 2, 'two no-ops in a row stay as they are');
  assert.equal(await list.locator('[role="option"] button, button[role="option"]').count(), 0, 'the summary rows are no options');
  // The summary row sits where the run is.
  assert.equal(await page.evaluate(() => document.querySelector('.noop-run').nextElementSibling.getAttribute('data-entry')), '2');
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

// ---- item 8: names wrap between words ----

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

