// The batch index: the dumps of a run (JSON in #ir-trace-index, written by lib/report/batch_index.cpp)
// as a table, sortable by each column, filtered by a search box and "Problems only". Every name, path
// and error is untrusted: the DOM is built with textContent only, and a link's href is the report's
// file name percent-encoded (a name holds %XX escapes that must reach the file system as they are).
(() => {
  'use strict';
  // First: the plain paragraph saying the script was blocked (index.html) goes, since it was not.
  const blocked = document.getElementById('ir-trace-blocked');
  if (blocked) blocked.remove();

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, String(v));
    }
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
    }
    return node;
  }

  // How bad a dump is: the default order puts the worst first.
  // 0 invalid or not converted, or its baseline could not be compared; 1 a failed pass; 2 a warning; 3 clean.
  function rank(d) {
    if (d.status !== 'ok' || (d.baseline && d.baseline.status === 'error')) return 0;
    if (d.failed > 0) return 1;
    if (d.warnings > 0) return 2;
    return 3;
  }
  function statusText(d) {
    if (d.status === 'ok' && d.baseline && d.baseline.status === 'error') return 'error';
    return d.status !== 'ok' ? d.status : d.failed > 0 ? 'failed' : d.warnings > 0 ? 'warning' : 'ok';
  }
  function bytes(n) {
    if (n < 1024) return n + ' B';
    if (n < 1024 * 1024) return (n / 1024).toFixed(1) + ' KB';
    return (n / 1024 / 1024).toFixed(1) + ' MB';
  }
  function firstFailure(d) {
    if (d.status !== 'ok') return d.error;
    const p = (d.failed_passes || [])[0];
    return p ? p.num + '. ' + p.name + (p.error ? ': ' + p.error : '') : '';
  }

  const COLUMNS = [
    ['dump', 'Dump', (d) => (d.title || '') + '\u0000' + d.path],
    ['status', 'Status', (d) => rank(d)],
    ['passes', 'Passes', (d) => d.passes],
    ['changed', 'Changed', (d) => d.changed],
    ['failed', 'Failed', (d) => d.failed],
    ['warnings', 'Warnings', (d) => d.warnings],
    ['input', 'Input', (d) => d.input_bytes],
    ['report', 'Report', (d) => d.report_name || ''],
  ];
  // --baseline: the first divergence from the baseline run, linking its compare report. Sorted: errors,
  // divergences (by where), the same, no baseline.
  const BASELINE_COLUMN = [
    'baseline', 'First divergence',
    (d) => {
      const b = d.baseline || { status: 'missing' };
      return ({ error: 0, diverged: 1, same: 2 }[b.status] ?? 3) + '\u0000' + (b.divergence || '');
    }
  ];

  // A link to a report in the index's directory (a merged index's "../shard1/<name>.html" too): each
  // segment is encoded, the '/' between them kept. `text`: the link's text (default: the name).
  function reportLink(name, text) {
    return name ? el('a', { href: name.split('/').map(encodeURIComponent).join('/') }, text || name) : '';
  }

  function baselineCell(d) {
    const b = d.baseline || { status: 'missing' };
    if (b.status === 'error')
      return el('td', {}, el('span', { class: 'st-invalid' }, 'error'), el('div', { class: 'err' }, b.error));
    const text = b.status === 'diverged' ? b.divergence : b.status === 'same' ? 'none' : 'no baseline';
    return el(
        'td', { class: 'div-' + b.status, title: b.path ? 'compared with ' + b.path : '' },
        b.report_name ? reportLink(b.report_name, text) : text);
  }

  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function start() {
    const data = JSON.parse(document.getElementById('ir-trace-index').textContent);
    const dumps = data.dumps;
    const columns = dumps.some((d) => d.baseline) ? [...COLUMNS, BASELINE_COLUMN] : COLUMNS;
    const root = document.getElementById('index');
    let sortKey = 'status', ascending = true, query = '', problemsOnly = false;

    const search = el('input', {
      type: 'search',
      role: 'searchbox',
      'aria-label': 'Filter dumps',
      placeholder: 'Filter dumps (title, path, error)'
    });
    const problems = el('input', { type: 'checkbox' });
    const count = el('span', { class: 'count' });
    const head = el('tr');
    const body = el('tbody');
    root.append(
        el('h1', {}, 'ir-trace: ' + dumps.length + (dumps.length === 1 ? ' dump' : ' dumps')),
        el('div', { class: 'controls' }, search, el('label', {}, problems, ' Problems only'), count),
        el('div', { class: 'table-wrap' }, el('table', { 'aria-label': 'Dumps' }, el('thead', {}, head), body)));

    for (const [key, label] of columns) {
      head.appendChild(
          el('th', { 'data-key': key, scope: 'col' },
             el('button', { type: 'button', onclick: () => sortBy(key) }, label)));
    }

    function sortBy(key) {
      ascending = key === sortKey ? !ascending : true;
      sortKey = key;
      render();
    }

    // The text the search looks in, per dump, made on the first search.
    const hays = new Map();
    function hayOf(d) {
      let hay = hays.get(d);
      if (hay === undefined) {
        const b = d.baseline || {};
        hay = [d.title, d.path, d.error, firstFailure(d), b.divergence, b.error, b.path].join('\n').toLowerCase();
        hays.set(d, hay);
      }
      return hay;
    }

    function matches(d) {
      // A dump that diverges from its baseline is what a reviewer looks for: a problem here.
      if (problemsOnly && rank(d) === 3 && !(d.baseline && d.baseline.status === 'diverged')) return false;
      return !query || hayOf(d).includes(query);
    }

    function row(d) {
      const st = statusText(d);
      const link = reportLink(d.report_name);
      return el(
          'tr', { class: 'row st-row-' + st },
          el('td', {}, d.title ? el('div', { class: 'title' }, d.title) : '', el('div', { class: 'path' }, d.path)),
          el('td', { class: 'st-' + st }, st), el('td', { class: 'num' }, d.status === 'ok' ? d.passes : ''),
          el('td', { class: 'num' }, d.status === 'ok' ? d.changed : ''),
          el('td', {}, d.failed ? el('span', { class: 'st-failed' }, String(d.failed)) : '',
             firstFailure(d) ? el('div', { class: 'err' }, firstFailure(d)) : ''),
          el('td', { class: 'num' }, d.status === 'ok' ? d.warnings : ''),
          el('td', { class: 'num', title: d.input_bytes + ' bytes' }, d.status === 'ok' ? bytes(d.input_bytes) : ''),
          el('td', {}, link), columns === COLUMNS ? '' : baselineCell(d));
    }

    // The table shows the first PAGE rows of the order, and a button for PAGE more: an index of 150,000
    // dumps opens as fast as a small one (laying out every row took most of a minute); the search and
    // the sorting work over every dump.
    const PAGE = 1000;
    let shown = [], limit = PAGE;
    const more = el('button', {
      type: 'button',
      class: 'more',
      hidden: true,
      onclick: () => {
        limit += PAGE;
        fill();
      }
    });
    root.appendChild(more);

    function render() {
      const get = columns.find((c) => c[0] === sortKey)[2];
      const keyed = dumps.filter(matches).map((d) => [get(d), d]);
      keyed.sort((a, b) => {
        const c = compare(a[0], b[0]) || compare(a[1].path, b[1].path);
        return ascending ? c : -c;
      });
      shown = keyed.map((k) => k[1]);
      for (const th of head.children) {
        if (th.dataset.key === sortKey) th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        else th.removeAttribute('aria-sort');
      }
      limit = PAGE;
      body.replaceChildren();
      fill();
      count.textContent = shown.length + ' of ' + dumps.length;
    }

    // Appends the rows up to `limit` (one fragment, not replaceChildren(...rows): 150,000 arguments
    // overflow the stack).
    function fill() {
      const rows = document.createDocumentFragment();
      for (let k = body.children.length; k < Math.min(limit, shown.length); k++) rows.appendChild(row(shown[k]));
      body.appendChild(rows);
      const rest = shown.length - body.children.length;
      more.hidden = rest <= 0;
      more.textContent = 'Show ' + Math.min(PAGE, rest) + ' more (' + rest + ' not shown)';
    }

    search.addEventListener('input', () => {
      query = search.value.trim().toLowerCase();
      render();
    });
    problems.addEventListener('change', () => {
      problemsOnly = problems.checked;
      render();
    });
    render();
  }

  start();
})();
