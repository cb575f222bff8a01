import type { Trip, TripStatus } from '@school-transport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { TripActions } from './TripActions';

const tripIn = (status: TripStatus): Trip => ({
  id: 'trip-1',
  assignmentId: 'assignment-1',
  type: 'PICKUP',
  status,
  date: '2026-03-02',
  plannedStartAt: null,
  startedAt: null,
  completedAt: null,
  cancelledAt: null,
  route: { name: 'North Loop' },
  driver: { name: 'Ravi', licenseNo: 'DL-123', phone: '+91 98765 43210' },
  vehicle: { licensePlate: 'KA01AB1234' },
  cover: null,
  finishReason: null,
  delay: null,
  handedOverTo: null,
  rescueOf: null,
  createdAt: '2026-03-01T08:00:00.000Z',
});

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('TripActions', () => {
  it.each([
    ['PENDING', ['Start Trip', 'Cancel Trip', 'Mark delayed']],
    ['STARTED', ['Complete Trip', 'Cancel Trip', 'Mark delayed', 'Hand over to a rescue vehicle']],
    ['COMPLETED', []],
    ['CANCELLED', []],
  ] as const)('offers a %s trip only the moves it may make: %j', (status, buttons) => {
    renderWithProviders(<TripActions trip={tripIn(status)} />);
    expect(buttonNames()).toEqual(buttons);
  });

  it('asks before cancelling, naming the trip', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TripActions trip={tripIn('STARTED')} />);

    await user.click(screen.getByRole('button', { name: 'Cancel Trip' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel Trip?' });
    expect(dialog).toHaveTextContent('cancel the PICKUP trip of North Loop on 2nd Mar 26');
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Trip' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
