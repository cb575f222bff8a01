import { screenHeadingsByPath } from '../../lib/paths/screen-headings';
import { readStoredToken } from '../../lib/session/session-storage';

const HEADINGS_BY_PATH = screenHeadingsByPath();

/**
 * The HTML shell of index.html, drawn by the app while the signed-in chrome's code is still on its way (the router's
 * first load, the chrome's own chunk): the top bar and, when a session is stored, the opened screen's heading, as
 * public/office-boot.js drew them before the app ran, with the page's own CSS (index.html). Plain elements, no MUI:
 * it draws at once. A spinner in its place made the heading the page had already painted vanish and come back
 * (decision 055).
 */
export function OfficeShell() {
  const address = window.location.pathname.replace(/(.)\/$/, '$1');
  const heading = readStoredToken() ? HEADINGS_BY_PATH[address] : undefined;
  return (
    <div className="office-shell">
      <div className="office-shell-bar">
        <img src="/logo.svg" alt="" width="36" height="36" />
        <span>SchoolRide</span>
      </div>
      {heading && (
        // A picture of the screen to come (as office-boot.js draws it): hidden from assistive technology, which
        // meets the real heading with the screen.
        <div className="office-shell-main" aria-hidden="true">
          <div className="office-shell-heading">
            {heading.backAndTrail && (
              <svg className="office-shell-back" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />
              </svg>
            )}
            <h1>{heading.title}</h1>
          </div>
          {heading.backAndTrail && (
            <div className="office-shell-trail">
              <span>Home</span>
              <span className="office-shell-separator">/</span>
              <span className="office-shell-current">{heading.title}</span>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
