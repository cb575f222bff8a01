import { PARENT_PORTAL_PATHS } from '@school-transport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api/api-client';
import { bootPhoneApp } from './boot';
import { PARENT_BOOT } from './boot-apps';
import { takeFirstRequest } from './first-request';

const answer = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  // Whatever a test left pending is taken, so the next test starts with none.
  takeFirstRequest(PARENT_BOOT.firstPath, 'parent-token');
});

const signInParent = () => {
  localStorage.setItem('__parent_token__', 'parent-token');
  localStorage.setItem('__parent_user__', JSON.stringify({ id: 'u1', name: 'Pat', role: 'parent' }));
};

describe("a phone app's first request", () => {
  it("asks for the contract's Today path", () => {
    expect(PARENT_BOOT.firstPath).toBe(PARENT_PORTAL_PATHS.children);
  });

  it('is sent by the boot script with the stored token and read once by the app through apiRequest', async () => {
    const fetch = vi.fn(async () => answer([{ id: 'child-1' }]));
    vi.stubGlobal('fetch', fetch);
    signInParent();
    bootPhoneApp(PARENT_BOOT);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/parent/children', {
      headers: { Accept: 'application/json', Authorization: 'parent-token' },
    });

    const started = takeFirstRequest('/parent/children', 'parent-token');
    expect(started).toBeDefined();
    const today = await apiRequest('GET', '/parent/children', undefined, { token: 'parent-token', started });
    expect(today).toEqual({ success: true, data: [{ id: 'child-1' }] });
    // The boot script's answer served that call; the next one sends its own.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(takeFirstRequest('/parent/children', 'parent-token')).toBeUndefined();
  });

  it('sends nothing when no one of the app is signed in', () => {
    const fetch = vi.fn(async () => answer([]));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('__parent_token__', 'driver-token');
    localStorage.setItem('__parent_user__', JSON.stringify({ id: 'u2', name: 'Dee', role: 'driver' }));
    bootPhoneApp(PARENT_BOOT);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeFirstRequest('/parent/children', 'driver-token')).toBeUndefined();
  });

  it('is not handed to another path or another session', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer([])),
    );
    signInParent();
    bootPhoneApp(PARENT_BOOT);
    expect(takeFirstRequest('/parent/settings', 'parent-token')).toBeUndefined();
    expect(takeFirstRequest('/parent/children', 'another-token')).toBeUndefined();
    // Offered once: a different session's ask used it up.
    expect(takeFirstRequest('/parent/children', 'parent-token')).toBeUndefined();
  });
});
