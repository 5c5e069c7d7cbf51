// Generated report payloads for tests that need size or a story no hand-written fixture tells.
import { buildPayload } from './payload.mjs';

const body = (n, f) => Array.from({ length: n }, (_, i) => f(i + 1));

// A 50,000-line function; pass 1 changes a line every 5,000, a 12,000-character line, a line with
// tabs and one with CJK and emoji.
export function bigPayload() {
  const long = '    big_' + 'x'.repeat(12000);
  const base = ['def big(x):', long, '\tif\tx:\t# tabs', '    s = "数据流 🚀 emoji"', ...body(50000, (i) => `    v${i} = pl.add(v${i - 1}, x)`)];
  const next = base.slice();
  next[1] = long + 'y';
  next[3] = '    s = "数据流 🚀 emoji 变"';
  for (let i = 5000; i < base.length; i += 5000) next[i] = base[i].replace('pl.add', 'pl.sub');
  return buildPayload({
    title: 'big', delta: true,
    frontend: { file: '00_frontend.py', text: base.join('\n') + '\n' },
    passes: [{ name: 'Rewrite', file: '01_after_Rewrite.py', text: next.join('\n') + '\n' }],
  });
}

// 200 lines; pass 1 changes line 100; pass 2 inserts 3 lines at 50 and changes 150; pass 3 is a no-op.
export function mediumPayload() {
  const l0 = ['def main(c):', ...body(199, (i) => `    t${i} = pl.add(t${i - 1}, c${i})`)];
  const l1 = l0.slice();
  l1[99] = '    t99 = pl.mul(t98, c99)';
  const l2 = l1.slice();
  l2[149] = '    t149 = pl.sub(t148, c149)';
  l2.splice(49, 0, '    extra_a = pl.load(c)', '    extra_b = pl.load(c)', '    extra_c = pl.load(c)');
  const txt = (l) => l.join('\n') + '\n';
  return buildPayload({
    title: 'medium', delta: true, context: 3,
    frontend: { file: '00_frontend.py', text: txt(l0) },
    passes: [
      { name: 'Mul', file: '01_after_Mul.py', text: txt(l1) },
      { name: 'Extra', file: '02_after_Extra.py', text: txt(l2) },
      { name: 'Nothing', file: '03_after_Nothing.py', text: txt(l2) },
    ],
  });
}

// 9 passes over a small program: "pl.secret" appears at pass 3, disappears at pass 7 and appears again at 9.
export function acrossPayload() {
  const base = ['def f(a):', '    b = pl.add(a, a)', '    return b'];
  const passes = [];
  let cur = base;
  for (let k = 1; k <= 9; k++) {
    cur = cur.slice();
    cur.splice(cur.length - 1, 0, `    p${k} = pl.step(b, ${k})`);
    if (k === 3) cur.splice(2, 0, '    s = pl.secret(b)');
    if (k === 5) cur.splice(3, 0, '    s2 = pl.secret(s)');
    if (k === 7) cur = cur.filter((l) => !l.includes('pl.secret'));
    if (k === 9) cur.splice(2, 0, '    s3 = pl.secret(b)');
    passes.push({ name: 'Step' + k, file: `${String(k).padStart(2, '0')}_after_Step${k}.py`, text: cur.join('\n') + '\n', phase: k <= 4 ? 'Early' : 'Late' });
  }
  return buildPayload({ title: 'across', delta: true, frontend: { file: '00_frontend.py', text: base.join('\n') + '\n' }, passes });
}

// 13 passes over a small program whose no-ops fall in runs of 5 (passes 2-6), 2 (8-9) and 3 (11-13):
// changed passes 1, 7 and 10 add a line each.
export function noopRunsPayload() {
  const base = ['def f(a):', '    b = pl.add(a, a)', '    return b'];
  const lines = base.slice();
  const changed = new Set([1, 7, 10]);
  const passes = [];
  for (let k = 1; k <= 13; k++) {
    if (changed.has(k)) lines.splice(lines.length - 1, 0, `    c${k} = pl.step(b, ${k})`);
    const name = changed.has(k) ? 'Step' + k : 'Idle' + k;
    passes.push({ name, file: `${String(k).padStart(2, '0')}_after_${name}.py`, text: lines.join('\n') + '\n' });
  }
  return buildPayload({ title: 'noop-runs', delta: true, frontend: { file: '00_frontend.py', text: base.join('\n') + '\n' }, passes });
}
