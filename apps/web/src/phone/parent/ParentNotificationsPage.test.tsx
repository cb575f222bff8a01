import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  PREFERENCE_OF_KIND,
  type ChosenKind,
} from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, ok, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

/** Every kind a switch governs: all but the office's own messages, which no switch turns off (decision 066). */
const CHOSEN_KINDS = NOTIFICATION_KINDS.filter((kind): kind is ChosenKind => kind !== 'OFFICE_MESSAGE');

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
    renderParent('/parent/notifications');

    const minutes = await screen.findByRole('spinbutton', { name: en('prefs.approachingMinutes') });
    await user.clear(minutes);
    await user.type(minutes, '90');
    await user.click(screen.getByRole('button', { name: en('prefs.save') }));
    expect(await screen.findByText(en('prefs.minutesRange', { min: 1, max: 60 }))).toBeVisible();
    expect(saved).toEqual([]);

    await user.clear(minutes);
    await user.type(minutes, '8');
    await user.click(screen.getByRole('switch', { name: en('prefs.left') }));
    await user.click(screen.getByRole('button', { name: en('prefs.save') }));
    expect(await screen.findByText(en('prefs.saved'))).toBeVisible();
    await waitFor(() =>
      expect(saved).toEqual([{ ...DEFAULT_NOTIFICATION_PREFERENCES, approachingMinutes: 8, left: false }]),
    );
  });

  // A kind of notification the server sends but the portal has no switch for could not be turned off by a parent.
  it('has a switch for every kind of notification: turning every switch off turns every kind off', async () => {
    const everyKindOn = { ...DEFAULT_NOTIFICATION_PREFERENCES };
    for (const kind of CHOSEN_KINDS) everyKindOn[PREFERENCE_OF_KIND[kind]] = true;
    const saved: Record<string, unknown>[] = [];
    answerApi({
      'GET /parent/notification-preferences': () => ok(everyKindOn),
      'PUT /parent/notification-preferences': (init) => {
        saved.push(JSON.parse(String(init?.body)));
        return ok(saved.at(-1), 'Your notification choices are saved.');
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/notifications');

    await screen.findByRole('button', { name: en('prefs.save') });
    for (const toggle of screen.getAllByRole('switch'))
      if (toggle.getAttribute('aria-checked') === 'true') await user.click(toggle);
    await user.click(screen.getByRole('button', { name: en('prefs.save') }));
    expect(await screen.findByText(en('prefs.saved'))).toBeVisible();
    for (const kind of CHOSEN_KINDS) expect(saved[0]?.[PREFERENCE_OF_KIND[kind]], kind).toBe(false);
  });

  it('explains what to do where the browser has no Web Push (jsdom has none)', async () => {
    answerApi({ 'GET /parent/notification-preferences': () => ok(DEFAULT_NOTIFICATION_PREFERENCES) });
    renderParent('/parent/notifications');

    expect(
      await screen.findByText((text) =>
        [en('push.note.unsupported'), en('push.note.insecure')].includes(text),
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: en('push.enable') })).toBeNull();
    expect(screen.getByRole('heading', { name: en('push.ios.title') })).toBeVisible();
    expect(screen.getByText(en('push.ios.step1'))).toBeVisible();
  });
});

describe('unsaved notification choices', () => {
  it('are asked about before the account menu leaves the screen', async () => {
    answerApi({
      'GET /parent/notification-preferences': () => ok(DEFAULT_NOTIFICATION_PREFERENCES),
      'GET /parent/children': () => ok([]),
    });
    const user = userEvent.setup();
    renderParent('/parent/notifications');

    await user.click(await screen.findByRole('switch', { name: en('prefs.left') }));
    await user.click(screen.getByRole('button', { name: en('menu.label') }));
    await user.click(await screen.findByRole('menuitem', { name: en('menu.today') }));
    const question = await screen.findByRole('dialog', { name: en('unsaved.title') });
    await user.click(within(question).getByRole('button', { name: en('kit.cancel') }));
    expect(screen.getByRole('heading', { level: 1, name: en('notifications.title') })).toBeVisible();

    await user.click(screen.getByRole('button', { name: en('menu.label') }));
    await user.click(await screen.findByRole('menuitem', { name: en('menu.today') }));
    await user.click(
      within(await screen.findByRole('dialog', { name: en('unsaved.title') })).getByRole('button', {
        name: en('unsaved.leave'),
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: en('today.title') })).toBeVisible();
  });
});
