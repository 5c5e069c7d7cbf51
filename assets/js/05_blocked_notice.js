// ir-trace viewer: the first thing the script does. The page holds one plain paragraph
// (#ir-trace-blocked, assets/report.html) saying the script was blocked, for a server whose
// Content-Security-Policy blocks inline script (and inline style, so it is unstyled text, visible by
// default). Running at all means it was not blocked: remove it before anything paints.
window.IrTrace.define('05_blocked_notice', function() {
  'use strict';
  const notice = document.getElementById('ir-trace-blocked');
  if (notice) notice.remove();
});
