/* global document -- a page's own global */
/*
 * The back-office page's boot script (linked `async` by the build: signed-in-preload.ts). When a session is stored
 * (lib/session/session-storage.ts' key), the signed-in chrome's chunks, which the page names in
 * <meta name="signed-in-chunks">, are fetched now, beside the entry, instead of once the entry has run. Plain
 * script, no imports: it must stay a few hundred bytes. A stale session costs only the download.
 */
(function () {
  try {
    var meta = document.querySelector('meta[name="signed-in-chunks"]');
    if (!meta || !localStorage.getItem('__token__')) return;
    meta.content.split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      // As the build's own module scripts and preloads ask for them, so that the browser reuses these answers.
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  } catch {
    // Storage unavailable: the chunks come as they always did, once the entry asks for them.
  }
})();
