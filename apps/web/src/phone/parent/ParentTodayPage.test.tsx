import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../lib/time/format';
import {
  answerApi,
  child,
  childRun,
  json,
  ok,
  openedStream,
  PARENT_USER,
  setUpPortalTests,
} from './parent-test-kit';
import { clock, en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

const runSection = async (name: RegExp) => (await screen.findByRole('heading', { name })).closest('section')!;

describe('a parent’s Today', () => {
  it('shows each run’s state in words, and a boarding as soon as the stream tells it', async () => {
    let boarded = false;
    answerApi({
      'GET /parent/children': () =>
        ok([
          child([
            boarded
              ? childRun({
                  state: 'BOARDED',
                  tripStatus: 'STARTED',
                  boarded: { at: '2026-03-02T07:43:00.000Z', stopName: 'Elm Street', receivedBy: null },
                })
              : childRun({ state: 'ON_THE_WAY', tripStatus: 'STARTED', eta: '2026-03-02T07:45:00.000Z' }),
            childRun({
              run: 'DROP',
              tripId: 't2',
              state: 'CANCELLED',
              cancelReason: 'Snow',
              plannedTime: '15:30',
            }),
          ]),
        ]),
    });
    renderParent('/parent');

    const morning = await runSection(/Morning/);
    expect(within(morning).getByText(en('state.ON_THE_WAY'))).toBeVisible();
    expect(
      within(morning).getByText(en('run.stopPlanned', { stop: 'Elm Street', time: '07:42' })),
    ).toBeVisible();
    expect(
      within(morning).getByText(en('run.expected', { time: clock('2026-03-02T07:45:00.000Z') })),
    ).toBeVisible();
    const afternoon = await runSection(/Afternoon/);
    expect(within(afternoon).getByText(en('state.CANCELLED'))).toBeVisible();
    expect(within(afternoon).getByText(en('run.cancelReason', { reason: 'Snow' }))).toBeVisible();

    boarded = true;
    const stream = await openedStream();
    stream.send('ridership', { tripId: 't1' });
    expect(await within(await runSection(/Morning/)).findByText(en('state.BOARDED'))).toBeVisible();
    expect(
      screen.getByText(en('run.boardedAt', { time: clock('2026-03-02T07:43:00.000Z'), stop: 'Elm Street' })),
    ).toBeVisible();
  });

  it('says when no child is linked, and offers Retry when the answer fails', async () => {
    let fail = true;
    answerApi({
      'GET /parent/children': () =>
        fail ? json({ success: false, type: 'error', message: 'The server is down.' }, 400) : ok([]),
    });
    renderParent('/parent');

    expect(await screen.findByText('The server is down.')).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: en('kit.retry') }));
    expect(await screen.findByText(en('today.noChildren'))).toBeVisible();
  });

  it('says from when the bus is shown, and shows it once the stream brings it into view', async () => {
    let inView = false;
    const recordedAt = new Date().toISOString();
    answerApi({
      'GET /parent/children': () =>
        ok([child([childRun({ state: 'ON_THE_WAY', tripStatus: 'STARTED', busVisible: inView })])]),
      'GET /parent/trips/t1/bus': () =>
        ok({ bus: { tripId: 't1', lat: 12.98, lng: 77.6, accuracy: 5, recordedAt }, reason: null }),
    });
    renderParent('/parent');

    const morning = await runSection(/Morning/);
    expect(within(morning).getByText(en('run.busWindow', { count: 3, name: 'Mia' }))).toBeVisible();
    expect(within(morning).queryByRole('region', { name: en('map.label', { name: 'Mia' }) })).toBeNull();

    inView = true;
    const stream = await openedStream();
    stream.send('bus', { tripId: 't1', lat: 12.98, lng: 77.6, accuracy: 5, recordedAt });
    expect(await screen.findByRole('region', { name: en('map.label', { name: 'Mia' }) })).toBeVisible();
  });

  it('shows the bus while it carries the child, grey with its age once stale', async () => {
    const recordedAt = new Date(Date.now() - 20_000).toISOString();
    answerApi({
      'GET /parent/children': () =>
        ok([child([childRun({ state: 'ON_THE_WAY', tripStatus: 'STARTED', busVisible: true })])]),
      'GET /parent/trips/t1/bus': () =>
        ok({ bus: { tripId: 't1', lat: 12.98, lng: 77.6, accuracy: 5, recordedAt }, reason: null }),
    });
    renderParent('/parent');

    expect(await screen.findByText(/^Last known position, 2\d s ago$/)).toBeVisible();
    expect(await screen.findByRole('region', { name: en('map.label', { name: 'Mia' }) })).toHaveAttribute(
      'data-freshness',
      'stale',
    );

    const stream = await openedStream();
    stream.send('bus', {
      tripId: 't1',
      lat: 12.99,
      lng: 77.61,
      accuracy: 5,
      recordedAt: new Date().toISOString(),
    });
    expect(await screen.findByText(/^Live position, \d s ago$/)).toBeVisible();
  });

  it('marks a day absent, says until when it can be changed, and shows the office’s message after the cut-off', async () => {
    const posted: unknown[] = [];
    let late = false;
    answerApi({
      'GET /parent/children': () => ok([child([childRun()])]),
      'POST /parent/children/c1/absences': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return late
          ? json(
              {
                success: false,
                type: 'error',
                message: 'It is too late to change this online. Call the office on +91 80 1234 5678.',
              },
              409,
            )
          : ok([], 'Mia is marked as not riding.');
      },
    });
    const user = userEvent.setup();
    renderParent('/parent');

    await user.click(await screen.findByRole('button', { name: en('child.notRiding') }));
    const dialog = await screen.findByRole('dialog', { name: en('absence.title', { name: 'Mia' }) });
    expect(
      within(dialog).getByText(
        en('absence.cutoff', { times: en('absence.cutoff.PICKUP', { time: '07:12' }) }),
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: en('absence.save') }));
    expect(await screen.findByText(en('absence.saved', { name: 'Mia' }))).toBeVisible();
    expect(posted).toEqual([{ date: localToday(), run: 'BOTH' }]);

    late = true;
    await user.click(screen.getByRole('button', { name: en('child.notRiding') }));
    const again = await screen.findByRole('dialog', { name: en('absence.title', { name: 'Mia' }) });
    await user.click(within(again).getByRole('button', { name: en('absence.save') }));
    expect(
      await within(again).findByText(
        'It is too late to change this online. Call the office on +91 80 1234 5678.',
      ),
    ).toBeVisible();
  });

  it('offers undo for the parent’s own absence on a later day', async () => {
    const deleted: string[] = [];
    answerApi({
      'GET /parent/children': () =>
        ok([
          child(
            [
              childRun({
                state: 'ABSENT',
                absence: {
                  id: 'a1',
                  studentId: 'c1',
                  date: '2099-03-02',
                  run: 'PICKUP',
                  reason: null,
                  by: PARENT_USER.email,
                  createdAt: '2026-03-01T18:00:00.000Z',
                },
              }),
            ],
            { date: '2099-03-02' },
          ),
        ]),
      'DELETE /parent/absences/a1': (_init, url) => {
        deleted.push(url.pathname);
        return ok(null);
      },
    });
    const user = userEvent.setup();
    renderParent('/parent');

    await user.click(await screen.findByRole('button', { name: en('run.undo') }));
    expect(await screen.findByText(en('run.ridingAgain', { name: 'Mia' }))).toBeVisible();
    await waitFor(() => expect(deleted).toEqual(['/api/parent/absences/a1']));
  });
});
