import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession } from '../test/render-app';

const logInHeading = () => screen.findByRole('heading', { level: 1, name: 'Log In' });

describe('routes for a visitor', () => {
  it('shows Log In at /', async () => {
    renderApp('/');
    expect(await logInHeading()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('shows the 404 page in the public layout for an unknown path', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The page you are looking for doesn't exist or has been moved."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Toggle menu' })).not.toBeInTheDocument();
  });

  it('keeps a signed-in user who is not an admin out of the back-office', async () => {
    storeSession('driver');
    renderApp('/');
    expect(await logInHeading()).toBeInTheDocument();
  });
});

describe('routes for an admin', () => {
  it('shows the dashboard at / inside the admin layout', async () => {
    storeSession('admin');
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Admin Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('reads the role case-insensitively', async () => {
    storeSession('ADMIN');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('sends an admin who opens /login to the dashboard', async () => {
    storeSession('admin');
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('shows the 404 page inside the admin layout', async () => {
    storeSession('admin');
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toBeInTheDocument();
  });

  it('opens the menu, which lists the screens that exist and switches to dark mode for the next visit', async () => {
    const user = userEvent.setup();
    storeSession('admin');
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });

    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Live map', '/live-map'],
      ['Today', '/today'],
      ['Dashboard', '/'],
      ['Drivers', '/all-drivers'],
      ['Parents', '/all-parents'],
      ['Students', '/all-students'],
      ['Vehicles', '/all-vehicles'],
      ['Routes', '/all-routes'],
      ['Stops', '/all-stops'],
      ['Schools', '/all-schools'],
      ['Planner', '/planner'],
      ['School calendar', '/school-calendar'],
      ['Stop changes', '/stop-changes'],
      ['Changes to acknowledge', '/plan-changes'],
      ['Review addresses', '/address-review'],
      ['Family inbox', '/family-inbox'],
      ['Guardian requests', '/guardian-requests'],
      ['Assignments', '/all-assignments'],
      ['Trips', '/all-trips'],
      ['Covers', '/covers'],
      ['Field trips', '/field-trips'],
      ['Rates', '/field-trip-rates'],
      ['Invoices', '/field-trip-invoices'],
      ['Messages to families', '/family-messages'],
      ['Reports', '/reports'],
      ['Compliance', '/compliance'],
      ['Inspections', '/inspections'],
      ['Drivers’ hours', '/drivers-hours'],
      ['Data', '/data'],
      ['Roster sync', '/roster-sync'],
      ['Staff users', '/staff-users'],
      ['Single sign-on', '/single-sign-on'],
      ['Audit log', '/audit-log'],
    ]);

    const darkMode = screen.getByRole('switch', { name: 'Dark mode' });
    expect(darkMode).not.toBeChecked();
    await user.click(darkMode);
    expect(darkMode).toBeChecked();
    expect(localStorage.getItem('mode')).toBe('dark');
  });

  it('logs out to Log In, forgetting the stored session', async () => {
    const user = userEvent.setup();
    storeSession('admin');
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await logInHeading()).toBeInTheDocument();
    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
    expect(localStorage.getItem('__token__')).toBeNull();
    expect(localStorage.getItem('__user__identity__')).toBeNull();
  });
});
