// Issue 20: the readers' notes on entries ("log_notes": what a log cannot show, which passes a change may
// come from): a badge on the pass's row, the notes among the pass's notices, one filterable list of every
// note linking its pass. A hand-made payload; the note texts are untrusted (no markup is made of them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, noErrors, selected } from './harness.mjs';
import { buildPayload } from './payload.mjs';

let browser, file;
before(async () => {
  browser = await launch();
  const base = ['def f(a):', '    return a'];
  const passes = [];
  let cur = base;
  for (let k = 1; k <= 5; k++) {
    cur = cur.slice();
    if (k % 2) cur.splice(1, 0, `    b${k} = a + ${k}`);
    passes.push({ name: 'Step' + k, file: `0${k}_after_Step${k}.py`, text: cur.join('\n') + '\n' });
  }
  const payload = buildPayload({ title: 'notes', frontend: { file: '00_frontend.py', text: base.join('\n') + '\n' }, passes });
  payload.entries[3].log_notes = [
    { kind: 'not shown', text: 'the log prints <b>no</b> IR for this pass', functions: ['f'], from: [] },
    { kind: 'origin', text: 'this change may come from an earlier pass', functions: [], from: [1, 2] },
  ];
  payload.entries[5].log_notes = [{ kind: 'not shown', text: 'a module pass the log summarises', functions: [] }, { kind: 'bad' }];
  file = report('log_notes', payload);
});
after(async () => { await browser.close(); });

test('entries with log_notes have a badge; the pass shows its notes; one list of every note filters and opens its pass', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=1' });
  const badged = await page.evaluate(() => [...document.querySelectorAll('[role="option"]')].filter((o) => o.querySelector('.note-badge')).map((o) => Number(o.getAttribute('data-entry'))));
  assert.deepEqual(badged, [3, 5]);
  assert.equal(await page.locator('#entry-3 .note-badge').getAttribute('title'), '2 notes on what the log cannot show');
  await page.locator('#entry-3').click();
  const notices = await page.locator('.notes').textContent();
  assert.match(notices, /not shown: the log prints <b>no<\/b> IR for this pass \(function f\)/);
  assert.match(notices, /origin: this change may come from an earlier pass \(may come from 1\. Step1, 2\. Step2\)/);
  assert.equal(await page.locator('.notes b').count(), 0, 'no markup from a note');
  await page.getByRole('button', { name: 'Notes (3)' }).click();
  const list = page.getByRole('list', { name: 'Notes' });
  assert.equal(await list.getByRole('listitem').count(), 3, 'a note without text is skipped');
  assert.equal(await page.locator('.notes-msg').textContent(), '3 of 3 notes');
  await page.getByRole('searchbox', { name: 'Filter notes' }).fill('module');
  assert.deepEqual(await list.getByRole('link').allTextContents(), ['5. Step5']);
  assert.equal(await page.locator('.notes-msg').textContent(), '1 of 3 notes');
  await list.getByRole('link', { name: '5. Step5' }).click();
  assert.equal(await selected(page), 5);
  noErrors(errors);
});

test('a report without log_notes has no Notes button and no badge', async () => {
  const plain = report('log_notes_none', buildPayload({ title: 'plain', frontend: { file: '00_frontend.py', text: 'x = 1\n' }, passes: [{ name: 'A', file: '01_after_A.py', text: 'x = 2\n' }] }));
  const { page, errors } = await open(browser, plain);
  assert.equal(await page.getByRole('button', { name: /^Notes/ }).count(), 0);
  assert.equal(await page.locator('.note-badge').count(), 0);
  noErrors(errors);
});
