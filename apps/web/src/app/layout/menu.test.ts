import { STAFF_ROLES } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths/paths';
import { menuFor } from './menu';

/** The menu per role (decision 069): each role sees only the sections it may use; a visitor none. */
const labelsOf = (role: Parameters<typeof menuFor>[0]) => menuFor(role).map((item) => item.label);

describe('the menu of each role', () => {
  it('gives an administrator every office section, without school staff’s own screen', () => {
    const labels = labelsOf('admin');
    expect(labels).toEqual(
      expect.arrayContaining(['Live map', 'Planner', 'Staff users', 'Audit log', 'Data']),
    );
    expect(labels).not.toContain('My schools');
  });

  it('gives dispatchers and viewers the office’s sections but the planner and the accounts’ screens', () => {
    for (const role of ['dispatcher', 'viewer'] as const) {
      const labels = labelsOf(role);
      expect(labels).toEqual(
        expect.arrayContaining([
          'Live map',
          'Today',
          'Trips',
          'Covers',
          'Family inbox',
          'Messages to families',
          // decision 069: the modules merged with it read by the office's readers too
          'Field trips',
          'Rates',
          'Invoices',
          'Drivers’ hours',
          'Review addresses',
          'Roster sync',
        ]),
      );
      expect(labels).not.toContain('Planner');
      // decision 077: accounts and the sign-in's settings are the administrators'
      expect(labels).not.toContain('Staff users');
      expect(labels).not.toContain('Single sign-on');
      expect(labels).not.toContain('My schools');
    }
  });

  it('gives school staff their schools and their field trip requests only', () => {
    expect(menuFor('school_staff').map((item) => item.path)).toEqual([paths.fieldTrips, paths.mySchools]);
  });

  it('gives a visitor nothing, and every staff role something', () => {
    expect(menuFor(null)).toEqual([]);
    for (const role of STAFF_ROLES) expect(menuFor(role).length).toBeGreaterThan(0);
  });
});
