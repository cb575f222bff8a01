import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nextFrameDrawn } from '../lib/api/first-answers';
import { screenHeadingsByPath } from '../lib/paths/screen-headings';
import { paths } from '../lib/paths/paths';
import { createAppRoutes } from './routes';
import type { RouteObject } from 'react-router';

const BOOT_SCRIPT = fs.readFileSync(path.join(__dirname, '../../public/office-boot.js'), 'utf8');

/** The built page's shell and head as far as the boot script reads them (index.html, the build's metas). */
function openPage(address: string, { signedIn }: { signedIn: boolean }) {
  window.history.replaceState(null, '', address);
  document.head.innerHTML =
    '<meta name="signed-in-chunks" content="/assets/admin-a.js /assets/shared-b.js">' +
    `<meta name="screen-headings" content="${JSON.stringify(screenHeadingsByPath()).replaceAll('"', '&quot;')}">`;
  document.body.innerHTML =
    '<div id="root"><div class="office-shell"><div class="office-shell-bar">SchoolRide</div></div></div>';
  if (signedIn) localStorage.setItem('__token__', 'a token');
  // As the browser runs the page's classic script: in the global scope.
  new Function(BOOT_SCRIPT)();
}

const shellHeading = () => document.querySelector('.office-shell h1')?.textContent;
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

const routePaths = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);

afterEach(async () => {
  // The boot script asks for the chunks once the heading's frame is drawn: in this test's page, not the next one's.
  await nextFrameDrawn();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe("the screen's heading in the HTML shell (office-boot.js)", () => {
  it("draws a list's heading with PageHeader's back arrow and trail when a session is stored, then asks for the signed-in chunks", async () => {
    openPage('/all-students?limit=100', { signedIn: true });
    expect(shellHeading()).toBe('All Students');
    expect(document.querySelector('.office-shell-back')).not.toBeNull();
    expect(document.querySelector('.office-shell-trail')?.textContent).toBe('Home/All Students');
    // Not beside the heading's first frame: its bandwidth is the entry's and the heading's.
    expect(preloads()).toEqual([]);
    await nextFrameDrawn();
    expect(preloads()).toEqual(['/assets/admin-a.js', '/assets/shared-b.js']);
  });

  it("draws the dashboard's heading alone, as the dashboard has no way back and no trail", () => {
    openPage('/', { signedIn: true });
    expect(shellHeading()).toBe('Admin Dashboard');
    expect(document.querySelector('.office-shell-back')).toBeNull();
    expect(document.querySelector('.office-shell-trail')).toBeNull();
  });

  it('draws nothing for a visitor, who is sent on to Log In, and fetches no signed-in chunk', async () => {
    openPage('/all-students', { signedIn: false });
    expect(shellHeading()).toBeUndefined();
    await nextFrameDrawn();
    expect(preloads()).toEqual([]);
  });

  it("draws nothing where the address does not decide the heading (a record's screen)", async () => {
    openPage('/student-details/1', { signedIn: true });
    expect(shellHeading()).toBeUndefined();
    await nextFrameDrawn();
    expect(preloads()).toHaveLength(2);
  });

  it('reads an address with a trailing slash as the screen the router shows there', () => {
    openPage('/all-drivers/', { signedIn: true });
    expect(shellHeading()).toBe('All Drivers');
  });
});

describe('screenHeadingsByPath', () => {
  it('names only addresses of screens the router has, each once', () => {
    const headings = screenHeadingsByPath();
    const routes = routePaths(createAppRoutes());
    expect(Object.keys(headings).filter((address) => !routes.includes(address))).toEqual([]);
    expect(headings[paths.dashboard]).toEqual({ title: 'Admin Dashboard', backAndTrail: false });
    expect(headings[paths.students.list]).toEqual({ title: 'All Students', backAndTrail: true });
  });
});
