// ir-trace viewer: small per-language tokenizers for syntax highlighting (Python-like IR, MLIR, LLVM IR,
// C/C++). They see one line at a time and are applied to rendered rows only; a construct that spans
// lines (a triple-quoted string, a /* */ comment) is highlighted on its first line only.
window.IrTrace.define('45_syntax', function() {
  'use strict';
  const T = window.IrTrace;

  const words = (s) => new Set(s.split(' '));
  const PY_KW = words(
      'def class return for in if else elif while with as import from pass yield lambda and or not is None True False async await break continue try except finally raise global nonlocal del assert self');
  const C_KW = words(
      'if else for while do switch case default break continue return goto struct union enum typedef static extern inline const volatile constexpr auto register sizeof template typename class public private protected namespace using new delete virtual override this true false nullptr operator __global__ __device__ __host__ __aicore__ __shared__ restrict __restrict__');
  const C_TY = words(
      'void char short int long float double signed unsigned bool size_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t half bfloat16_t');
  const LL_KW = words(
      'define declare ret br switch indirectbr invoke resume unreachable add fadd sub fsub mul fmul udiv sdiv fdiv urem srem frem shl lshr ashr and or xor extractelement insertelement shufflevector extractvalue insertvalue alloca load store fence cmpxchg atomicrmw getelementptr trunc zext sext fptrunc fpext fptoui fptosi uitofp sitofp ptrtoint inttoptr bitcast addrspacecast icmp fcmp phi select call tail musttail notail label to nsw nuw exact inbounds align eq ne ugt uge ult ule sgt sge slt sle oeq one olt ole ogt oge ord uno ueq une true false null undef poison zeroinitializer private internal external global constant unnamed_addr local_unnamed_addr dso_local noundef nonnull readonly writeonly nocapture attributes source_filename target datalayout triple personality cleanup landingpad catch filter to x');
  const LL_TY = /^(?:i\d+|half|bfloat|float|double|fp128|x86_fp80|ptr|void|metadata|label|token|opaque)$/;
  const MLIR_TY = /^(?:i\d+|si\d+|ui\d+|f16|bf16|f32|f64|f8\w*|index|none|memref|tensor|vector|tuple|complex)$/;
  const MIR_FLAGS = words(
      'implicit implicit-def killed dead renamable undef internal early-clobber debug-use liveins successors frame-setup frame-destroy nsw nuw exact debug-location tied-def');
  const MLIR_KW =
      words('func return loc attributes to step iter_args ins outs into true false unit dense affine_map affine_set');

  // Each rule: [regex source, class or a classify(text, line, end) function]. Order matters.
  function ident(keywords, typeTest) {
    return (w, line, end) => {
      if (keywords.has(w)) return 'kw';
      if (typeTest && typeTest(w)) return 'ty';
      if (line.charCodeAt(end) === 40 /* ( */) return 'fn';
      return null;
    };
  }

  const RULES = {
    python: [
      ['#.*', 'com'],
      ['[rbuf]?"""[^]*?(?:"""|$)|[rbuf]?\'\'\'[^]*?(?:\'\'\'|$)', 'str'],
      ['[rbuf]?"(?:[^"\\\\]|\\\\.)*"?|[rbuf]?\'(?:[^\'\\\\]|\\\\.)*\'?', 'str'],
      ['@[\\w.]+', 'at'],
      ['\\b\\d[\\w.]*', 'num'],
      [
        '[A-Za-z_]\\w*',
        ident(PY_KW, (w) => /^[A-Z][A-Za-z0-9]*[a-z]/.test(w) || /^(?:FP|BF|INT|UINT)\d+$|^BFLOAT16$/.test(w))
      ],
    ],
    mlir: [
      ['//.*', 'com'],
      ['"(?:[^"\\\\]|\\\\.)*"?', 'str'],
      ['%[\\w.$#-]+', 'var'],
      ['@[\\w.$-]+|@"(?:[^"\\\\]|\\\\.)*"', 'fn'],
      ['\\^[\\w.$-]+', 'lbl'],
      ['![\\w.$-]+', 'ty'],
      ['#[\\w.$-]+', 'at'],
      ['-?\\b\\d[\\w.]*', 'num'],
      ['[A-Za-z_][\\w$]*(?:\\.[A-Za-z_][\\w$]*)+', 'kw'],
      ['[A-Za-z_][\\w$]*',
       (w) =>
           (MLIR_TY.test(w)    ? 'ty' :
                MLIR_KW.has(w) ? 'kw' :
                                 null)],
    ],
    llvm: [
      [';.*', 'com'],
      ['c?"(?:[^"\\\\]|\\\\.)*"?', 'str'],
      ['%[-\\w.$]+|%"(?:[^"\\\\]|\\\\.)*"', 'var'],
      ['@[-\\w.$]+|@"(?:[^"\\\\]|\\\\.)*"', 'fn'],
      ['![\\w.]+', 'at'],
      ['#\\d+', 'at'],
      ['-?\\b\\d[\\w.]*', 'num'],
      ['[A-Za-z_][\\w.$]*:', 'lbl'],
      ['[A-Za-z_][\\w.$]*',
       (w) =>
           (LL_TY.test(w)    ? 'ty' :
                LL_KW.has(w) ? 'kw' :
                               null)],
    ],
    // LLVM machine IR as -print-after-all prints it: "# Machine code for function f" headers, bb.N labels,
    // %N:class virtual and $name physical registers, OPCODEs, operand flags.
    mir: [
      ['^\\s*#.*|;.*', 'com'],
      ['"(?:[^"\\\\]|\\\\.)*"?', 'str'],
      ['%bb\\.\\d+[\\w.]*|\\bbb\\.\\d+[\\w.]*', 'lbl'],
      ['%[\\w.$-]+', 'var'],
      [':[a-z_]\\w*', 'ty'],
      ['\\$[\\w.]+', 'at'],
      ['@[-\\w.$]+', 'fn'],
      ['![\\w.]+', 'at'],
      ['-?\\b\\d[\\w.]*', 'num'],
      ['[A-Za-z_][\\w-]*',
       (w) =>
           (/^[A-Z][A-Z0-9_]+[a-z0-9_]*$/.test(w) ? 'kw' :
                MIR_FLAGS.has(w)                  ? 'ty' :
                                                    null)],
    ],
    c: [
      ['//.*|/\\*[^]*?(?:\\*/|$)', 'com'],
      ['^\\s*#\\s*\\w+', 'kw'],
      ['"(?:[^"\\\\]|\\\\.)*"?|\'(?:[^\'\\\\]|\\\\.)*\'?', 'str'],
      ['\\b\\d[\\w.]*', 'num'],
      ['[A-Za-z_]\\w*', ident(C_KW, (w) => C_TY.has(w))],
    ],
  };

  const compiled = {};
  function compile(lang) {
    const rules = RULES[lang];
    if (!rules) return null;
    if (!compiled[lang]) {
      compiled[lang] = {
        re: new RegExp(rules.map((r) => '(' + r[0] + ')').join('|'), 'g'),
        classes: rules.map((r) => r[1]),
      };
    }
    return compiled[lang];
  }

  // Spans [[start, end, class], ...] for one line of `lang`; [] for text or unknown languages.
  function spans(line, lang) {
    const c = compile(lang === 'cpp' ? 'c' : lang);
    if (!c || line.length > T.intraline.MAX_LINE) return [];
    const out = [];
    c.re.lastIndex = 0;
    let m;
    while ((m = c.re.exec(line)) !== null) {
      if (m[0] === '') {
        c.re.lastIndex++;
        continue;
      }
      let g = 1;
      while (g < m.length && m[g] === undefined) g++;
      const rule = c.classes[g - 1];
      const end = m.index + m[0].length;
      const cls = typeof rule === 'function' ? rule(m[0], line, end) : rule;
      if (cls) out.push([m.index, end, cls]);
    }
    return out;
  }

  T.syntax = { spans };
});
