// ir-trace viewer: the one diff routine of the page (Myers' O(ND) algorithm), used where the browser
// must diff by itself: F7 re-alignment, comparing two arbitrary snapshots, and intra-line tokens.
// It works in steps so long diffs can run in time slices with progress; past maxD edits it gives up
// and reports one change block between the common prefix and suffix ("capped").
//
// myersCore uses nothing outside itself but the payload codec it is given, so a Worker can run it: the
// normalised views (57_normalize.js) put its source into their worker's Blob, as find does with the codec.
window.IrTrace.define('25_myers', function() {
  'use strict';
  const T = window.IrTrace;

  // P: the payload codec (15_payload.js; in a worker, its copy). Returns {intern, createDiff, toOps}.
  function myersCore(P) {
    // Maps two sequences of lines to small integers so comparison is one === on numbers. Lines compare
    // as the C++ side compares them (ARCHITECTURE "Diff"): a trailing '\r' is removed, and a last line
    // without '\n' compares unequal to the same line with one. aNoEol / bNoEol: 1 + index (in a / b) of
    // the line that lacks its newline, 0 when none does.
    // exact: compare byte for byte (tokens of a line, not lines).
    function intern(a, b, aNoEol, bNoEol, exact) {
      const ids = new Map(), lastIds = new Map();
      let next = 0;
      const map = (arr, noEol) => {
        const out = new Int32Array(arr.length);
        for (let i = 0; i < arr.length; i++) {
          let key = arr[i];
          if (!exact && key.charCodeAt(key.length - 1) === 13) key = key.slice(0, -1);
          const table = i === noEol - 1 ? lastIds : ids;
          let id = table.get(key);
          if (id === undefined) table.set(key, (id = next++));
          out[i] = id;
        }
        return out;
      };
      return [map(a, aNoEol || 0), map(b, bNoEol || 0)];
    }

    // Creates a diff job of sequences a and b (arrays of lines, compared by intern's rule with
    // opts.aNoEol / opts.bNoEol, or Int32Arrays of ids from intern).
    // job.step() advances and returns true when done; job.progress() is 0..1 (an estimate);
    // job.result() -> {ops: [E, D, I, ...] (the payload's triple format), capped: bool}.
    function createDiff(a, b, opts = {}) {
      const maxD = opts.maxD || 3000; // trace memory grows with maxD squared (36 MB at 3000)
      let A, B;
      if (a instanceof Int32Array && b instanceof Int32Array) [A, B] = [a, b];
      else [A, B] = intern(a, b, opts.aNoEol, opts.bNoEol, opts.exact);
      let pre = 0;
      while (pre < A.length && pre < B.length && A[pre] === B[pre]) pre++;
      let suf = 0;
      while (suf < A.length - pre && suf < B.length - pre && A[A.length - 1 - suf] === B[B.length - 1 - suf]) suf++;
      const N = A.length - pre - suf, M = B.length - pre - suf;
      const off = N + M + 1;
      const v = new Int32Array(2 * off + 2);
      v[off + 1] = 0;
      const trace = [];
      let d = 0, done = false, result = null;

      function finish(D) {
        // Backtrack from (N, M): edits in reverse as 0 = equal, 1 = delete, 2 = insert.
        const edits = [];
        let x = N, y = M;
        for (let dd = D; dd >= 0; dd--) {
          const t = trace[dd];
          const at = (k) => t[k + dd + 1];
          const k = x - y;
          const prevK = k === -dd || (k !== dd && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
          const prevX = at(prevK), prevY = prevX - prevK;
          while (x > prevX && y > prevY) {
            edits.push(0);
            x--;
            y--;
          }
          if (dd > 0) edits.push(x === prevX ? 2 : 1);
          x = prevX;
          y = prevY;
        }
        edits.reverse();
        result = { ops: toOps(edits, pre), capped: false };
      }

      function step() {
        if (done) return true;
        if (N === 0 || M === 0 || d > maxD) {
          if (N === 0 && M === 0) result = { ops: [], capped: false };
          else result = { ops: P.appendBlock([], pre, N, M), capped: N !== 0 && M !== 0 };
          done = true;
          return true;
        }
        const copy = new Int32Array(2 * d + 3);
        copy.set(v.subarray(off - d - 1, off + d + 2));
        trace.push(copy);
        for (let k = -d; k <= d; k += 2) {
          let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
          let y = x - k;
          while (x < N && y < M && A[pre + x] === B[pre + y]) {
            x++;
            y++;
          }
          v[off + k] = x;
          if (x >= N && y >= M) {
            finish(d);
            done = true;
            return true;
          }
        }
        d++;
        return false;
      }

      return {
        step,
        progress: () => (done ? 1 : Math.min(0.99, d / Math.max(1, Math.min(maxD, N + M)))),
        result: () => result,
      };
    }

    // Edit list (0 equal, 1 delete, 2 insert) -> ops triples (the payload's format, built by the codec), with
    // `lead` equal lines before it.
    function toOps(edits, lead) {
      const ops = [];
      let e = lead, i = 0;
      while (i < edits.length) {
        while (i < edits.length && edits[i] === 0) {
          e++;
          i++;
        }
        let dn = 0, inn = 0;
        while (i < edits.length && edits[i] !== 0) {
          if (edits[i] === 1) dn++;
          else inn++;
          i++;
        }
        if (dn || inn) {
          P.appendBlock(ops, e, dn, inn);
          e = 0;
        }
      }
      return ops;
    }

    return { intern, createDiff, toOps };
  }

  const { intern, createDiff, toOps } = myersCore(T.payload);

  // Synchronous diff for small inputs (tokens of a line: opts.exact). Returns {ops, capped}.
  function diffSync(a, b, maxD, opts) {
    const job = createDiff(a, b, Object.assign({ maxD }, opts));
    while (!job.step()) {
// small
    }
    return job.result();
  }

  // Runs a diff in time slices; onProgress(fraction). Returns {promise -> result, cancel}.
  function diffAsync(a, b, opts = {}, onProgress) {
    const job = createDiff(a, b, opts);
    let last = 0;
    const run = T.util.runSliced(() => {
      const fin = job.step();
      const now = performance.now();
      if (onProgress && now - last > 50) {
        last = now;
        onProgress(job.progress());
      }
      return fin;
    });
    return { promise: run.promise.then((ok) => (ok ? job.result() : null)), cancel: run.cancel };
  }

  // source: the core's factory, whose toString() a Worker's Blob embeds: `(source)(codec)` gives the core.
  T.myers = { source: myersCore, intern, createDiff, diffSync, diffAsync, toOps };
});
