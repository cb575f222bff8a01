import { apiRequest } from '../api/api-client';

/**
 * The event stream's pass. A browser's EventSource cannot send the Authorization header, so the server turns the
 * signed-in session into an HttpOnly cookie that only /api/live accepts (no token in the address, where it would
 * land in logs). Kept apart from the screens: signing out clears it without loading them.
 */
export async function requestLiveCookie(): Promise<void> {
  await apiRequest('POST', '/live/cookie');
}

/**
 * Clears the stream's cookie at sign-out, speaking for the session being ended (`token`), so a refusal ends
 * nothing more. Its outcome does not matter: the session behind the cookie is revoked right after.
 */
export async function clearLiveCookie(token: string): Promise<void> {
  try {
    await apiRequest('DELETE', '/live/cookie', undefined, { token });
  } catch {
    // Expired, already cleared or unreachable: the session's end makes the cookie worthless anyway.
  }
}
