// Issue 18 point 2: printer renumbering of LLVM `#N` / `!N` is never a change. A module-scope log whose
// second pass deletes f (the printer renumbers g's metadata) and whose third only renumbers: the pass list
// counts by meaning, the diff hides pure renumbering by default (the payload's "meaning" ops, equal rows
// marked ≈) and "Show renumbering" shows the raw text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, open, tmpDir, rows, noErrors, IRTRACE_BIN } from './harness.mjs';

const mod = (fns, md) => ['; ModuleID = \'x.c\'', '', ...fns, 'attributes #0 = { nounwind }', '', ...md].join('\n') + '\n';
const f = ['; Function Attrs: nounwind', 'define void @f(ptr %p) #0 {', '  store i32 1, ptr %p, align 4, !tbaa !2', '  ret void', '}', ''];
const g = (n) => ['; Function Attrs: nounwind', 'define void @g(ptr %p) #0 {', `  store float 1.0, ptr %p, align 4, !tbaa !${n}`, '  ret void', '}', ''];
const tbaa = ['!4 = !{!"omnipotent char", !5, i64 0}', '!5 = !{!"Simple C/C++ TBAA"}'];
const log = [
  '; *** IR Dump After Annotation2MetadataPass on [module] ***',
  mod([...f, ...g(6)], ['!2 = !{!3, !3, i64 0}', '!3 = !{!"int", !4, i64 0}', ...tbaa, '!6 = !{!7, !7, i64 0}', '!7 = !{!"float", !4, i64 0}']),
  '; *** IR Dump After GlobalDCEPass on [module] ***',
  mod(g(2), ['!2 = !{!3, !3, i64 0}', '!3 = !{!"float", !4, i64 0}', ...tbaa]),
  '; *** IR Dump After RenumberPass on [module] ***',
  mod(g(8), ['!8 = !{!9, !9, i64 0}', '!9 = !{!"float", !4, i64 0}', ...tbaa]),
].join('\n');

let browser, file;
before(async () => {
  browser = await launch();
  const dir = tmpDir();
  const logFile = path.join(dir, 'renumber.log');
  fs.writeFileSync(logFile, log);
  file = path.join(dir, 'renumber.html');
  const r = spawnSync(IRTRACE_BIN, [logFile, '-o', file, '-q']);
  assert.equal(r.status, 0, String(r.stderr));
});
after(async () => { await browser.close(); });

test('a pass that only renumbers is a no-op; its diff hides the renumbering until Show renumbering', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=3' });
  const noop = (i) => page.locator(`#entry-${i} .noop-tag`).count();
  // The first pass is a pass (pass 1, Annotation2MetadataPass): GlobalDCEPass is pass 2, RenumberPass 3.
  assert.equal(await noop(3), 1, 'RenumberPass only renumbered: a no-op');
  assert.equal(await noop(2), 0, 'GlobalDCEPass deleted f');
  const btn = page.getByRole('button', { name: 'Show renumbering' });
  assert.equal(await btn.getAttribute('aria-pressed'), 'false');
  let r = await rows(page);
  assert.equal(r.filter((x) => x.kind !== 'equal' && x.kind !== 'fold').length, 0, 'no changed row by default');
  assert.ok(await page.locator('.sg.nq').count() > 0, 'renumbered rows are marked as equal but for the numbers');
  assert.match(await page.locator('.notes').textContent(), /Renumbering of attribute groups #N and metadata !N by the printer is hidden/);
  await btn.click();
  assert.equal(await btn.getAttribute('aria-pressed'), 'true');
  r = await rows(page);
  assert.ok(r.some((x) => x.kind !== 'equal' && x.kind !== 'fold'), 'the raw text shows the renumbered lines as changed');
  assert.match(await page.locator('.notes').textContent(), /Showing renumbering/);
  await btn.click();
  r = await rows(page);
  assert.equal(r.filter((x) => x.kind !== 'equal' && x.kind !== 'fold').length, 0);
  noErrors(errors);
});
