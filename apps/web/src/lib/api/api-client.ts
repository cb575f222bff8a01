import { MESSAGES, type Envelope, type ErrorEnvelope, type FieldError } from '@school-transport/shared';
import { readStoredToken } from '../session/session-storage';

const API_BASE = '/api';

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /**
   * Sends this token instead of the stored one; null sends none. Such a request does not speak for the stored
   * session, so its 401 does not end it (the login call itself, revoking a token that was never stored).
   */
  token?: string | null;
  signal?: AbortSignal;
  /**
   * The same call already sent (a phone app's first request, sent by its boot script: phone/boot/first-request.ts):
   * its answer is read as this call's instead of sending another.
   */
  started?: Promise<Response>;
}

let appLanguage: string | null = null;

/**
 * The language a phone app shows, sent with every call as X-App-Language: the server writes the refusals of someone
 * not signed in (sign-in, a reset link) in it, and of a signed-in driver or parent whose account names none
 * (decision 053). The office sets none: its refusals stay English.
 */
export function setAppLanguage(language: string | null): void {
  appLanguage = language;
}

/** A failed call: `status` is 0 when the server could not be reached, `errors` lists per-field problems. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** A refusal the server worded from its catalogue: the key, stable across languages, and its values. */
    readonly code?: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called whenever the server rejects the stored session (401). The session provider subscribes here, so this
 * module stays free of React and every screen gets the same "session ended" handling for free.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The one way the app talks to the API: same-origin `/api` + path, JSON in (or FormData for uploads) and JSON
 * out, the stored token in
 * `Authorization` without a prefix (the API takes the bare token). Resolves with the parsed answer of a 2xx; throws ApiError
 * otherwise.
 */
export async function apiRequest<T = Envelope>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const token = options.token === undefined ? readStoredToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = token;
  if (appLanguage) headers['X-App-Language'] = appLanguage;
  // A FormData body (a file upload) goes as it is: the browser writes the multipart Content-Type with its boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await (options.started ??
      fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
        signal: options.signal,
      }));
  } catch (error) {
    // A cancelled request (a query nobody needs any more) is not a connection problem: let it be an abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const answer = await readJson(response);
  if (response.ok) return answer as T;

  if (response.status === 401 && options.token === undefined) {
    unauthorizedListeners.forEach((listener) => listener());
  }
  const failure = (answer ?? {}) as Partial<ErrorEnvelope>;
  throw new ApiError(
    response.status,
    failure.message || fallbackMessage(response.status),
    Array.isArray(failure.errors) ? failure.errors : [],
    typeof failure.code === 'string' ? failure.code : undefined,
    failure.params && typeof failure.params === 'object' ? failure.params : undefined,
  );
}

/** Bodies that are empty or not JSON (a proxy's HTML error page) read as "no answer". */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fallbackMessage(status: number): string {
  return status >= 500 ? MESSAGES.serverError : `The request failed (HTTP ${status}).`;
}
