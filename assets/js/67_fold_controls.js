// ir-trace viewer: the pass head's controls folded in a narrow window. Below 1,000 px the less used ones
// (Expand all / Collapse all, Whole module, Blame and the normalisations) go behind a "More…" button
// (aria-expanded), so the toolbar takes one or two rows and the IR starts in the top third of the window;
// their keys (Shift+E, m, b, w, i) work either way. From 1,000 px every control shows and the button hides.
window.IrTrace.define('67_fold_controls', function() {
  'use strict';
  const T = window.IrTrace;
  const { el } = T.util;
  const NARROW = '(max-width: 999px)';

  // toolbar: the pass head's toolbar; rest: its controls to fold away (the button goes before the first).
  // Returns the button.
  function attach(toolbar, rest) {
    const mq = window.matchMedia ? window.matchMedia(NARROW) : null;
    const btn =
        el('button', {
          type: 'button',
          class: 'more-controls',
          'aria-expanded': 'false',
          title: 'Show the other controls: Expand all, Whole module, Blame, Ignore whitespace, Ignore SSA numbering'
        },
           'More\u2026');
    let open = false;
    const apply = () => {
      const narrow = !!(mq && mq.matches);
      for (const r of rest) r.classList.toggle('folded-away', narrow && !open);
      btn.hidden = !narrow;
      btn.setAttribute('aria-expanded', String(open));
      btn.textContent = open ? 'Fewer' : 'More\u2026';
    };
    btn.addEventListener('click', () => {
      open = !open;
      apply();
    });
    if (mq && mq.addEventListener) mq.addEventListener('change', apply);
    toolbar.insertBefore(btn, rest[0]);
    apply();
    return btn;
  }

  T.foldControls = { attach };
});
