import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { ShiftTimesDialog } from './ShiftTimesDialog';

const DRIVER = '44444444-4444-4444-8444-444444444444';
const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('adding a missed shift', () => {
  it('says what is missing next to each field before sending anything', async () => {
    renderWithProviders(
      <ShiftTimesDialog target={{ kind: 'add', driverId: DRIVER, driverName: 'Raj' }} onClose={() => {}} />,
    );
    expect(screen.getByRole('heading', { name: 'Add a missed shift' })).toBeInTheDocument();
    expect(screen.getByText(/Raj did not clock in/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add shift' }));
    expect(await screen.findByText('Enter the clock-in time')).toBeInTheDocument();
    expect(screen.getByText('Enter the clock-out time')).toBeInTheDocument();
    expect(screen.getByText('Reason is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the times and reason for the driver, and shows the server’s overlap under the clock-in', async () => {
    fetchMock.mockResolvedValue(
      answer(409, {
        success: false,
        type: 'error',
        message: 'These times overlap the driver’s shift from 2026-03-03 06:00 to 10:00.',
        errors: [
          {
            field: 'clockInAt',
            message: 'These times overlap the driver’s shift from 2026-03-03 06:00 to 10:00.',
          },
        ],
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <ShiftTimesDialog target={{ kind: 'add', driverId: DRIVER, driverName: 'Raj' }} onClose={onClose} />,
    );
    await userEvent.type(screen.getByLabelText('Clock in'), '2026-03-03T07:00');
    await userEvent.type(screen.getByLabelText('Clock out'), '2026-03-03T09:00');
    await userEvent.type(screen.getByLabelText('Reason'), 'Phone was flat');
    await userEvent.click(screen.getByRole('button', { name: 'Add shift' }));
    expect(await screen.findByText(/overlap the driver’s shift/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`/drivers-hours/drivers/${DRIVER}/shifts`);
    expect(init?.method).toBe('POST');
    const sent = JSON.parse(String(init?.body)) as { clockInAt: string; clockOutAt: string; reason: string };
    expect(sent.reason).toBe('Phone was flat');
    expect(Date.parse(sent.clockOutAt) - Date.parse(sent.clockInAt)).toBe(2 * 3_600_000);
    await waitFor(() => expect(screen.getByLabelText('Clock in')).toHaveAttribute('aria-invalid', 'true'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
