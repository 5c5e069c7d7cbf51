// ir-trace viewer: comparison keys of the normalised views (57_normalize.js). "Ignore whitespace": a line
// with all white space removed. "Ignore SSA numbering": per function, each numbered name that a line of
// the function defines (per language: which lines define which names, below) renamed to its stem and its
// order of first appearance among the function's names of that stem. README "Normalised views" says
// exactly which names. Keys are computed one function (scope) at a time, when a diff first needs them.
//
// normKeysCore uses nothing outside itself, so the normalisation worker embeds its source.
window.IrTrace.define('56_norm_keys', function() {
  'use strict';
  const T = window.IrTrace;

  // Returns {scopeKeys, snapshotKeys}.
  function normKeysCore() {
    const PY_KEYWORDS = new Set([
      'if',  'elif',  'else',   'while', 'return', 'yield',    'assert', 'del', 'raise', 'with',  'for',
      'def', 'class', 'import', 'from',  'global', 'nonlocal', 'lambda', 'not', 'await', 'async', 'print'
    ]);

    // ---- names a line defines ----

    // Python-like: the names bound by a target list (`a, (b, c)`, `x: T`): identifiers outside [] and {},
    // not an attribute (after '.') and not followed by '.', '[' or '(' (those targets bind nothing new).
    function targetNames(text, out) {
      const word = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
      let sq = 0;
      for (let i = 0; i < text.length;) {
        const c = text.charCodeAt(i);
        if (c === 91 || c === 123) sq++; // [ {
        else if (c === 93 || c === 125) sq--; // ] }
        else if (
            word(c) && !(c >= 48 && c <= 57) &&
            (i === 0 || !(word(text.charCodeAt(i - 1)) || text.charCodeAt(i - 1) === 46))) {
          let j = i + 1;
          while (j < text.length && word(text.charCodeAt(j))) j++;
          let k = j;
          while (text.charCodeAt(k) === 32) k++;
          const next = text[k] || '';
          if (sq === 0 && next !== '.' && next !== '[' && next !== '(') out.push(text.slice(i, j));
          i = j;
          continue;
        }
        i++;
      }
    }

    // Python-like: the target list of an assignment (`x = …`, `x: T = …`, `a, b = …`, `x += …`), or null:
    // the text before the first '=' outside brackets that is not part of ==, !=, <=, >=, cut at an annotation.
    function assignTarget(line) {
      let depth = 0;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (c === '#' || c === '"' || c === "'") return null;
        if (c === '(' || c === '[' || c === '{') depth++;
        else if (c === ')' || c === ']' || c === '}') depth--;
        else if (c === '=' && depth === 0) {
          if (line[i + 1] === '=') return null;
          if (/[=!<>]/.test(line[i - 1] || '')) return null;
          let lhs = line.slice(0, i).replace(/(\*\*|\/\/|>>|<<|[-+*/%&|^@])$/, '');
          let d = 0;
          for (let j = 0; j < lhs.length; j++) {
            const ch = lhs[j];
            if ('([{'.includes(ch)) d++;
            else if (')]}'.includes(ch)) d--;
            else if (ch === ':' && d === 0) {
              lhs = lhs.slice(0, j);
              break;
            }
          }
          const first = /^\s*([A-Za-z_]\w*)/.exec(lhs);
          return first && PY_KEYWORDS.has(first[1]) ? null : lhs;
        }
      }
      return null;
    }

    // Python-like: a def's parameter names (split at the commas outside brackets).
    function paramNames(params, out) {
      let d = 0, from = 0;
      const take = (s) => {
        const m = /^\s*\*{0,2}\s*([A-Za-z_]\w*)/.exec(s);
        if (m) out.push(m[1]);
      };
      for (let i = 0; i < params.length; i++) {
        const c = params[i];
        if ('([{'.includes(c)) d++;
        else if (')]}'.includes(c)) d--;
        else if (c === ',' && d === 0) {
          take(params.slice(from, i));
          from = i + 1;
        }
      }
      take(params.slice(from));
    }

    function pythonDefs(line, out) {
      const t = assignTarget(line);
      if (t !== null) targetNames(t, out);
      const f = /^\s*(?:async\s+)?for\s+(.+?)\s+in\s/.exec(line);
      if (f) targetNames(f[1], out);
      const d = /^\s*(?:async\s+)?def\s+[A-Za-z_]\w*\s*\((.*)\)/.exec(line);
      if (d) paramNames(d[1], out);
      if (/^\s*(?:async\s+)?(?:with|except)\b/.test(line))
        for (const m of line.matchAll(/\bas\s+([A-Za-z_]\w*)/g)) out.push(m[1]);
    }

    // MLIR: results (`%0, %1:2 = …`), a block label (`^bb1(…):`), and values bound inside a line: block
    // and region arguments (`%arg0: i32`, a colon right after the name) and `%x = ` anywhere (iter_args,
    // scf.for's induction variable).
    function mlirDefs(line, out) {
      const lhs = /^\s*(%[\w$.-]+(?::\d+)?(?:\s*,\s*%[\w$.-]+(?::\d+)?)*)\s*=(?!=)/.exec(line);
      if (lhs)
        for (const m of lhs[1].matchAll(/%[\w$.-]+/g)) out.push(m[0]);
      const blk = /^\s*(\^[\w$.-]+)/.exec(line);
      if (blk) out.push(blk[1]);
      for (const m of line.matchAll(/(%[\w$.-]+)(?=\s*=(?!=)|:(?![\d:]))/g)) out.push(m[1]);
    }

    // LLVM IR: `%x = …`, a block label (`5:`, `; <label>:5`), the parameters of a `define` line.
    function llvmDefs(line, out) {
      const lhs = /^\s*(%[-\w$.]+)\s*=/.exec(line);
      if (lhs) out.push(lhs[1]);
      const lbl = /^([-\w$.]+):/.exec(line) || /^\s*;\s*<label>:(\d+)/.exec(line);
      if (lbl) out.push('%' + lbl[1]);
      if (/^\s*define\b/.test(line))
        for (const m of line.matchAll(/%[-\w$.]+/g)) out.push(m[0]);
      // Attribute groups and metadata (`#0`, `!12`): module-wide numbers the printer assigns by position,
      // renamed wherever they appear (a function's references, the module's `attributes #0 = …`, `!12 = …`).
      for (const m of line.matchAll(/[#!]\d+(?![\w.])/g)) out.push(m[0]);
    }

    // Per language: defs(line, out) adds the names the line defines; numbered(name) gives the stem of a
    // name whose number is renamed (null: the name is kept); tokens finds every occurrence of a name in a
    // line, name(token) is the name it refers to and put(token, key) writes it renamed.
    const RULES = {
      python: {
        defs: pythonDefs,
        numbered: (n) => {
          const m = /^(_[A-Za-z]+|[A-Za-z_]\w*_)(\d+)$/.exec(n);
          return m ? m[1] : null;
        },
        tokens: /(?<![\w.$])[A-Za-z_]\w*/g,
        name: (tok) => tok,
        put: (tok, key) => key,
      },
      mlir: {
        defs: mlirDefs,
        numbered: (n) => {
          const m = /^(%|%arg|\^bb|%[\w$.-]*_)(\d+)$/.exec(n);
          return m ? m[1] : null;
        },
        tokens: /[%^][\w$.-]+/g,
        name: (tok) => tok,
        put: (tok, key) => key,
      },
      llvm: {
        defs: llvmDefs,
        numbered: (n) =>
            (/^%\d+$/.test(n)        ? '%' :
                 /^[#!]\d+$/.test(n) ? n[0] :
                                       null),
        tokens: /%[-\w$.]+|^[-\w$.]+(?=:)|<label>:\d+|[#!]\d+(?![\w.])/g,
        name: (tok) =>
            (tok[0] === '%' || tok[0] === '#' || tok[0] === '!' ? tok :
                 tok[0] === '<'                                 ? '%' + tok.slice(8) :
                                                                  '%' + tok),
        put: (tok, key) =>
            (tok[0] === '%' || tok[0] === '#' || tok[0] === '!' ? key :
                 tok[0] === '<'                                 ? '<label>:' + key.slice(1) :
                                                                  key.slice(1)),
      },
    };

    // ---- keys ----

    // mode: {ws, ssa}. Returns the comparison keys of one scope's lines (a function, or the lines outside
    // every function): CR of CRLF and, on the file's first line (bom: its index here, else -1), a leading
    // U+FEFF dropped as the C++ comparison does; under ssa, each numbered name a line of the scope defines
    // becomes its stem + '#' + its order of first appearance among the scope's names of that stem (`%7` ->
    // `%#1`, `x_3` -> `x_#1`); under ws, all whitespace removed. Without ws the line that lacks its final
    // newline (noEol: its index here, else -1) stays unequal to the same line with one.
    function scopeKeys(lines, lang, mode, bom, noEol) {
      const rule = mode.ssa ? RULES[lang] : null;
      let stems = null; // renamed name -> its stem
      if (rule) {
        const found = [];
        stems = new Map();
        for (const l of lines) {
          found.length = 0;
          rule.defs(l, found);
          for (const n of found) {
            const stem = rule.numbered(n);
            if (stem !== null) stems.set(n, stem);
          }
        }
        if (!stems.size) stems = null;
      }
      const ord = new Map(), counts = new Map();
      const rename = (tok) => {
        const name = rule.name(tok);
        const stem = stems.get(name);
        if (stem === undefined) return tok;
        let key = ord.get(name);
        if (key === undefined) {
          const k = (counts.get(stem) || 0) + 1;
          counts.set(stem, k);
          key = stem + '#' + k;
          ord.set(name, key);
        }
        return rule.put(tok, key);
      };
      const keys = new Array(lines.length);
      for (let j = 0; j < lines.length; j++) {
        let t = String(lines[j] ?? '');
        if (t.charCodeAt(t.length - 1) === 13) t = t.slice(0, -1);
        if (j === bom && t.charCodeAt(0) === 0xfeff) t = t.slice(1);
        if (stems) t = t.replace(rule.tokens, rename);
        if (mode.ws) t = t.replace(/\s+/g, '');
        else if (j === noEol) t += '\u0000';
        keys[j] = t;
      }
      return keys;
    }

    // Keys of snapshot `lines` with its sections secs (in file order, as the scanners write them), language
    // lang and noEol (codec noEol), computed one scope at a time when first asked: a pass costs the
    // functions its change blocks touch, not the file. Returns {count: lines, key(i): key of 0-based file
    // line i, scope(fnKey): the keys of function fnKey's lines ("" = the lines outside every function), in
    // order; scopeOf, scopeName, scopeSize}.
    function snapshotKeys(lines, secs, lang, mode, noEol) {
      const n = lines.length, OUT = -1;
      let outside = null; // the lines in no section, in order (built when first needed)
      const outsideLines = () => {
        if (!outside) {
          const inside = new Uint8Array(n);
          for (const x of secs) inside.fill(1, Math.max(0, x[1]), Math.min(n, x[2]));
          outside = [];
          for (let j = 0; j < n; j++)
            if (!inside[j]) outside.push(j);
        }
        return outside;
      };
      // The last section that begins at or before line i (binary search), -1 for none.
      const lastBegun = (i) => {
        let lo = 0, hi = secs.length - 1, at = -1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          if (secs[mid][1] <= i) {
            at = mid;
            lo = mid + 1;
          } else hi = mid - 1;
        }
        return at;
      };
      // The section holding line i, OUT when none does.
      const sectionOf = (i) => {
        const at = lastBegun(i);
        return at >= 0 && i < secs[at][2] ? at : OUT;
      };
      // The line after the run of lines, from i on, that share i's scope: its section's end, or the next
      // section's begin for a line outside every section.
      const runEnd = (i) => {
        const at = lastBegun(i);
        if (at >= 0 && i < secs[at][2]) return Math.min(n, secs[at][2]);
        return at + 1 < secs.length ? Math.max(i + 1, secs[at + 1][1]) : n;
      };
      const done = new Map();
      const keysOf = (s) => {
        let k = done.get(s);
        if (!k) {
          let nums;
          if (s === OUT) nums = outsideLines();
          else {
            nums = [];
            for (let j = Math.max(0, secs[s][1]); j < Math.min(n, secs[s][2]); j++) nums.push(j);
          }
          k = scopeKeys(
              nums.map((j) => lines[j]), lang, mode, nums[0] === 0 ? 0 : -1, noEol ? nums.indexOf(noEol - 1) : -1);
          done.set(s, k);
        }
        return k;
      };
      // Index of line i in the outside lines (binary search).
      const outsidePos = (i) => {
        const o = outsideLines();
        let lo = 0, hi = o.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (o[mid] < i) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      };
      return {
        count: n,
        key: (i) => {
          const s = sectionOf(i);
          return s === OUT ? keysOf(OUT)[outsidePos(i)] : keysOf(s)[i - Math.max(0, secs[s][1])];
        },
        // The scope of line i (a section index, -1 outside every function), where its run of lines in that
        // scope ends, a scope's function key and size.
        scopeOf: sectionOf,
        runEnd,
        scopeName: (s) => (s === OUT ? '' : secs[s][0]),
        scopeSize: (s) => (s === OUT ? outsideLines().length : Math.min(n, secs[s][2]) - Math.max(0, secs[s][1])),
        scope: (fnKey) => {
          if (fnKey === '') return keysOf(OUT);
          const s = secs.findIndex((x) => x[0] === fnKey);
          return s < 0 ? [] : keysOf(s);
        },
      };
    }

    return { scopeKeys, snapshotKeys };
  }

  // source: the factory, whose toString() the normalisation worker's Blob embeds.
  T.normKeys = Object.freeze(Object.assign({ source: normKeysCore }, normKeysCore()));
});
