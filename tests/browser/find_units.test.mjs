// Find across passes on a function-scope LLVM log (each pass prints only its function or loop): a loop
// entry's count is its function's as the module view shows it after the pass (the loop's blocks spliced in),
// never the loop dump's own (a part of the function), and "first appears" is said once per function.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, IRTRACE_BIN } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

function convert(name, log) {
  const file = path.join(tmpDir(), name + '.log');
  fs.writeFileSync(file, log);
  const out = path.join(tmpDir(), name + '.html');
  const r = spawnSync(IRTRACE_BIN, [file, '-o', out, '-q']);
  assert.equal(r.status, 0, String(r.stderr));
  return out;
}

// f: a mul in its entry block, its loop's body (block 3) with an add, later a mul; g: a mul from pass 5 on.
const body = (x, y) => `  %x = add i32 ${x}, 1\n  ${y}\n  br label %3\n`;
const loop = (x, y) => `\n; Preheader:\n  br label %3\n\n; Loop:\n3:\n${body(x, y)}`;
const f = (x, y) => `define i32 @f() {\n  %m = mul i32 1, 2\n  br label %3\n\n3:\n${body(x, y)}}\n`;
const g = (y) => `define i32 @g() {\n  ${y}\n  ret i32 0\n}\n`;
const log = '; *** IR Dump After A on [module] ***\n' +
  `; ModuleID = 'm'\nsource_filename = "m.c"\n\n${f(0, '%y = add i32 %x, 2')}\n${g('%z = add i32 1, 2')}\n` +
  '; *** IR Dump After LoopRotatePass on loop %for.body in function f ***\n' + loop(0, '%y = mul i32 %x, 2') +
  '; *** IR Dump After LICMPass on loop %for.body in function f ***\n' + loop(7, '%y = mul i32 %x, 2') +
  '; *** IR Dump After InstCombinePass on f ***\n' + f(7, '%y = mul i32 %x, 2') +
  '; *** IR Dump After B on g ***\n' + g('%z = mul i32 1, 2');

test('find across passes counts a loop entry\'s function as the module view shows it, "first appears" per function', async () => {
  const { page, errors } = await open(browser, convert('find_units', log));
  await page.getByRole('button', { name: 'Find across passes', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Find across passes' });
  await box.fill('mul i32');
  await box.press('Enter');
  await page.waitForFunction(() => /changes at|No pass changes/.test(document.querySelector('.across-msg')?.textContent || ''));
  const got = await page.evaluate(() => [...document.querySelectorAll('.across-results li')].map((li) => [li.querySelector('a').textContent, li.querySelector('.what').textContent]));
  // The module-scope truth: f 1 at pass 1, 2 from LoopRotate on (LICM and InstCombine change no count), g 1 from pass 5.
  assert.deepEqual(got, [
    ['1. A', 'first appears: 1 match'],
    ['4. InstCombinePass  @f', '1 match \u2192 2'],
    ['5. B  @g', 'first appears: 1 match'],
  ]);
  noErrors(errors);
});
