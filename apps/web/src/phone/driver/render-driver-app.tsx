import type { Manifest, TripStop } from '@school-transport/shared';
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

/** An answer of the API's envelope, as the app reads it. */
export const ok = (data: unknown, message?: string) =>
  json({ success: true, type: 'success', data, message });

export const TRIP_ID = '7b0c3a4e-1f2d-4c5b-8a9e-0d1c2b3a4f5e';

/** A stop of a trip, as the manifest carries it, at `position`, not reached yet. */
export const aTripStop = (position: number, fields: Partial<TripStop> = {}): TripStop => ({
  position,
  stopId: null,
  name: `Stop ${position}`,
  lat: 12.9,
  lng: 77.6,
  plannedAt: null,
  arrivedAt: null,
  departedAt: null,
  note: null,
  photoUrl: null,
  ...fields,
});

/** A morning run under way (TRIP_ID, route North 1), with what a test sets on it. */
export const aRunningTrip = (fields: Partial<Manifest>): Manifest => ({
  tripId: TRIP_ID,
  type: 'PICKUP',
  status: 'STARTED',
  date: '2026-11-30',
  routeName: 'North 1',
  vehiclePlate: 'KA01AB1234',
  plannedStartAt: null,
  stops: [],
  riders: [],
  events: [],
  finishReason: null,
  noAdultRule: 'KEEP_ON_BOARD',
  ...fields,
});
