import { MESSAGES } from '@school-transport/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE, onUnauthorized, setAppLanguage } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
}

function sentRequest() {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

async function failureOf(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => expect.fail('the request should have failed'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('calls the same-origin API with the stored token as is, without a Bearer prefix', async () => {
    localStorage.setItem('__token__', 'stored-token');
    fetchMock.mockResolvedValue(answer(200, { success: true, type: 'success' }));

    await apiRequest('GET', '/auth/me');

    const { url, init, headers } = sentRequest();
    expect(url).toBe('/api/auth/me');
    expect(init.method).toBe('GET');
    expect(headers.Authorization).toBe('stored-token');
    expect(init.body).toBeUndefined();
  });

  it('sends a body as JSON and no Authorization header when no token is stored', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, type: 'success' }));

    await apiRequest('POST', '/auth/login', { email: 'a@b.co', password: 'secret' });

    const { init, headers } = sentRequest();
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'secret' }));
  });

  it('sends a FormData body as it is, leaving the multipart Content-Type to the browser', async () => {
    localStorage.setItem('__token__', 'stored-token');
    fetchMock.mockResolvedValue(answer(200, { success: true, type: 'success' }));
    const form = new FormData();
    form.append('id', 'driver-1');

    await apiRequest('POST', '/upload/profile/driver/add-profile-image', form);

    const { init, headers } = sentRequest();
    expect(init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('stored-token');
  });

  it('resolves with the whole envelope of a successful answer', async () => {
    const envelope = {
      success: true,
      type: 'success',
      message: 'Fetched',
      data: [{ id: '1' }],
      pagination: { page: 1, limit: 10, total: 1, totalPages: 1, moreThanTotal: false },
    };
    fetchMock.mockResolvedValue(answer(200, envelope));

    await expect(apiRequest('GET', '/drivers/get-all')).resolves.toEqual(envelope);
  });

  it('throws an ApiError carrying the status, the server message and the field errors', async () => {
    const errors = [{ field: 'email', message: 'Enter a valid email address' }];
    fetchMock.mockResolvedValue(
      answer(400, { success: false, type: 'error', message: MESSAGES.invalidInput, errors }),
    );

    const error = await failureOf(apiRequest('POST', '/auth/login', {}, { token: null }));

    expect(error.status).toBe(400);
    expect(error.message).toBe(MESSAGES.invalidInput);
    expect(error.errors).toEqual(errors);
  });

  it('explains a failure whose answer is not JSON', async () => {
    fetchMock.mockResolvedValue(answer(502, '<html>Bad Gateway</html>'));

    const error = await failureOf(apiRequest('GET', '/auth/me'));

    expect(error.status).toBe(502);
    expect(error.message).toBe(MESSAGES.serverError);
    expect(error.errors).toEqual([]);
  });

  it('turns an unreachable server into an ApiError with a clear message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failureOf(apiRequest('GET', '/auth/me'));

    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('onUnauthorized', () => {
  it('is told when the server rejects the stored session, until unsubscribed', async () => {
    localStorage.setItem('__token__', 'expired-token');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    fetchMock.mockImplementation(async () =>
      answer(401, { success: false, type: 'error', message: 'Expired' }),
    );

    await failureOf(apiRequest('GET', '/auth/me'));
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    await failureOf(apiRequest('GET', '/auth/me'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('is not told about a 401 of a request made with its own token, such as the login call', async () => {
    localStorage.setItem('__token__', 'stored-token');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    fetchMock.mockImplementation(async () =>
      answer(401, { success: false, type: 'error', message: MESSAGES.invalidCredentials }),
    );

    const error = await failureOf(apiRequest('POST', '/auth/login', {}, { token: null }));
    await failureOf(apiRequest('POST', '/auth/logout', undefined, { token: 'some-other-token' }));

    expect(error.message).toBe(MESSAGES.invalidCredentials);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });
});

describe('a phone app’s language', () => {
  afterEach(() => setAppLanguage(null));

  it('goes with every call once set, and not before (the office sets none)', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, type: 'success' }));
    await apiRequest('GET', '/driver/today', undefined, { token: null });
    expect(sentRequest().headers['X-App-Language']).toBeUndefined();

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(answer(200, { success: true, type: 'success' }));
    setAppLanguage('ar');
    await apiRequest('GET', '/driver/today', undefined, { token: null });
    expect(sentRequest().headers['X-App-Language']).toBe('ar');
  });

  it('keeps a worded refusal’s code and values beside its message', async () => {
    fetchMock.mockResolvedValue(
      answer(409, {
        success: false,
        type: 'error',
        message: 'Es demasiado tarde para cambiarlo en línea; llame a la oficina al 0100.',
        code: 'refusal.absence.tooLateCall',
        params: { phone: '0100' },
      }),
    );
    const error = await failureOf(apiRequest('POST', '/parent/children/c1/absences', {}, { token: 't' }));
    expect(error.message).toBe('Es demasiado tarde para cambiarlo en línea; llame a la oficina al 0100.');
    expect(error.code).toBe('refusal.absence.tooLateCall');
    expect(error.params).toEqual({ phone: '0100' });
  });
});
