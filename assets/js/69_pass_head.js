// ir-trace viewer: the pass head's words, pure renderers of what the App hands them (it keeps the elements
// and calls these as it shows an entry): the title (status dot, name, chip, counts), the notices (the error
// box of a failed or crashed pass, warnings, notes) and the file names above the diff. Every text from the
// report goes in as text (10_util.js el).
window.IrTrace.define('69_pass_head', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, clear, plural } = T.util;
  const { statusOf } = T.model;
  const { KIND, STATUS, ROLE } = T.payload;

  // Fills box (the pass title) with entry e as shown (Analysis.entryShown) of model.
  function title(box, model, e) {
    clear(box);
    const st = statusOf(e);
    box.appendChild(el('span', { class: 'dot st-' + st, 'aria-hidden': 'true' }));
    // Long names wrap between their words, as in the pass list.
    box.appendChild(T.names.breakable(e.kind === KIND.CODEGEN ? e.name : model.entryLabel(e), 'pass-name'));
    const chip = T.runs.word(model, st) + (st === STATUS.CODEGEN ? ' ' + (e.role || ROLE.DEVICE) : '');
    if (e.kind === KIND.FRONTEND) box.appendChild(el('span', { class: 'chip' }, 'frontend'));
    else box.appendChild(el('span', { class: 'chip st-' + st }, chip));
    if (e.kind === KIND.PASS && !e.crashed) { // a crashed pass wrote nothing to count
      box.appendChild(el('span', { class: 'n-ins' }, '+' + (e.ins || 0)));
      box.appendChild(el('span', { class: 'n-del' }, '-' + (e.del || 0)));
    }
  }

  // Appends to box the notices of entry e as shown (i: its index in model): the error box, the warnings,
  // then the notes, each once: heads first (the App's: Whole module's, the runs', the no-op note or what a
  // normalisation ignored), the entry's own, the viewer's fallback notes, the readers' notes (69_log_notes.js).
  function notices(box, model, i, e, heads) {
    if (e.status === STATUS.FAILED || e.error) {
      box.appendChild(el(
          'div', { class: 'error-box', role: 'alert' },
          el('strong', null, 'Pass failed' + (e.log ? ' (' + e.log + ')' : '')),
          el('pre', null, e.error || 'The pass failed.'),
          el('p', { class: 'hint' },
             e.crashed ?
                 'This pass wrote no snapshot: it crashed (its log is the last file of the dump). Shown below: the IR before it, the last snapshot written.' :
                 'Below: the IR before this pass and the snapshot it wrote after it.')));
    }
    const warnings = Array.isArray(e.warnings) ? e.warnings : [];
    if (warnings.length) {
      const det =
          el('details', { class: 'warn-box', open: true },
             el('summary', null, plural(warnings.length, 'warning') + (e.log ? ' \u00b7 ' + e.log : '')));
      for (const w of warnings) det.appendChild(el('pre', null, String(w)));
      box.appendChild(det);
    }
    // The viewer's own note for a snapshot shown as a whole file (either side; passes, frontend and
    // codegen alike): once per snapshot, naming the file and the reason. Older reports also carry the C++
    // side's copy ("function view unavailable: ...") in entry.notes: dropped.
    const own = [];
    const sides =
        e.kind === KIND.PASS && Number.isInteger(e.before) && e.before !== e.after ? [e.before, e.after] : [e.after];
    for (const s of sides) {
      const snap = model.snapshots[s];
      if (snap && snap.fallback)
        own.push(
            (snap.file || 'snapshot ' + s) + ': function view unavailable, shown as a whole file (' + snap.fallback +
            ')');
    }
    // The C++ side's crash note says what the error box says.
    const dup = (n) => own.includes(n) || (own.length > 0 && /^function view unavailable: /.test(n)) ||
        (e.crashed && /^this pass wrote no snapshot/.test(n));
    const notes = (Array.isArray(e.notes) ? e.notes.map(String) : [])
                      .filter((n) => !dup(n))
                      .concat(own, T.logNotes.lines(model, i));
    notes.unshift(...heads);
    const once = [...new Set(notes)];
    if (once.length) box.appendChild(el('ul', { class: 'notes' }, once.map((n) => el('li', null, n))));
  }

  // Fills box (the file names above the diff) for view v: one file shown whole, or each side's file (read
  // across names: with its function).
  function files(box, v) {
    clear(box);
    box.classList.toggle('single', v.single);
    if (v.single) {
      box.appendChild(el('span', { class: 'file file-r', title: v.rightFile }, v.rightFile || ''));
      return;
    }
    const fnOf = (key) => (v.across ? el('span', { class: 'file-fn' }, ' \u00b7 ' + key) : null);
    box.appendChild(
        el('span', { class: 'file file-l', title: 'before: ' + v.leftFile + (v.across ? ', ' + v.across.from : '') },
           el('span', { class: 'sign' }, '\u2212'), v.leftFile || '', fnOf(v.across && v.across.from)));
    box.appendChild(
        el('span', { class: 'file file-r', title: 'after: ' + v.rightFile + (v.across ? ', ' + v.across.to : '') },
           el('span', { class: 'sign' }, '+'), v.rightFile || '', fnOf(v.across && v.across.to)));
  }

  T.passHead = { title, notices, files };
});
