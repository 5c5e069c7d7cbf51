// ir-trace viewer: shared helpers. Every module registers into the one namespace window.IrTrace.
// Security rule for the whole viewer: data from the payload is only ever inserted with textContent or
// attribute setters; never innerHTML, insertAdjacentHTML or document.write.
window.IrTrace.define('10_util', function() {
  'use strict';
  const T = (window.IrTrace = window.IrTrace || {});

  // el('div', {class: 'x', 'aria-label': 'y', onclick: f}, child, 'text', ...) -> Element.
  // Attribute values and text children are set as text; null/undefined/false attributes are skipped.
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === null || v === undefined || v === false) continue;
        if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
        else if (k === 'class') node.className = v;
        else if (k === 'text') node.textContent = v;
        else node.setAttribute(k, v === true ? '' : String(v));
      }
    }
    for (const c of children) append(node, c);
    return node;
  }

  function append(node, c) {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) c.forEach((x) => append(node, x));
    else if (typeof c === 'string' || typeof c === 'number') node.appendChild(document.createTextNode(String(c)));
    else node.appendChild(c);
  }

  function clear(node) {
    if (node.replaceChildren) node.replaceChildren();
    else
      while (node.firstChild) node.removeChild(node.firstChild);
  }

  // localStorage access guarded: storage may be denied (file:// in some browsers, privacy modes).
  const store = {
    get(key, fallback) {
      try {
        const v = window.localStorage.getItem('ir-trace.' + key);
        return v === null ? fallback : v;
      } catch (e) { return fallback; }
    },
    set(key, value) {
      try {
        window.localStorage.setItem('ir-trace.' + key, String(value));
      } catch (e) {
        // storage denied: the setting lasts for this page only
      }
    },
  };

  function clamp(v, lo, hi) { return v < lo ? lo : v > hi ? hi : v; }

  // True when a key event comes from a place where the user types (inputs, selects, editable text).
  // True when keys go to a text field or a select (a checkbox, radio or button takes no typing, so the
  // viewer's keys keep working after a click on a filter).
  const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);
  function isTyping(ev) {
    const t = ev.target;
    if (!t || !t.tagName) return false;
    const tag = t.tagName;
    if (tag === 'INPUT') return !NOT_TYPED.has(String(t.type).toLowerCase());
    return tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable;
  }

  // Copies text; resolves to true on success. Falls back to a hidden textarea + execCommand.
  async function copyText(text) {
    try {
      if (navigator.clipboard && window.isSecureContext !== false) {
        await navigator.clipboard.writeText(text);
        return true;
      }
    } catch (e) {
      // fall through to the legacy path
    }
    const ta = el('textarea', { class: 'offscreen', 'aria-hidden': 'true' });
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch (e) { ok = false; }
    ta.remove();
    return ok;
  }

  // Compiles user input as a RegExp; returns {re} or {error: message}.
  function compileRegex(src, flags) {
    try {
      return { re: new RegExp(src, flags) };
    } catch (e) { return { error: String(e && e.message ? e.message : e) }; }
  }

  function escapeRegex(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

  // Runs step() in slices of about budgetMs until it returns true; onProgress between slices.
  // Returns {promise, cancel}. Keeps input responsive for long jobs (find across passes, JS diff).
  function runSliced(step, budgetMs = 12) {
    let cancelled = false;
    const promise = new Promise((resolve, reject) => {
      function slice() {
        if (cancelled) return resolve(false);
        const end = performance.now() + budgetMs;
        try {
          while (performance.now() < end) {
            if (step()) return resolve(true);
          }
        } catch (e) { return reject(e); }
        setTimeout(slice, 0);
      }
      setTimeout(slice, 0);
    });
    return { promise, cancel: () => (cancelled = true) };
  }

  // Keeps Tab and Shift+Tab inside a modal dialog element.
  function trapFocus(dialog) {
    dialog.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll('button, select, input, [tabindex="0"]')].filter(
          (x) => !x.disabled && x.getClientRects().length);
      if (!items.length) return;
      const first = items[0], last = items[items.length - 1];
      if (ev.shiftKey && document.activeElement === first) {
        ev.preventDefault();
        last.focus();
      } else if (!ev.shiftKey && document.activeElement === last) {
        ev.preventDefault();
        first.focus();
      }
    });
  }

  // A Worker running the viewer's own code: makeSource() gives the program as text, made once per name into
  // a blob: URL (the CSP allows workers from blob: only). null when the browser cannot make one.
  const workerUrls = new Map();
  function blobWorker(name, makeSource) {
    if (typeof Worker !== 'function' || typeof Blob !== 'function' || !window.URL || !URL.createObjectURL) return null;
    try {
      let workerUrl = workerUrls.get(name);
      if (!workerUrl)
        workerUrls.set(name, (workerUrl = URL.createObjectURL(new Blob([makeSource()], { type: 'text/javascript' }))));
      return new Worker(workerUrl);
    } catch (e) { return null; }
  }

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  // An integer with thousands separators (12,345). Not toLocaleString: its first call loads the locale
  // data (~15 ms), on the way to the first diff.
  function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','); }

  // A map that forgets its least recently used entries while their total weight (weigh(value), 1 each by
  // default) is over limit; the entry just set is always kept. get() counts as a use.
  class Lru {
    constructor(limit, weigh) {
      this.map = new Map(); // insertion order = use order, oldest first
      this.limit = limit;
      this.weigh = weigh || (() => 1);
      this.weight = 0;
    }

    has(k) { return this.map.has(k); }

    get(k) {
      const v = this.map.get(k);
      if (v !== undefined) {
        this.map.delete(k);
        this.map.set(k, v);
      }
      return v;
    }

    set(k, v) {
      if (this.map.has(k)) {
        this.weight -= this.weigh(this.map.get(k));
        this.map.delete(k);
      }
      this.map.set(k, v);
      this.weight += this.weigh(v);
      for (const [key, val] of this.map) {
        if (this.weight <= this.limit || key === k) break;
        this.map.delete(key);
        this.weight -= this.weigh(val);
      }
      return v;
    }
  }

  T.util = {
    Lru,
    el,
    append,
    clear,
    store,
    clamp,
    isTyping,
    copyText,
    compileRegex,
    escapeRegex,
    runSliced,
    blobWorker,
    plural,
    grouped,
    trapFocus
  };
});
