// ir-trace viewer: the pass a "Filter passes" keystroke shows, shown once the filtered list is drawn. A
// keystroke filters and ranks the list over the model (cheap), and the best match's diff can cost far more
// (its snapshots parsed and diffed: 300 ms on a report of 142,000 passes), so the App asks for it here: it
// runs in a task after the frame that paints the list, and a later keystroke (or any selection) before then
// replaces it. Typing therefore shows each keystroke's list at once and the best match's pass when the
// typing leaves a frame's time; the pass is the one the last keystroke ranked first, as before.
window.IrTrace.define('61_typing_select', function() {
  'use strict';
  const T = window.IrTrace;

  // One pending selection at a time: schedule(i, run) asks for run(i) after the next painted frame,
  // cancel() drops a pending one, target() is the entry pending (-1 for none).
  class TypingSelect {
    constructor() {
      this.wanted = -1;
      this.ticket = 0;
    }

    target() { return this.wanted; }

    // Takes entry i and run (called with i). Calls run(i) in a task queued after the task that follows
    // the next animation frame, unless cancel() or schedule() is called before.
    schedule(i, run) {
      const ticket = ++this.ticket;
      this.wanted = i;
      // rAF: the list's frame; the first task after it: the frame has been painted; the second hop lets a
      // task already waiting for that paint (an input's next keystroke) run first.
      requestAnimationFrame(() => setTimeout(() => setTimeout(() => {
                                               if (ticket !== this.ticket) return;
                                               this.wanted = -1;
                                               run(i);
                                             }, 0), 0));
    }

    cancel() {
      this.ticket++;
      this.wanted = -1;
    }
  }

  T.typingSelect = { TypingSelect };
});
