// Issue 8's viewer share, end to end through the real binary: a pass that crashed (a .log one past the
// last snapshot) shows as failed with its log and no snapshot of its own; a CR-only snapshot copies back
// with its CR line ends; a byte-order mark added by a pass is a no-op with a note.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, rows, IRTRACE_BIN } from './harness.mjs';

const skip = fs.existsSync(IRTRACE_BIN) ? false : `ir-trace binary not found at ${IRTRACE_BIN}`;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

// Writes `files` ({name: text}) as a dump and converts it. Returns the report's path.
function convert(name, files) {
  const dir = path.join(tmpDir(), name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), text);
  const out = path.join(tmpDir(), name + '.html');
  execFileSync(IRTRACE_BIN, [dir, '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return out;
}

const option = (page, name) => page.getByRole('listbox', { name: 'Passes' }).getByRole('option', { name });

test('a crashed pass is listed as failed, with its log and the IR before it', { skip }, async () => {
  const file = convert('crashed', {
    '00_frontend.py': 'def kernel():\n    return 1\n',
    '01_after_UnrollLoops.py': 'def kernel():\n    return 2\n',
    '02_after_AllocateMemoryAddr.log': 'error: tile 3 needs 300 KB: out of UB memory\n',
  });
  const { page, errors } = await open(browser, file);
  const crashed = option(page, /2\. AllocateMemoryAddr/);
  assert.equal(await crashed.count(), 1);
  await crashed.click();
  const box = page.locator('.error-box');
  assert.match(await box.textContent(), /out of UB memory/);
  assert.match(await box.textContent(), /02_after_AllocateMemoryAddr\.log/);
  assert.match(await box.textContent(), /wrote no snapshot: it crashed \(its log is the last file of the dump\)/);
  // Said once (the error box), not again as a note; no +0 -0 for a pass that wrote nothing; neither layout
  // button pressed for the one side shown (found by a new-user trial).
  assert.equal(await page.locator('.notes').count(), 0, 'no note repeats the error box');
  assert.equal(await page.locator('.pass-title .n-ins, .pass-title .n-del').count(), 0);
  for (const name of ['Side by side', 'Stacked']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed'), 'false', name);
  }
  // One side only: the last snapshot written, as equal rows with after-side numbers.
  const r = await rows(page);
  assert.equal(r.length, 2);
  assert.ok(r.every((x) => x.kind === 'equal' && x.before === null));
  assert.match(await page.locator('.code-rows').textContent(), /return 2/);
  // Its functions are those of the IR shown, all unchanged, and each can be selected.
  const fnOptions = await page.getByLabel('Function', { exact: true }).locator('option').allTextContents();
  assert.ok(fnOptions.some((o) => o.includes('kernel')), fnOptions.join(' | '));
  await page.getByLabel('Function', { exact: true }).selectOption({ label: fnOptions.find((o) => o.includes('kernel')) });
  assert.match(await page.locator('.code-rows').textContent(), /return 2/);
  // Counted by the Failed filter.
  await page.getByRole('checkbox', { name: 'Failed' }).uncheck();
  assert.equal(await crashed.isHidden(), true);
  noErrors(errors);
});

test('an empty crash log still makes a failed entry that says so', { skip }, async () => {
  const file = convert('crashed_empty', {
    '00_frontend.py': 'x = 1\n',
    '01_after_Parse.log': '',
  });
  const { page, errors } = await open(browser, file);
  await option(page, /1\. Parse/).click();
  assert.match(await page.locator('.error-box').textContent(), /01_after_Parse\.log is empty/);
  noErrors(errors);
});

test('a CR-only snapshot copies back with CR line ends; a BOM-only pass is a no-op with a note', { skip }, async () => {
  const file = convert('line_ends', {
    '00_frontend.py': 'def f():\n    return 1\n',
    '01_after_A.py': 'def f():\r    return 1\r',
    '02_after_B.py': '\ufeffdef f():\r    return 1\r',
  });
  const { page, context, errors } = await open(browser, file, { clipboard: true });
  await option(page, /1\. A/).click();
  assert.match(await page.locator('.notes').textContent(), /only line endings differ \(CR vs LF\)/);
  await page.getByRole('button', { name: 'Copy after' }).click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((c) => c === 'def f():\r    return 1\r'));
  await option(page, /2\. B/).click();
  assert.match(await page.locator('.notes').textContent(), /byte-order mark \(U\+FEFF\) was added/);
  assert.match(await page.locator('.notes').textContent(), /No-op/);
  await context.close();
  noErrors(errors);
});
