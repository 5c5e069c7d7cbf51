// Issue 9, the sidebar: the ranked pass search (item 6) and names that wrap between words (item 8). The
// real LLVM report comes from the binary.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, selected, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const SHARED = process.env.IRTRACE_FIXTURES || path.resolve(ROOT, '..', 'shared', 'fixtures');
const dump = (rel) => path.join(SHARED, rel, 'passes_dump');
const skipFor = (rel) => (!fs.existsSync(IRTRACE_BIN) ? `ir-trace binary not found at ${IRTRACE_BIN}`
  : fs.existsSync(dump(rel)) ? false : `fixture ${dump(rel)} not found`);

let browser;
const converted = {};
before(async () => { browser = await launch(); });
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

// ---- item 8: names wrap between words ----

test('LLVM: long pass names wrap only between their words, never inside one', { skip: skipFor(LLVM) }, async () => {
  const { page, errors } = await open(browser, convert(LLVM));
  // A narrow pass list (200 px: every word of a name fits, whole names often do not).
  await page.getByRole('separator', { name: 'Resize the pass list' }).focus();
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowLeft');
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

