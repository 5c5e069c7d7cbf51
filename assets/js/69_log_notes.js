// ir-trace viewer: the notes a reader wrote on entries from what a compiler's log cannot show (an entry's
// optional "log_notes": [{kind, text, functions, from}], ARCHITECTURE.md Entry): a badge on the pass's row
// (60_sidebar.js), the notes in the pass's notices (70_app.js), and one list of every note in the report,
// filtered by a search box, each linking its pass (NotesPanel). Every field is untrusted text.
window.IrTrace.define('69_log_notes', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, clear } = T.util;

  // Rows the list shows at most (the filter narrows a larger report's).
  const LIST_MAX = 1000;

  // A raw note logNotes keeps: one with a text.
  const shown = (n) => n && typeof n.text === 'string' && n.text;

  // Takes an entry. Returns its notes, checked: [{kind, text, functions: [key], from: [entry index]}]
  // (strings and integers only; a note without text is skipped), [] when it has none.
  function logNotes(e) {
    const raw = e && e.log_notes;
    if (!Array.isArray(raw)) return [];
    const out = [];
    for (const n of raw) {
      if (!shown(n)) continue;
      out.push({
        kind: typeof n.kind === 'string' ? n.kind : '',
        text: n.text,
        functions: Array.isArray(n.functions) ? n.functions.filter((f) => typeof f === 'string') : [],
        from: Array.isArray(n.from) ? n.from.filter((i) => Number.isInteger(i) && i >= 0) : [],
      });
    }
    return out;
  }

  // How many notes logNotes(e) gives, without making them (the Notes button counts 142,000 entries'
  // notes just after the first diff).
  function countNotes(e) {
    const raw = e && e.log_notes;
    if (!Array.isArray(raw)) return 0;
    let n = 0;
    for (const x of raw)
      if (shown(x)) n++;
    return n;
  }

  // One line of a note, as the notices and the list show it: "kind: text (functions f, g; from pass 3)".
  function noteLine(model, n) {
    const more = [];
    if (n.functions.length) more.push((n.functions.length === 1 ? 'function ' : 'functions ') + n.functions.join(', '));
    const from = n.from.filter((i) => model.entries[i]).map((i) => model.entryLabel(model.entries[i]));
    if (from.length) more.push('may come from ' + from.join(', '));
    return (n.kind ? n.kind + ': ' : '') + n.text + (more.length ? ' (' + more.join('; ') + ')' : '');
  }

  class NotesPanel {
    // root: the App's panels; hooks: {model, linkFor(entry index) -> href, onOpen(entry index)}.
    constructor(root, hooks) {
      this.hooks = hooks;
      this.rows = null; // every note with its line, made when the list is first filled (see all)
      this.input = el('input', {
        type: 'search',
        'aria-label': 'Filter notes',
        placeholder: 'Filter notes (kind, text, function, pass)',
        spellcheck: 'false',
        autocomplete: 'off'
      });
      const close = el('button', { type: 'button', 'aria-label': 'Close notes', title: 'Close (Esc)' }, '\u00d7');
      this.msg = el('p', { class: 'notes-msg', role: 'status', 'aria-live': 'polite' });
      this.list = el('ul', { class: 'notes-list', 'aria-label': 'Notes' });
      this.root =
          el('section', { class: 'across notes-panel', hidden: true, 'aria-label': 'Notes' },
             el('div', { class: 'across-bar' }, el('strong', null, 'Notes'), this.input, close), this.msg, this.list);
      root.appendChild(this.root);
      this.input.addEventListener('input', () => this.fill());
      this.input.addEventListener('keydown', (ev) => {
        if (ev.key === 'Escape') {
          ev.preventDefault();
          this.root.hidden = true;
        }
      });
      close.addEventListener('click', () => { this.root.hidden = true; });
      this.list.addEventListener('click', (ev) => {
        const a = ev.target.closest('a[data-entry]');
        if (!a) return;
        ev.preventDefault();
        this.hooks.onOpen(Number(a.getAttribute('data-entry')));
      });
    }

    // Every note of the report, [{entry, note, line}] in pass order: made on first use, so a report of
    // 150,000 passes does not word its notes before its first diff.
    get all() {
      if (!this.rows) {
        const m = this.hooks.model;
        this.rows = [];
        m.entries.forEach((e, i) => {
          for (const n of logNotes(e)) this.rows.push({ entry: i, note: n, line: noteLine(m, n) });
        });
      }
      return this.rows;
    }

    // How many notes the report holds (without wording them).
    count() {
      if (this.rows) return this.rows.length;
      let n = 0;
      for (const e of this.hooks.model.entries) n += countNotes(e);
      return n;
    }

    toggle() {
      this.root.hidden = !this.root.hidden;
      if (!this.root.hidden) {
        this.fill();
        this.input.focus();
      }
    }

    // The notes whose line or pass label holds the filter's text (case-insensitive), in pass order.
    fill() {
      const m = this.hooks.model, q = this.input.value.trim().toLowerCase();
      const hits =
          this.all.filter((x) => !q || (m.entryLabel(m.entries[x.entry]) + ' ' + x.line).toLowerCase().includes(q));
      clear(this.list);
      const all = document.createDocumentFragment();
      for (const x of hits.slice(0, LIST_MAX)) {
        all.appendChild(
            el('li', null,
               el('a', { href: this.hooks.linkFor(x.entry), 'data-entry': x.entry }, m.entryLabel(m.entries[x.entry])),
               el('span', { class: 'what' }, x.line)));
      }
      this.list.appendChild(all);
      this.msg.textContent = hits.length + ' of ' + this.all.length + (this.all.length === 1 ? ' note' : ' notes') +
          (hits.length > LIST_MAX ? ' (the first ' + LIST_MAX + ' shown: filter to narrow)' : '');
    }
  }

  // The notes of entry i as the pass's notices list them (noteLine each).
  function lines(model, i) { return logNotes(model.entries[i]).map((n) => noteLine(model, n)); }

  // Makes the App's notes panel, and its button before `beside` when some entry has a note (after the first
  // diff is painted: counting the notes of 150,000 passes need not delay it). Returns the panel.
  function attach(app, beside) {
    const panel = new NotesPanel(app.panels, {
      model: app.model,
      linkFor: (i) => app.linkFor(i),
      onOpen: (i) => {
        app.revealEntry(i);
        app.select(i);
      },
    });
    const addButton = () => {
      const n = panel.count();
      if (!n) return;
      const btn = el('button', { type: 'button', title: 'Every note of the report, filterable' }, 'Notes (' + n + ')');
      btn.addEventListener('click', () => panel.toggle());
      beside.before(btn);
    };
    requestAnimationFrame(() => setTimeout(addButton, 0));
    return panel;
  }

  T.logNotes = { logNotes, countNotes, noteLine, lines, NotesPanel, attach };
});
