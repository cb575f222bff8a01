import type { ChildRun, ParentChild } from '@school-transport/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/** Test helpers of the portal's screens: a signed-in parent, the API's answers and a stream the test drives. */

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const ok = (data: unknown, message?: string) =>
  json({ success: true, type: 'success', message, data });

export const PARENT_USER = { id: 'p1', name: 'Pat Parent', email: 'pat@example.com', role: 'parent' };

export function storeParentSession() {
  localStorage.setItem('__parent_token__', 'parent-token');
  localStorage.setItem('__parent_user__', JSON.stringify(PARENT_USER));
}

export const childRun = (changes: Partial<ChildRun> = {}): ChildRun => ({
  run: 'PICKUP',
  tripId: 't1',
  tripStatus: 'PENDING',
  routeName: 'North 1',
  state: 'NOT_STARTED',
  stop: { name: 'Elm Street', lat: 12.97, lng: 77.59 },
  plannedTime: '07:42',
  eta: null,
  boarded: null,
  left: null,
  handOverMiss: null,
  absence: null,
  cancelReason: null,
  coming: null,
  delay: null,
  rescue: null,
  busVisible: false,
  ...changes,
});

export const child = (runs: ChildRun[], changes: Partial<ParentChild> = {}): ParentChild => ({
  id: 'c1',
  name: 'Mia',
  profileImage: null,
  date: new Date().toISOString().slice(0, 10),
  runs,
  ...changes,
});

type Route = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * Answers the API from `routes` ('GET /parent/children' → answer); the settings every screen reads and the
 * stream's cookie answer on their own. Anything else fails the test loudly with a 500.
 */
export function answerApi(routes: Record<string, Route>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    const route = routes[key];
    if (route) return route(init, url);
    if (key === 'GET /settings') return ok({ mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' });
    if (key === 'GET /parent/settings')
      return ok({ absenceCutoffMinutes: 30, officePhone: '+91 80 1234 5678' });
    if (key === 'POST /live/cookie') return ok(null);
    return json({ success: false, type: 'error', message: `No answer for ${key} in this test` }, 500);
  });
}

/** An EventSource the test drives: it says what the server would send. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = 2;
  }

  send(type: string, data: unknown) {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
}

/** The open stream, once the screen has opened it. */
export async function openedStream(): Promise<FakeEventSource> {
  await vi.waitFor(() => {
    if (FakeEventSource.opened.length === 0) throw new Error('The stream is not open yet');
  });
  return FakeEventSource.opened.at(-1)!;
}

/**
 * Each test of a portal screen: the stream is a FakeEventSource, Leaflet gets the ResizeObserver jsdom lacks, a
 * parent is signed in unless `signedIn` is false; stubs and spies are undone afterwards.
 */
export function setUpPortalTests({ signedIn = true }: { signedIn?: boolean } = {}) {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    if (signedIn) storeParentSession();
  });
  afterEach(() => {
    // The screens leave first, with the stream's last subscriber: a connection on its way then opens nothing
    // once EventSource is no longer stubbed.
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}
