import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  PREFERENCE_OF_KIND,
} from '@school-transport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { answerApi, ok, setUpPortalTests } from './parent-test-kit';

setUpPortalTests();

describe('the notification choices', () => {
  it('saves the choices through the shared schema, refusing an approach time over an hour', async () => {
    const saved: unknown[] = [];
    answerApi({
      'GET /parent/notification-preferences': () => ok(DEFAULT_NOTIFICATION_PREFERENCES),
      'PUT /parent/notification-preferences': (init) => {
        const body = JSON.parse(String(init?.body));
        saved.push(body);
        return ok(body, 'Your notification choices are saved.');
      },
    });
    const user = userEvent.setup();
    renderApp('/parent/notifications');

    const minutes = await screen.findByRole('spinbutton', { name: 'Minutes before our stop' });
    await user.clear(minutes);
    await user.type(minutes, '90');
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText('The approaching time must be at most 60 minutes')).toBeVisible();
    expect(saved).toEqual([]);

    await user.clear(minutes);
    await user.type(minutes, '8');
    await user.click(screen.getByRole('switch', { name: 'My child left the bus' }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText('Your notification choices are saved.')).toBeVisible();
    await waitFor(() =>
      expect(saved).toEqual([{ ...DEFAULT_NOTIFICATION_PREFERENCES, approachingMinutes: 8, left: false }]),
    );
  });

  // A kind of notification the server sends but the portal has no switch for could not be turned off by a parent.
  it('has a switch for every kind of notification: turning every switch off turns every kind off', async () => {
    const everyKindOn = { ...DEFAULT_NOTIFICATION_PREFERENCES };
    for (const kind of NOTIFICATION_KINDS) everyKindOn[PREFERENCE_OF_KIND[kind]] = true;
    const saved: Record<string, unknown>[] = [];
    answerApi({
      'GET /parent/notification-preferences': () => ok(everyKindOn),
      'PUT /parent/notification-preferences': (init) => {
        saved.push(JSON.parse(String(init?.body)));
        return ok(saved.at(-1), 'Your notification choices are saved.');
      },
    });
    const user = userEvent.setup();
    renderApp('/parent/notifications');

    await screen.findByRole('button', { name: 'Save choices' });
    for (const toggle of screen.getAllByRole('switch'))
      if ((toggle as HTMLInputElement).checked) await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText('Your notification choices are saved.')).toBeVisible();
    for (const kind of NOTIFICATION_KINDS) expect(saved[0]?.[PREFERENCE_OF_KIND[kind]], kind).toBe(false);
  });

  it('explains what to do where the browser has no Web Push (jsdom has none)', async () => {
    answerApi({ 'GET /parent/notification-preferences': () => ok(DEFAULT_NOTIFICATION_PREFERENCES) });
    renderApp('/parent/notifications');

    expect(
      await screen.findByText(/cannot receive notifications from websites|secure \(https\) connection/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enable notifications on this phone' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'iPhone and iPad (iOS 16.4 or later)' })).toBeVisible();
    expect(screen.getByText(/tap the Share button, then "Add to Home Screen"/)).toBeVisible();
  });
});
