import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatInLocale } from '../../lib/time/format';
import { answerApi, child, childRun, ok, setUpPortalTests } from './parent-test-kit';
import { clock, en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

describe('a child’s history', () => {
  it('lists the last 30 days with board and leave times', async () => {
    answerApi({
      'GET /parent/children': () => ok([child([childRun()])]),
      'GET /parent/children/c1/history': () =>
        ok([
          {
            date: '2026-03-02',
            run: 'PICKUP',
            tripId: 't1',
            routeName: 'North 1',
            tripStatus: 'FINISHED',
            state: 'LEFT',
            boarded: { at: '2026-03-02T07:43:00.000Z', stopName: 'Elm Street' },
            left: { at: '2026-03-02T08:10:00.000Z', stopName: 'School' },
          },
          {
            date: '2026-03-01',
            run: 'DROP',
            tripId: 't0',
            routeName: 'North 1',
            tripStatus: 'FINISHED',
            state: 'MISSED',
            boarded: null,
            left: null,
          },
        ]),
    });
    renderParent('/parent/children/c1/history');

    expect(
      await screen.findByRole('heading', { level: 1, name: en('history.title', { name: 'Mia', count: 30 }) }),
    ).toBeVisible();
    expect(
      screen.getByText(`${formatInLocale('2026-03-02', 'shortDate', 'en')} · ${en('run.PICKUP')}`),
    ).toBeVisible();
    const times = en('history.boardedLeft', {
      boarded: clock('2026-03-02T07:43:00.000Z'),
      left: clock('2026-03-02T08:10:00.000Z'),
    });
    expect(screen.getByText(`North 1. ${times}`)).toBeVisible();
    expect(screen.getByText(`North 1. ${en('history.notBoarded')}`)).toBeVisible();
    expect(screen.getByRole('link', { name: en('history.back') })).toHaveAttribute('href', '/parent');
  });
});
