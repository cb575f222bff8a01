import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../lib/time/format';
import { renderApp } from '../../test/render-app';
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
                  boarded: { at: '2026-03-02T07:43:00.000Z', stopName: 'Elm Street' },
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
    renderApp('/parent');

    const morning = await runSection(/Morning/);
    expect(within(morning).getByText('Bus on the way')).toBeVisible();
    expect(within(morning).getByText('Stop: Elm Street, planned 07:42')).toBeVisible();
    expect(within(morning).getByText('Expected at 07:45')).toBeVisible();
    const afternoon = await runSection(/Afternoon/);
    expect(within(afternoon).getByText('Cancelled')).toBeVisible();
    expect(within(afternoon).getByText('Reason: Snow')).toBeVisible();

    boarded = true;
    const stream = await openedStream();
    stream.send('ridership', { tripId: 't1' });
    expect(await within(await runSection(/Morning/)).findByText('On the bus')).toBeVisible();
    expect(screen.getByText('Boarded at 07:43 at Elm Street')).toBeVisible();
  });

  it('says when no child is linked, and offers Retry when the answer fails', async () => {
    let fail = true;
    answerApi({
      'GET /parent/children': () =>
        fail ? json({ success: false, type: 'error', message: 'The server is down.' }, 400) : ok([]),
    });
    renderApp('/parent');

    expect(await screen.findByText('The server is down.')).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No children are linked to your account; call the office.')).toBeVisible();
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
    renderApp('/parent');

    const morning = await runSection(/Morning/);
    expect(
      within(morning).getByText(
        'The bus is shown from 3 stops before Mia’s stop, and then until Mia gets off; other families’ stops stay private.',
      ),
    ).toBeVisible();
    expect(within(morning).queryByRole('region', { name: 'Map of Mia’s bus' })).toBeNull();

    inView = true;
    const stream = await openedStream();
    stream.send('bus', { tripId: 't1', lat: 12.98, lng: 77.6, accuracy: 5, recordedAt });
    expect(await screen.findByRole('region', { name: 'Map of Mia’s bus' })).toBeVisible();
  });

  it('shows the bus while it carries the child, grey with its age once stale', async () => {
    const recordedAt = new Date(Date.now() - 20_000).toISOString();
    answerApi({
      'GET /parent/children': () =>
        ok([child([childRun({ state: 'ON_THE_WAY', tripStatus: 'STARTED', busVisible: true })])]),
      'GET /parent/trips/t1/bus': () =>
        ok({ bus: { tripId: 't1', lat: 12.98, lng: 77.6, accuracy: 5, recordedAt }, reason: null }),
    });
    renderApp('/parent');

    expect(await screen.findByText(/^Last known position, 2\d s ago$/)).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Map of Mia’s bus' })).toHaveAttribute(
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
    renderApp('/parent');

    await user.click(await screen.findByRole('button', { name: 'Not riding…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mia is not riding' });
    expect(within(dialog).getByText('You can change this until 07:12 (morning) on the day.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mia is marked as not riding.')).toBeVisible();
    expect(posted).toEqual([{ date: localToday(), run: 'BOTH' }]);

    late = true;
    await user.click(screen.getByRole('button', { name: 'Not riding…' }));
    const again = await screen.findByRole('dialog', { name: 'Mia is not riding' });
    await user.click(within(again).getByRole('button', { name: 'Save' }));
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
    renderApp('/parent');

    await user.click(await screen.findByRole('button', { name: 'Undo not riding' }));
    expect(await screen.findByText('Mia is riding again.')).toBeVisible();
    await waitFor(() => expect(deleted).toEqual(['/api/parent/absences/a1']));
  });
});
