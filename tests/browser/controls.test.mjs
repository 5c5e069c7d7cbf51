// Issue 9, item 3: characters that draw nothing (C0 controls but tab, DEL, C1 controls, a leading
// byte-order mark) are drawn as visible symbols with a tooltip naming the code point; the CR of a CRLF
// line end is not drawn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, IRTRACE_BIN } from './harness.mjs';

const skip = fs.existsSync(IRTRACE_BIN) ? false : `ir-trace binary not found at ${IRTRACE_BIN}`;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('control characters and a leading BOM are drawn as symbols with their code point', { skip }, async () => {
  const dir = path.join(tmpDir(), 'controls');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, '00_frontend.py'), "a = 'xy'\nb = 'red'\nc = 'ff'\nd = 'del'\ne = 'nel'\nz = 2\r\n");
  fs.writeFileSync(path.join(dir, '01_after_A.py'),
    "\ufeffa = 'x\ry'\nb = '\u001b[31mred'\nc = '\fff'\nd = 'del\u007f'\ne = 'n\u0085el'\nz = 2\r\n");
  const out = path.join(tmpDir(), 'controls.html');
  execFileSync(IRTRACE_BIN, [dir, '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const { page, errors } = await open(browser, out);
  const right = page.locator('.code-rows .c[data-side="R"] .ctl');
  const symbols = await right.allTextContents();
  for (const s of ['BOM', '\u240d', '\u241b', '\u240c', '\u2421', '\\x85']) assert.ok(symbols.includes(s), s + ' in ' + symbols.join(' '));
  assert.equal(symbols.length, 6, 'the CRLF line end draws nothing: ' + symbols.join(' '));
  const titles = await right.evaluateAll((els) => els.map((e) => e.title));
  assert.ok(titles.includes('U+000D CARRIAGE RETURN'), titles.join(' | '));
  assert.ok(titles.includes('U+FEFF BYTE ORDER MARK'), titles.join(' | '));
  assert.ok(titles.includes('U+0085 NEXT LINE'), titles.join(' | '));
  // No control character is left in the page's code text.
  const text = await page.locator('.code-rows').textContent();
  assert.doesNotMatch(text, /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
  // The left side has none of them.
  assert.equal(await page.locator('.code-rows .c[data-side="L"] .ctl').count(), 0);
  // The stacked layout draws them the same way.
  await page.getByRole('button', { name: 'Stacked' }).click();
  const stacked = await page.locator('.code-rows .ctl').allTextContents();
  assert.deepEqual(stacked.sort(), symbols.slice().sort());
  noErrors(errors);
});
