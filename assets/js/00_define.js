// ir-trace viewer: the module registry, the first file of assets/js. Every other file is one call
// window.IrTrace.define('NN_name', function () { ... }) named after the file: the files are concatenated in
// file-name order (CMakeLists.txt) and define runs each factory at once, so a module may use at load time only
// what lower-numbered modules registered (tests/arch/viewer_refs.mjs checks it, and that each reference to a
// later module is a late binding listed in tests/arch/viewer_late_refs.txt; tests/browser/assets.test.mjs
// the names). A module out of order or defined twice throws: the page fails loudly, never half-built.
window.IrTrace = window.IrTrace || {};
window.IrTrace.define = ((loaded) => function define(name, factory) {
  const last = loaded[loaded.length - 1];
  if (last !== undefined && !(name > last)) {
    throw new Error('ir-trace viewer: module ' + name + ' after ' + last + ' (files load in name order)');
  }
  loaded.push(name);
  factory();
})([]);
