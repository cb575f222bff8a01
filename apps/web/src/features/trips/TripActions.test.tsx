import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aTrip } from '../../test/records';
import { renderWithProviders } from '../../test/render-app';
import { TripActions } from './TripActions';

const tripIn = aTrip;

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('TripActions', () => {
  it.each([
    ['PENDING', ['Start Trip', 'Cancel Trip', 'Mark delayed', 'Combine with another run']],
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

  // A trip's moves are the day's work (decision 077): administrators and dispatchers see them, a viewer does not.
  it('offers a dispatcher the same moves as an administrator, a viewer none', () => {
    renderWithProviders(<TripActions trip={tripIn('PENDING')} />, '/', 'dispatcher');
    expect(buttonNames()).toEqual(['Start Trip', 'Cancel Trip', 'Mark delayed', 'Combine with another run']);
  });

  it('shows a viewer no button at all', () => {
    renderWithProviders(<TripActions trip={tripIn('STARTED')} />, '/', 'viewer');
    expect(buttonNames()).toEqual([]);
  });
});
