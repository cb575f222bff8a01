/* global document, location, requestAnimationFrame -- a page's own globals */
/*
 * The back-office page's boot script (linked at the end of the body by the build: signed-in-preload.ts). When a
 * session is stored (lib/session/session-storage.ts' key):
 * - the signed-in chrome's chunks, which the page names in <meta name="signed-in-chunks">, are fetched now, beside
 *   the entry, instead of once the entry has run;
 * - the opened screen's heading, when the page knows it from the address (<meta name="screen-headings">, written
 *   by shell-headings.ts), is drawn into the HTML shell where the screen will draw it, so that a phone paints the
 *   screen's largest text before the app's code has arrived and run (decision 055). The app draws the same
 *   shell (components/shell/OfficeShell.tsx) until its signed-in chrome has arrived.
 * Plain script, no imports: it must stay small. A stale session costs only the download and a heading shown until
 * Log In replaces it.
 */
(function () {
  var SVG = 'http://www.w3.org/2000/svg';

  function preloadSignedInChunks() {
    var meta = document.querySelector('meta[name="signed-in-chunks"]');
    if (!meta) return;
    meta.content.split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      // As the build's own module scripts and preloads ask for them, so that the browser reuses these answers.
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  /** PageHeader's back arrow (MUI's ArrowBack icon), a drawing only: the shell takes no input. */
  function backArrow() {
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('class', 'office-shell-back');
    var path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z');
    svg.appendChild(path);
    return svg;
  }

  /** The screen's header as PageHeader draws it: [back arrow] heading, then the trail from Home. */
  function drawHeading() {
    var shell = document.querySelector('.office-shell');
    var meta = document.querySelector('meta[name="screen-headings"]');
    // No shell: the app has drawn already.
    if (!shell || !meta) return;
    var address = location.pathname.length > 1 ? location.pathname.replace(/\/$/, '') : location.pathname;
    var heading = JSON.parse(meta.content)[address];
    if (!heading) return;
    var main = element('div', 'office-shell-main');
    // A picture of the screen to come, not the screen: assistive technology (and a test waiting for the screen's
    // heading) meets the real heading when the screen is there.
    main.setAttribute('aria-hidden', 'true');
    var line = element('div', 'office-shell-heading');
    if (heading.backAndTrail) line.appendChild(backArrow());
    line.appendChild(element('h1', '', heading.title));
    main.appendChild(line);
    if (heading.backAndTrail) {
      var trail = element('div', 'office-shell-trail');
      trail.appendChild(element('span', '', 'Home'));
      trail.appendChild(element('span', 'office-shell-separator', '/'));
      trail.appendChild(element('span', 'office-shell-current', heading.title));
      main.appendChild(trail);
    }
    shell.appendChild(main);
  }

  try {
    if (!localStorage.getItem('__token__')) return;
    drawHeading();
    // The chrome's chunks once the heading is on screen: asked for beside it, they share its first frame's
    // bandwidth with the entry, and it is the screen's largest text (decision 081).
    requestAnimationFrame(function () {
      setTimeout(preloadSignedInChunks, 0);
    });
  } catch {
    // Storage unavailable: the chunks come as they always did, once the entry asks for them, and the app draws
    // the heading.
  }
})();
