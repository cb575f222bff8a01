import type { StopChange } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../lib/time/format';
import { answerApi, child, childRun, json, ok, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

// The schema checks ids as uuids, as the server's are.
const MIA = '00000000-0000-4000-8000-0000000000c1';
const NORTH = '00000000-0000-4000-8000-0000000000a1';
const ELM = '00000000-0000-4000-8000-0000000000b1';
const ROUTE_7 = '00000000-0000-4000-8000-0000000000a7';
const OAK = '00000000-0000-4000-8000-0000000000b7';

const OPTIONS = [
  {
    assignmentId: NORTH,
    routeName: 'North 1',
    stopId: ELM,
    stopName: 'Elm Street',
    runs: ['PICKUP', 'DROP'],
  },
  { assignmentId: ROUTE_7, routeName: 'Route 7', stopId: OAK, stopName: 'Oak Close', runs: ['DROP'] },
];

const change = (changes: Partial<StopChange> = {}): StopChange => ({
  id: 'sc1',
  studentId: 'c1',
  studentName: 'Mia',
  kind: 'ONE_OFF',
  date: '2026-03-05',
  weekdays: null,
  validFrom: null,
  validUntil: null,
  run: 'DROP',
  from: { assignmentId: 'a1', routeName: 'North 1', stopId: 'p1', stopName: 'Elm Street' },
  to: { assignmentId: 'a7', routeName: 'Route 7', stopId: 'p7', stopName: 'Oak Close' },
  note: null,
  state: 'REQUESTED',
  reason: null,
  seatsLeft: null,
  requestedBy: 'pat@example.com',
  requestedAt: '2026-03-02T07:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  ...changes,
});

const family = () => ok([child([childRun(), childRun({ run: 'DROP', plannedTime: '15:30' })], { id: MIA })]);

describe('stop changes', () => {
  it('sends a one-off request for the child, checked by the shared schema first, from the stops the server offers', async () => {
    const sent: unknown[] = [];
    answerApi({
      'GET /parent/children': family,
      'GET /parent/stop-changes': () => ok([]),
      'GET /parent/stop-options': () => ok(OPTIONS),
      'POST /parent/stop-changes': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ success: true, type: 'success', data: change() }, 201);
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/stop-changes');

    expect(await screen.findByRole('heading', { level: 1, name: en('stopChanges.title') })).toBeVisible();
    expect(await screen.findByText(en('stopChanges.empty'))).toBeVisible();
    await user.click(screen.getByRole('button', { name: en('stopChanges.send') }));
    expect(await screen.findByText(en('stopChanges.error.stop'))).toBeVisible();
    expect(sent).toEqual([]);

    const stop = screen.getByRole('combobox', { name: en('stopChanges.stop') });
    // The afternoon is chosen: both routes stop there on it.
    expect(
      within(stop)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([en('stopChanges.chooseStop'), 'North 1 · Elm Street', 'Route 7 · Oak Close']);
    await user.selectOptions(stop, `${ROUTE_7}:${OAK}`);
    await user.type(screen.getByRole('textbox', { name: en('stopChanges.note') }), 'Home with Ana');
    await user.click(screen.getByRole('button', { name: en('stopChanges.send') }));
    expect(await screen.findByText(en('stopChanges.sent', { name: 'Mia' }))).toBeVisible();
    expect(sent).toEqual([
      {
        studentId: MIA,
        kind: 'ONE_OFF',
        date: localToday(),
        weekdays: null,
        validFrom: null,
        validUntil: null,
        run: 'DROP',
        assignmentId: ROUTE_7,
        stopId: OAK,
        note: 'Home with Ana',
      },
    ]);
  });

  it('asks for a weekday on a weekly request, offers only the stops of the run, and shows the server’s refusal', async () => {
    answerApi({
      'GET /parent/children': family,
      'GET /parent/stop-changes': () => ok([]),
      'GET /parent/stop-options': () => ok(OPTIONS),
      'POST /parent/stop-changes': () =>
        json(
          { success: false, type: 'error', message: 'That stop is not on the chosen run of this route.' },
          409,
        ),
    });
    const user = userEvent.setup();
    renderParent('/parent/stop-changes');

    await user.click(await screen.findByRole('radio', { name: en('stopChanges.kind.WEEKLY') }));
    await user.selectOptions(screen.getByRole('combobox', { name: en('absence.run') }), 'PICKUP');
    const stop = screen.getByRole('combobox', { name: en('stopChanges.stop') });
    await waitFor(() => expect(within(stop).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(stop, `${NORTH}:${ELM}`);
    await user.click(screen.getByRole('button', { name: en('stopChanges.send') }));
    expect(await screen.findByText(en('stopChanges.error.weekdays'))).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(screen.getByRole('button', { name: en('stopChanges.send') }));
    expect(await screen.findByText('That stop is not on the chosen run of this route.')).toBeVisible();
  });

  it('lists the requests with their state and the office’s reason, and withdraws a waiting one after asking', async () => {
    let requests = [
      change(),
      change({
        id: 'sc2',
        kind: 'WEEKLY',
        date: null,
        weekdays: [1, 3],
        state: 'DECLINED',
        reason: 'Route 7 is full',
      }),
    ];
    const withdrawn: string[] = [];
    answerApi({
      'GET /parent/children': family,
      'GET /parent/stop-changes': () => ok(requests),
      'GET /parent/stop-options': () => ok(OPTIONS),
      'POST /parent/stop-changes/sc1/withdraw': () => {
        withdrawn.push('sc1');
        requests = requests.map((row) => (row.id === 'sc1' ? { ...row, state: 'WITHDRAWN' } : row));
        return ok(undefined, 'Request withdrawn.');
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/stop-changes');

    const list = await screen.findByRole('list', { name: en('stopChanges.listLabel') });
    const [waiting, declined] = within(list).getAllByRole('listitem');
    expect(waiting).toHaveTextContent(en('stopChanges.state.REQUESTED'));
    expect(waiting).toHaveTextContent(en('stopChanges.to', { route: 'Route 7', stop: 'Oak Close' }));
    expect(declined).toHaveTextContent(en('stopChanges.weekly', { days: 'Monday and Wednesday' }));
    expect(declined).toHaveTextContent(en('stopChanges.reason', { reason: 'Route 7 is full' }));
    expect(within(declined!).queryByRole('button', { name: en('stopChanges.withdraw') })).toBeNull();

    await user.click(within(waiting!).getByRole('button', { name: en('stopChanges.withdraw') }));
    const dialog = await screen.findByRole('dialog', { name: en('stopChanges.withdrawTitle') });
    expect(withdrawn).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: en('stopChanges.withdraw') }));
    expect(await screen.findByText(en('stopChanges.withdrawn'))).toBeVisible();
    expect(withdrawn).toEqual(['sc1']);
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(en('stopChanges.state.WITHDRAWN')),
    );
  });

  it('offers Retry when the requests cannot be read', async () => {
    let fail = true;
    answerApi({
      'GET /parent/children': family,
      'GET /parent/stop-options': () => ok(OPTIONS),
      'GET /parent/stop-changes': () =>
        fail ? json({ success: false, type: 'error', message: 'Something went wrong' }, 500) : ok([]),
    });
    const user = userEvent.setup();
    renderParent('/parent/stop-changes');
    const retry = await screen.findByRole('button', { name: /retry/i });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText(en('stopChanges.empty'))).toBeVisible();
  });
});
