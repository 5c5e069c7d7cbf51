// ir-trace viewer: the "Wrap" toggle (key z) of the diff view: long lines break at the code cell's width
// instead of running off its edge (50_render.js setWrap; row heights: 47_row_heights.js). The choice is
// remembered in localStorage, as the layout, the theme and blame are.
window.IrTrace.define('53_wrap', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, store } = T.util;

  class WrapToggle {
    // diff: the DiffView it switches; after: the control the button is placed after.
    constructor(diff, after) {
      this.diff = diff;
      this.button =
          el('button', {
            type: 'button',
            class: 'wrap-toggle',
            'aria-pressed': 'false',
            'aria-label': 'Wrap lines',
            title: 'Wrap long lines at the window\u2019s width instead of scrolling sideways (z)'
          },
             'Wrap');
      this.button.addEventListener('click', () => this.toggle());
      after.after(this.button);
      this.set(store.get('wrap', '0') === '1', false);
    }

    on() { return this.diff.wrap; }

    toggle() { this.set(!this.diff.wrap, true); }

    // on: wrap or not; remember: store the choice (false while applying the stored one).
    set(on, remember) {
      if (remember) store.set('wrap', on ? '1' : '0');
      this.button.setAttribute('aria-pressed', String(!!on));
      this.diff.setWrap(on);
    }
  }

  T.wrap = { WrapToggle };
});
