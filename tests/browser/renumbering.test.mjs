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

// MLIR: a module-scope log whose second pass only renames an alias (`#map1` as `#map`, the first one used
// no more after the first pass's fold) is a no-op, with the MLIR note.
const mlirLog = [
  '// -----// IR Dump After Canonicalizer (canonicalize) //----- //',
  '#map = affine_map<(d0) -> (d0 + 1)>',
  '#map1 = affine_map<(d0)[s0] -> (d0 * 2 + s0)>',
  'module {',
  '  func.func @a(%i: index) -> index {',
  '    %0 = affine.apply #map(%i)',
  '    return %0 : index',
  '  }',
  '  func.func @b(%i: index, %s: index) -> index {',
  '    %0 = affine.apply #map1(%i)[%s]',
  '    return %0 : index',
  '  }',
  '}',
  '',
  '// -----// IR Dump After SymbolDCE (symbol-dce) //----- //',
  '#map = affine_map<(d0)[s0] -> (d0 * 2 + s0)>',
  'module {',
  '  func.func @b(%i: index, %s: index) -> index {',
  '    %0 = affine.apply #map(%i)[%s]',
  '    return %0 : index',
  '  }',
  '}',
  '',
  '// -----// IR Dump After CSE (cse) //----- //',
  '#map = affine_map<(d0)[s0] -> (d0 * 2 + s0)>',
  'module {',
  '  func.func @b(%i: index, %s: index) -> index {',
  '    %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%i)[%s]',
  '    return %0 : index',
  '  }',
  '}',
  '',
].join('\n');

test('MLIR: an alias the printer renames or spells inline is no change, with its note', async () => {
  const dir = tmpDir();
  const logFile = path.join(dir, 'alias.log');
  fs.writeFileSync(logFile, mlirLog);
  const out = path.join(dir, 'alias.html');
  const r0 = spawnSync(IRTRACE_BIN, [logFile, '-o', out, '-q']);
  assert.equal(r0.status, 0, String(r0.stderr));
  const { page, errors } = await open(browser, out, { hash: '#pass=3' });
  assert.equal(await page.locator('#entry-3 .noop-tag').count(), 1, 'CSE only spelt #map inline: a no-op');
  assert.equal(await page.locator('#entry-2 .noop-tag').count(), 0, 'SymbolDCE removed @a');
  await page.goto(page.url().replace(/#.*$/, '#pass=2'));
  await page.reload();
  assert.match(await page.locator('.notes').textContent(), /Aliases \(#map, !t, #loc\) the printer renamed/);
  const fns = await page.locator('#entry-2').textContent();
  assert.doesNotMatch(fns, /outside functions/);
  noErrors(errors);
});
