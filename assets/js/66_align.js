// ir-trace viewer: F7 alignment, choosing the two lines. The user picks a line on the left, then the line
// on the right that should face it, by click or by keys (a cursor moved with the arrows, picked with Enter);
// the App then re-diffs with that pair as an anchor (68_compare.js). The diff view only draws the state it
// is handed (DiffView.setPicking) and reports clicks.
window.IrTrace.define('66_align', function() {
  'use strict';
  const T = window.IrTrace;
  const R = T.rows;

  // The line (0-based, on that side) that display item i of the diff view offers for side 'L' / 'R', or
  // -1: a fold, a row without a line on that side, or in stacked the other side's half of a change.
  function lineAt(diff, i, side) {
    const it = diff.items && diff.items[i];
    if (!it || it.r === undefined) return -1;
    if (diff.stacked && diff.rows.kind[it.r] !== R.EQUAL && (it.part === 1) !== (side === 'R')) return -1;
    return side === 'L' ? diff.rows.before[it.r] : diff.rows.after[it.r];
  }

  class LinePick {
    // diff: DiffView. hooks: {say(message, sticky), quiet(), done(leftLine, rightLine), label(leftLine)}:
    // say shows an instruction (sticky: until quiet), label gives a left line's number as shown.
    constructor(diff, hooks) {
      this.diff = diff;
      this.hooks = hooks;
      this.left = null; // the left line chosen, once chosen
      this.at = -1; // the display item under the key cursor
      this.on = false;
    }

    active() { return this.on; }

    side() { return this.left === null ? 'L' : 'R'; }

    start() {
      this.on = true;
      this.left = null;
      this.at = -1;
      // A view without a line on the left (a file added whole) has nothing to align: say so, stay out.
      if (!this.move(0)) {
        this.on = false;
        this.hooks.say('Nothing to align: this view has no line on the left', false);
        return;
      }
      this.hooks.say(
          'Alignment: click a line on the left, or choose it with \u2191/\u2193 and Enter (Esc cancels)', true);
      this.refresh();
    }

    // Returns false when no pick was going on (Escape then does its next job).
    cancel() {
      if (!this.on) return false;
      this.stop();
      this.hooks.say('Alignment cancelled', false);
      return true;
    }

    stop() {
      this.on = false;
      this.at = -1;
      this.diff.setPicking(null);
    }

    // Hands the state to a (new) view: the cursor goes to the nearest line it may pick.
    refresh() {
      if (!this.on) return;
      this.move(0);
      this.diff.setPicking({ side: this.side(), at: this.at });
    }

    // A line picked by click or Enter.
    pick(side, line) {
      if (!this.on) return;
      if (this.left === null) {
        if (side !== 'L') {
          this.hooks.say('Alignment: first a line on the left', true);
          return;
        }
        this.left = line;
        this.hooks.say(
            'Alignment: now the line on the right to face left line ' + this.hooks.label(line) +
                ' (click, or \u2191/\u2193 and Enter)',
            true);
        this.refresh(); // the key cursor moves on to the right side, from the same row
        return;
      }
      if (side !== 'R') {
        this.hooks.say('Alignment: now a line on the right', true);
        return;
      }
      const l = this.left;
      this.stop();
      this.hooks.quiet(); // done: the instructions go now, not seconds later
      this.hooks.done(l, line);
    }

    // Moves the key cursor by dir items, skipping items without a line on the side being chosen; dir 0
    // puts it on the nearest such item (from where it is, else from the top of the screen). Returns false
    // when there is nothing further that way.
    move(dir) {
      const d = this.diff, side = this.side(), n = d.items ? d.items.length : 0;
      const ok = (i) => i >= 0 && i < n && lineAt(d, i, side) >= 0;
      let i = this.at >= 0 ? this.at : d.firstVisible();
      if (dir === 0) {
        let k = 0;
        while (!ok(i + k) && !ok(i - k) && (i + k < n || i - k >= 0)) k++;
        i = ok(i + k) ? i + k : i - k;
        if (!ok(i)) return false;
      } else {
        const step = Math.sign(dir);
        let moved = 0, to = i;
        for (let j = i + step; j >= 0 && j < n && moved < Math.abs(dir); j += step)
          if (ok(j)) {
            to = j;
            moved++;
          }
        if (to === i) return false;
        i = to;
      }
      this.at = i;
      if (dir !== 0) {
        d.scrollToItem(i, false);
        d.setPicking({ side, at: i });
      }
      return true;
    }

    // A click on side 'L' / 'R' of display item i (DiffView hooks.onPick): picks its line, if it offers one.
    pickItem(side, i) {
      const line = lineAt(this.diff, i, side);
      if (line >= 0) this.pick(side, line);
    }

    // Enter: picks the line under the key cursor.
    confirm() { this.pickItem(this.side(), this.at); }
  }

  T.align = { LinePick, lineAt };
});
