// Issue 24: with --context 2 the page showed all five unchanged lines between two changes (it folded only
// runs of 2 or more) while --terminal cut them as diff -U does. One rule for both, stated in the man page
// (--context): a run of unchanged lines is folded whenever at least one line would be hidden. The page is
// checked against the terminal's hunks of the same dump (tests/terminal_diff_test.cpp checks those).
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

// 17 lines; lines 4, 10 and 15 change: 3 unchanged lines before the first change (N+1 for N = 2), 5 between
// the first two (2N+1), 4 between the last two (2N), 2 after the last (N).
const numbered = (edit) => Array.from({ length: 17 }, (_, i) => (edit.includes(i + 1) ? 'x' : `l${i + 1}`)).join('\n') + '\n';

function dump(name) {
  const dir = path.join(tmpDir(), name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, '00_frontend.py'), numbered([]));
  fs.writeFileSync(path.join(dir, '01_after_Edit.py'), numbered([4, 10, 15]));
  return dir;
}

test('--context 2: the page folds a run whenever one line would be hidden, as --terminal cuts it', { skip }, async () => {
  const dir = dump('fold-rule');
  const out = path.join(tmpDir(), 'fold-rule.html');
  execFileSync(IRTRACE_BIN, [dir, '-o', out, '--context', '2', '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const { page, errors } = await open(browser, out);
  const r = await rows(page);
  const folds = page.locator('[data-kind="fold"]');
  assert.equal(await folds.count(), 2);
  for (let i = 0; i < 2; i++) assert.match(await folds.nth(i).innerText(), /\b1 unchanged line\b/);
  const shown = r.filter((x) => x.kind === 'equal').map((x) => x.before);
  assert.deepEqual(shown, [2, 3, 5, 6, 8, 9, 11, 12, 13, 14, 16, 17]);
  // The terminal shows the same unchanged lines (its context lines, ' ' first) and hides the same two.
  const text = execFileSync(IRTRACE_BIN, [dir, '--terminal', '--context', '2', '--color', 'never'], { encoding: 'utf8' });
  const context = text.split('\n').filter((l) => /^ l\d+$/.test(l)).map((l) => Number(l.slice(2)));
  assert.deepEqual(context, shown);
  // Expanding a one-line fold shows that line.
  await folds.first().getByRole('button', { name: 'Expand' }).click();
  assert.deepEqual((await rows(page)).filter((x) => x.kind === 'equal').map((x) => x.before).slice(0, 3), [1, 2, 3]);
  noErrors(errors);
});
