// ir-trace viewer: keyboard, theme, help, and start-up (deep links: 62_links.js, used by the App).
window.IrTrace.define('80_boot', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, store, isTyping } = T.util;
  const App = T.app.App;

  // ---- theme ----
  // One palette per theme in viewer.css, selected by html[data-theme]. The user's choice (stored) wins;
  // without one the theme follows the system, also when it changes while the page is open.
  const systemDark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  let chosen = null; // the choice made on this page (kept when storage is denied)

  function storedTheme() {
    if (chosen) return chosen;
    const saved = store.get('theme', '');
    return saved === 'light' || saved === 'dark' ? saved : null;
  }

  function effectiveTheme() { return storedTheme() || (systemDark && systemDark.matches ? 'dark' : 'light'); }

  function applyTheme() { document.documentElement.setAttribute('data-theme', effectiveTheme()); }
  applyTheme(); // now, before the payload is read: the first paint has the right colours

  function setupTheme(btn) {
    const label = () => {
      const t = document.documentElement.getAttribute('data-theme');
      btn.setAttribute('aria-pressed', t === 'dark' ? 'true' : 'false');
      btn.title = 'Theme: ' + t + ' (click for ' + (t === 'dark' ? 'light' : 'dark') + ')';
    };
    btn.addEventListener('click', () => {
      const next = document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
      chosen = next;
      store.set('theme', next);
      document.documentElement.setAttribute('data-theme', next); // also when storage is denied
      label();
    });
    if (systemDark)
      systemDark.addEventListener('change', () => {
        if (!storedTheme()) applyTheme();
        label();
      });
    label();
  }

  // ---- help ----
  // Every key the page answers to, by where it acts (tests/browser/keyboard.test.mjs checks that each key a
  // handler reads is listed here).
  const KEYS = [
    [
      'Passes',
      [
        ['j / \u2193', 'next visible pass'],
        ['k / \u2191', 'previous visible pass'],
        ['Home / End', 'first / last visible pass (in the pass list)'],
        ['PageUp / PageDown', 'a page of visible passes up / down (in the pass list)'],
        ['Enter / Space', 'open or close a run of no-op passes (on its row)'],
        [
          '\u2190 / \u2192',
          'previous / next phase (on the phase tabs, in a report with phases); narrower / wider pass list (on its edge)'
        ],
      ]
    ],
    [
      'In the diff',
      [
        ['n / p', 'next / previous change in this pass, scrolled sideways into view'],
        ['\u2190 / \u2192', 'scroll the code sideways'],
        ['Shift+E', 'expand all / collapse all folds'],
        [
          'Tab, Enter',
          'reach a fold\u2019s buttons (\u2191 20, \u2193 20, Expand) or a long line\u2019s rest, and press them'
        ],
        ['s', 'side by side / stacked (stacked by itself below 1,000 px until chosen)'],
        ['z', 'wrap long lines at the window\u2019s width / one line per row, scrolled sideways (remembered)'],
        [
          'm',
          'whole module: for a pass that ran on one function, SCC or loop, the module around it before and after, diffed in the page'
        ],
        [
          'F7',
          'align two lines: click a left line, then a right line; or move with \u2191 / \u2193 (PageUp / PageDown) and press Enter or Space, left then right'
        ],
      ]
    ],
    [
      'Analysis',
      [
        [
          'b',
          'blame: the pass that introduced each line, beside the after side\u2019s line numbers (click a number to open that pass)'
        ],
        ['Shift+B', 'open the pass that introduced the cursor line (else the first line on screen)'],
        [
          'w',
          'ignore whitespace: lines compare with all whitespace removed, like diff -w (a missing final newline too)'
        ],
        [
          'i',
          'ignore SSA numbering: a numbered name a line of the function defines (%0, %arg1, ^bb2; LLVM %5 and block 5:; x_3, _t12) compares as its order of first appearance among its function\u2019s names of the same stem'
        ],
      ]
    ],
    [
      'Find and compare',
      [
        ['/ or Ctrl+F', 'find in this pass (Enter / Shift+Enter: next / previous)'],
        ['Shift+F', 'find across passes (Enter: search)'],
        ['c', 'compare two snapshots'],
      ]
    ],
    [
      'Anywhere',
      [
        ['Tab / Shift+Tab', 'move between the controls'],
        ['Esc', 'cancel alignment, close find and dialogs'],
        ['?', 'this help'],
      ]
    ],
  ];

  // The keyboard help, built when first opened: the first diff does not wait for its hundred elements.
  function buildHelp(root) {
    let dlg = null, close = null, back = null;
    const make = () => {
      close = el('button', { type: 'button', class: 'primary' }, 'Close');
      const groups = KEYS.map(([title, keys]) => {
        const dl = el('dl', { class: 'keys' });
        for (const [k, what] of keys) {
          dl.appendChild(el('dt', null, el('kbd', null, k)));
          dl.appendChild(el('dd', null, what));
        }
        return el('section', null, el('h3', null, title), dl);
      });
      dlg = el(
          'div', {
            class: 'dialog help',
            role: 'dialog',
            'aria-modal': 'true',
            'aria-label': 'Keyboard help',
            hidden: true,
            tabindex: '-1'
          },
          el('h2', null, 'Keyboard'), ...groups,
          el('p', { class: 'hint' },
             'Keys are ignored while typing in a box. Links in the address bar keep the pass, function, layout and what is ignored.'),
          el('div', { class: 'buttons' }, close));
      root.appendChild(dlg);
      T.util.trapFocus(dlg);
      close.addEventListener('click', api.close);
    };
    const api = {
      // Opens at its top (its title and first keys), the focus on Close without scrolling to it.
      open() {
        if (!dlg) make();
        back = document.activeElement;
        dlg.hidden = false;
        close.focus({ preventScroll: true });
        dlg.scrollTop = 0;
      },
      close() {
        if (!dlg) return;
        dlg.hidden = true;
        if (back && back.focus) back.focus();
      },
      isOpen: () => !!dlg && !dlg.hidden,
      toggle() {
        if (!api.isOpen()) api.open();
        else api.close();
      },
    };
    return api;
  }

  // ---- keyboard ----
  function setupKeys(app, help) {
    document.addEventListener('keydown', (ev) => {
      if (ev.defaultPrevented) return;
      if (help.isOpen()) {
        if (ev.key === 'Escape' || ev.key === '?') {
          ev.preventDefault();
          help.close();
        }
        return;
      }
      if ((ev.ctrlKey || ev.metaKey) && !ev.altKey && (ev.key === 'f' || ev.key === 'F') && !ev.shiftKey) {
        ev.preventDefault();
        app.findBar.open();
        return;
      }
      if (ev.key === 'F7') {
        ev.preventDefault();
        app.startPick();
        return;
      }
      if (isTyping(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (!app.compareDlg.root.hidden) return;
      // F7 by keys: while choosing a line, the arrows (and j/k, PageUp/PageDown) move over lines, Enter picks.
      if (app.align.active() && !(ev.target && ev.target.tagName === 'BUTTON')) {
        const page = Math.max(1, Math.floor(app.diff.viewHeight() / app.diff.rowHeight()) - 2);
        const by = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: page, PageUp: -page }[ev.key];
        if (by) {
          ev.preventDefault();
          app.align.move(by);
          return;
        }
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          app.align.confirm();
          return;
        }
      }
      const act = {
        j: () => app.move(1),
        ArrowDown: () => app.move(1),
        k: () => app.move(-1),
        ArrowUp: () => app.move(-1),
        n: () => {
          if (!app.diff.moveChange(1)) app.flash('No further change in this view');
        },
        p: () => {
          if (!app.diff.moveChange(-1)) app.flash('No earlier change in this view');
        },
        E: () => app.toggleFolds(),
        '/': () => app.findBar.open(),
        F: () => app.across.toggle(),
        '?': () => help.toggle(),
        s: () => app.setLayout(app.effectiveStacked() ? 'side' : 'stacked'),
        z: () => app.wrap.toggle(),
        m: () => app.whole.toggle(),
        c: () => app.compareDlg.open(app.entry),
        b: () => app.analysis.toggleBlame(),
        B: () => app.analysis.openBlameAtCursor(),
        w: () => app.analysis.toggleNorm('ws'),
        i: () => app.analysis.toggleNorm('ssa'),
        ArrowLeft: () => { app.diff.hbar.scrollLeft -= 80; },
        ArrowRight: () => { app.diff.hbar.scrollLeft += 80; },
        Escape: () => {
          // One Escape does one thing: cancelling an F7 pick closes nothing else.
          if (app.align.cancel()) return;
          if (app.findBar.isOpen()) app.findBar.close();
          else if (!app.across.root.hidden) app.across.close();
        },
      }[ev.key];
      if (!act) return;
      if (ev.target && ev.target.tagName === 'BUTTON' && (ev.key === ' ' || ev.key === 'Enter')) return;
      ev.preventDefault();
      act();
    });
  }

  // ---- start ----
  async function boot() {
    const root = document.getElementById('app');
    if (!root) return;
    const res = await T.payload.read(document);
    if (res.error) {
      root.appendChild(el('p', { class: 'fatal', role: 'alert' }, 'ir-trace: ' + res.error));
      return;
    }
    // A live report (its session had not finished when the page was written): one status line above the app.
    if (res.data.live) {
      root.parentNode.insertBefore(
          el('p', { id: 'ir-trace-live', class: 'live-status', role: 'status' },
             T.live.liveText(res.data.live, res.data.end)),
          root);
    }
    const model = new T.model.Model(res.data);
    const app = new App(root, model);
    T.instance = app;
    setupTheme(app.themeBtn);
    const help = buildHelp(root);
    app.helpBtn.addEventListener('click', () => help.toggle());
    setupKeys(app, help);
    app.visible = app.sidebar.applyFilters();
    if (!model.entries.length) {
      app.showNone(true);
      app.noneMsg.textContent = 'This report has no passes.';
      return;
    }
    if (!app.applyFragment(location.hash)) app.select(app.firstChanged());
    // The hash the user (or a link) navigated to, from the event: by the time the handler runs, a coalesced
    // write of the page's own fragment (62_links.js) may have replaced location.hash with the old state.
    window.addEventListener('hashchange', (ev) => {
      const hash = ev.newURL ? new URL(ev.newURL).hash : location.hash;
      if (!app.links.isLast(hash)) app.applyFragment(hash);
    });
    // The chart reads the sidebar's width (a layout) and builds its SVG, and the pass search's index is made
    // in slices (the first keystroke only ranks): neither is needed for the first diff, so both wait for the
    // first frame and then for an idle moment (at most 500 ms), behind input and the diff's paint.
    const idle = window.requestIdleCallback ? (f) => requestIdleCallback(f, { timeout: 500 }) : (f) => setTimeout(f, 0);
    requestAnimationFrame(() => idle(() => {
                            app.sidebar.drawChart();
                            app.sidebar.prepareSearch();
                          }));
  }

  const start = () => boot().catch((e) => {
    const root = document.getElementById('app');
    if (root)
      root.appendChild(el(
          'p', { class: 'fatal', role: 'alert' }, 'ir-trace: the viewer failed: ' + (e && e.message ? e.message : e)));
    throw e;
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
});
