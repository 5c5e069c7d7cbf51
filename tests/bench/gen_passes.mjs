// Writes an LLVM function-scope log of N passes (default 150,000) to standard output, for the viewer's
// scale figures (tests/bench/browser_bench.mjs on its report):
//
//   node tests/bench/gen_passes.mjs [N] > many.log && build/ir-trace many.log -o many.html -q
//
// One module dump, then N function passes over 20 functions in turn, named like opt -O2's (SROAPass,
// InstCombinePass, SLPVectorizerPass, ...); every third pass changes its function's return value, the
// others are no-ops. Deterministic: the same N gives the same bytes.
const N = Number(process.argv[2] || 150000);
const NAMES = ['SROAPass', 'EarlyCSEPass', 'SimplifyCFGPass', 'InstCombinePass', 'GVNPass', 'SLPVectorizerPass',
  'LoopVectorizePass', 'ReassociatePass', 'DSEPass', 'ADCEPass', 'JumpThreadingPass'];
const FUNCS = 20;
const fn = (f, v) => `define i32 @f${f}(i32 %a) {\nentry:\n  %x = add i32 %a, ${v}\n  ret i32 %x\n}\n`;
const value = new Array(FUNCS).fill(0);
const out = [];
let mod = "; ModuleID = 'm'\nsource_filename = \"m.c\"\n\n";
for (let f = 0; f < FUNCS; f++) mod += fn(f, 0) + '\n';
out.push('; *** IR Dump After VerifierPass on [module] ***\n' + mod);
for (let k = 0; k < N; k++) {
  const f = k % FUNCS;
  if (k % 3 === 0) value[f]++;
  out.push(`; *** IR Dump After ${NAMES[k % NAMES.length]} on f${f} ***\n` + fn(f, value[f]));
  if (out.length >= 4096) { process.stdout.write(out.join('')); out.length = 0; }
}
process.stdout.write(out.join(''));
