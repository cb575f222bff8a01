import type { Alert } from '@school-transport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { AlertsPanel } from './AlertsPanel';
import { withAlert } from './live-follow';

function alert(overrides: Partial<Alert>): Alert {
  return {
    id: 'a1',
    kind: 'WRONG_BUS',
    tripId: 't1',
    routeName: 'North',
    studentId: 's1',
    studentName: 'Asha Rao',
    message: 'A child of another bus was scanned on North route.',
    raisedAt: '2026-03-02T07:31:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  };
}

const older = alert({
  id: 'older',
  kind: 'LATE',
  routeName: 'East',
  studentId: null,
  studentName: null,
  message: 'East is running 12 min late',
  raisedAt: '2026-03-02T07:20:00.000Z',
});
const newer = alert({ id: 'newer', raisedAt: '2026-03-02T07:31:00.000Z' });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: settings in UTC, the open alerts, and `acknowledge` answering the acknowledgement. */
function serve(acknowledge: (id: string) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/settings')) {
      return json(200, {
        success: true,
        type: 'success',
        data: { mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' },
      });
    }
    if (url.endsWith('/api/alerts?state=open')) {
      return json(200, { success: true, type: 'success', data: [older, newer] });
    }
    const acknowledged = url.match(/\/api\/alerts\/(\w+)\/acknowledge$/);
    if (acknowledged && init?.method === 'POST') return acknowledge(acknowledged[1]!);
    return json(404, { success: false, type: 'error', message: 'Not found' });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('AlertsPanel', () => {
  it('lists the open alerts newest first, with their kind, route, child and time', async () => {
    serve(() => json(500, {}));
    renderWithProviders(<AlertsPanel />);

    const list = await screen.findByRole('list', { name: 'Open alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['North', 'East']);
    expect(items[0]).toHaveTextContent('Wrong bus');
    expect(items[0]).toHaveTextContent('Child: Asha Rao');
    expect(items[0]).toHaveTextContent('07:31');
    expect(items[1]).toHaveTextContent('Running late');
    expect(items[1]).toHaveTextContent('East is running 12 min late');
    expect(screen.getByRole('heading', { name: 'Alerts (2)' })).toBeInTheDocument();
  });

  it('takes an acknowledged alert off the list and says so', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve((id) =>
      json(200, {
        success: true,
        type: 'success',
        message: 'Alert acknowledged.',
        data: { ...newer, id, acknowledgedAt: '2026-03-02T07:32:00.000Z', acknowledgedBy: 'Ada Admin' },
      }),
    );
    renderWithProviders(<AlertsPanel />);

    await user.click(await screen.findByRole('button', { name: 'Acknowledge Wrong bus, North' }));

    expect(await screen.findByText('Alert acknowledged.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge Wrong bus, North' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alerts (1)' })).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/alerts/newer/acknowledge',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says plainly when someone else acknowledged it first', async () => {
    const user = userEvent.setup();
    serve(() =>
      json(409, {
        success: false,
        type: 'error',
        message: 'This alert was acknowledged already, by Ben Admin at 07:32.',
      }),
    );
    renderWithProviders(<AlertsPanel />);

    await user.click(await screen.findByRole('button', { name: 'Acknowledge Running late, East' }));

    expect(
      await screen.findByText('This alert was acknowledged already, by Ben Admin at 07:32.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge Running late, East' })).not.toBeInTheDocument();
  });
});

describe('an alert from the stream', () => {
  it('joins the open ones newest first when raised, and leaves them when acknowledged anywhere', () => {
    const raised = withAlert([older], newer);
    expect(raised.map(({ id }) => id)).toEqual(['newer', 'older']);
    expect(withAlert(raised, newer).map(({ id }) => id)).toEqual(['newer', 'older']);
    const acknowledged = {
      ...older,
      acknowledgedAt: '2026-03-02T07:40:00.000Z',
      acknowledgedBy: 'Ben Admin',
    };
    expect(withAlert(raised, acknowledged).map(({ id }) => id)).toEqual(['newer']);
  });
});
