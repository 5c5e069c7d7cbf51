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

// Issue 9, item 1: every row kind keeps the same column geometry (a filler cell once took the padding of
// the "No passes match" message and moved the code column).
test('the code columns start at the same x on every row kind, in both layouts', { skip }, async () => {
  const dir = path.join(tmpDir(), 'columns');
  fs.mkdirSync(dir, { recursive: true });
  const before = ['def f():', '    a = 1', '    b = 2', '    c = 3', '    d = 4', '    return a'];
  const after = ['def f():', '    a = 1', '    b = 20', '    inserted_only = 9', '    d = 4', '    return a'];
  fs.writeFileSync(path.join(dir, '00_frontend.py'), before.join('\n') + '\n');
  // Delete-only (c = 3), insert-only (a new line far from others), replace (b), equal.
  fs.writeFileSync(path.join(dir, '01_after_A.py'),
    ['def f():', '    a = 1', '    b = 20', '    d = 4', '    zzz_totally_new_line(q, r, s)', '    return a'].join('\n') + '\n');
  const out = path.join(tmpDir(), 'columns.html');
  execFileSync(IRTRACE_BIN, [dir, '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const { page, errors } = await open(browser, out);
  const xs = () => page.evaluate(() => {
    const byKind = {};
    for (const row of document.querySelectorAll('.code-rows .row[data-kind]')) {
      const kind = row.getAttribute('data-kind');
      if (kind === 'fold') continue;
      const cells = [...row.querySelectorAll(':scope > .c')].map((c) => Math.round(c.getBoundingClientRect().left));
      (byKind[kind] = byKind[kind] || []).push(cells.join(','));
    }
    return byKind;
  });
  const side = await xs();
  for (const k of ['equal', 'delete', 'insert', 'replace']) assert.ok(side[k], 'a ' + k + ' row: ' + JSON.stringify(side));
  const all = new Set(Object.values(side).flat());
  assert.equal(all.size, 1, 'side by side: ' + JSON.stringify(side));
  await page.getByRole('button', { name: 'Stacked' }).click();
  const stacked = new Set(Object.values(await xs()).flat());
  assert.equal(stacked.size, 1, 'stacked: ' + JSON.stringify([...stacked]));
  noErrors(errors);
});

// Issue 9, item 2: highlights and cuts fall on grapheme boundaries; no text node holds half a surrogate pair.
test('a changed emoji, flag or ZWJ sequence is highlighted whole, never cut in half', { skip }, async () => {
  const dir = path.join(tmpDir(), 'graphemes');
  fs.mkdirSync(dir, { recursive: true });
  // Lines over the long-line limit made of emoji at even and at odd offsets: wherever the view cuts them,
  // one of the two would be cut inside a surrogate pair.
  const long = "e = '" + '😀'.repeat(6000) + "'\nf = 'x" + '😀'.repeat(6000) + "'\n";
  fs.writeFileSync(path.join(dir, '00_frontend.py'), "a = '😀'\nb = '🇯🇵'\nc = '👨‍👩‍👧'\nd = '漢😀字'\n" + long);
  fs.writeFileSync(path.join(dir, '01_after_A.py'), "a = '😁'\nb = '🇰🇷'\nc = '👨‍👩‍👦'\nd = '漢😁字'\n" + long);
  const out = path.join(tmpDir(), 'graphemes.html');
  execFileSync(IRTRACE_BIN, [dir, '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const { page, errors } = await open(browser, out);
  const check = async (layout) => {
    const lone = await page.evaluate(() => {
      const bad = [];
      const walk = document.createTreeWalker(document.querySelector('.code-rows'), NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(n.data)) bad.push(n.data);
      }
      return bad;
    });
    assert.deepEqual(lone, [], layout + ': no text node holds a lone surrogate');
    const hl = await page.locator('.code-rows .c.ins .hl').allTextContents();
    for (const g of ['😁', '🇰🇷', '👨‍👩‍👦']) assert.ok(hl.some((h) => h.includes(g)), layout + ': ' + g + ' highlighted whole in ' + JSON.stringify(hl));
    const del = await page.locator('.code-rows .c.del .hl').allTextContents();
    for (const g of ['😀', '🇯🇵', '👨‍👩‍👧']) assert.ok(del.some((h) => h.includes(g)), layout + ': ' + g + ' highlighted whole in ' + JSON.stringify(del));
  };
  await check('side by side');
  await page.getByRole('button', { name: 'Stacked' }).click();
  await check('stacked');
  noErrors(errors);
});
