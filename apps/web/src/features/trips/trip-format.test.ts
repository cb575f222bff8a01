import { describe, expect, it } from 'vitest';
import { driverWithLicence, plannedOnCoveredTrip, tripDateLabel } from './trip-format';

/** A moment given in the viewer's time zone, as the screen shows it. */
const localMoment = (...parts: [number, number, number, number, number, number]) =>
  new Date(...parts).toISOString();

describe('tripDateLabel', () => {
  it("shows a started trip's start to the second ('1st Jan 25, 3:04:05 pm')", () => {
    const trip = { date: '2025-01-01', startedAt: localMoment(2025, 0, 1, 15, 4, 5) };
    expect(tripDateLabel(trip)).toBe('1st Jan 25, 3:04:05 pm');
  });

  it('reads morning times with am', () => {
    const trip = { date: '2025-03-22', startedAt: localMoment(2025, 2, 22, 7, 30, 0) };
    expect(tripDateLabel(trip)).toBe('22nd Mar 25, 7:30:00 am');
  });

  it('shows only the day of a trip that has not started', () => {
    expect(tripDateLabel({ date: '2025-01-03', startedAt: null })).toBe('3rd Jan 25');
    expect(tripDateLabel({ date: '2026-11-11', startedAt: null })).toBe('11th Nov 26');
  });
});

describe('driverWithLicence', () => {
  it("is the trip list's 'Driver (license no)'", () => {
    expect(driverWithLicence({ name: 'Ravi', licenseNo: 'DL-123' })).toBe('Ravi (DL-123)');
  });
});

describe('plannedOnCoveredTrip', () => {
  const cover = { plannedDriver: { name: 'Raj Patel' }, plannedVehicle: { licensePlate: 'KA-12' } };

  it('says who was planned on a covered trip', () => {
    expect(plannedOnCoveredTrip({ cover: { id: 'c1', ...cover } })).toBe('Raj Patel with KA-12 (covered)');
  });

  it('says when the cover was undone after the trip ran', () => {
    expect(plannedOnCoveredTrip({ cover: { id: null, ...cover } })).toBe(
      'Raj Patel with KA-12 (covered; the cover was undone since)',
    );
  });

  it('has nothing to say of a trip run as planned', () => {
    expect(plannedOnCoveredTrip({ cover: null })).toBeNull();
  });
});
