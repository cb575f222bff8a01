import { appSessionStore } from '../../lib/session/app-session-store';
import { startFirstRequest } from './first-request';

/**
 * Run by a phone app's boot script, from the HTML's head, before the app's code has arrived: when someone is
 * signed in (the app's stored session, as the app reads it), the request for the first screen's data goes now.
 */
export function bootPhoneApp(app: { name: string; role: string; firstPath: string }): void {
  const session = appSessionStore(app.name, app.role).read();
  if (session) startFirstRequest(app.firstPath, session.token);
}
