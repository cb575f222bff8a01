import { render } from '@testing-library/react';
import { DriverApp } from './DriverApp';

/**
 * The whole driver app, as its own entry mounts it, opened at `path`: the phone shell owns the router (a browser
 * router, so the address is set first), the session, the language and the toasts, so nothing of the office is
 * needed around it.
 */
export function renderDriverApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<DriverApp />);
}

/** A driver's session as the app keeps it on the phone (driver-session.ts's store). */
export function storeDriverSession(token = 'stored-token') {
  localStorage.setItem('__driver_token__', token);
  localStorage.setItem(
    '__driver_user__',
    JSON.stringify({ id: 'u1', name: 'Sam', email: 'sam@example.com', role: 'driver' }),
  );
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
