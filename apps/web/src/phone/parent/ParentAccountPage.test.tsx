import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, json, ok, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

const PROFILE = {
  name: 'Pat Parent',
  email: 'pat@example.com',
  phone: '+91 98765 43210',
  alternativePhone: '+91 98765 43211',
  address: '12 Elm Street',
  city: null,
  state: 'Karnataka',
  pinCode: '560001',
};

/** The Contact details panel, once the profile has loaded into it. */
async function contactDetails() {
  const panel = await screen.findByRole('region', { name: en('contact.title') });
  await within(panel).findByLabelText(en('contact.phone'));
  return within(panel);
}

describe('the parent’s account', () => {
  it('changes the password as the parent, and downloads the family’s data as a file', async () => {
    const requests: { path: string; token: string | null }[] = [];
    answerApi({
      'GET /parent/children': () => ok([]),
      'GET /parent/profile': () => ok(PROFILE),
      'POST /profile/change-password': (init) => {
        requests.push({ path: 'change-password', token: new Headers(init?.headers).get('Authorization') });
        return ok(undefined, 'Your password has been changed. Your other sessions have been ended.');
      },
      'GET /parent/family-data': (init) => {
        requests.push({ path: 'family-data', token: new Headers(init?.headers).get('Authorization') });
        return ok({ parent: { name: 'Pat Parent' } });
      },
    });
    const blobs: Blob[] = [];
    // jsdom has no object URLs (each test file has its own window, so these go with it).
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:family-data';
      },
      revokeObjectURL: () => undefined,
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderParent('/parent/account');

    await user.type(await screen.findByLabelText(en('password.current')), 'old password 1');
    await user.type(screen.getByLabelText(en('password.new')), 'a new password 2');
    await user.type(screen.getByLabelText(en('password.confirm')), 'a new password 2');
    await user.click(screen.getByRole('button', { name: en('password.submit') }));
    expect(await screen.findByText(en('password.changed'))).toBeVisible();

    await user.click(screen.getByRole('button', { name: en('data.download') }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(JSON.parse(await blobs[0]!.text())).toEqual({ parent: { name: 'Pat Parent' } });
    expect(requests).toEqual([
      { path: 'change-password', token: 'parent-token' },
      { path: 'family-data', token: 'parent-token' },
    ]);
  });

  it('shows the contact details, the name and e-mail only to read, and saves a change of them', async () => {
    const bodies: unknown[] = [];
    let answerSave: (response: Response) => void = () => undefined;
    answerApi({
      'GET /parent/children': () => ok([]),
      'GET /parent/profile': () => ok(PROFILE),
      'PUT /parent/profile': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Promise((resolve) => (answerSave = resolve));
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/account');

    const panel = await contactDetails();
    expect(panel.getByText('Pat Parent')).toBeVisible();
    expect(panel.getByText('pat@example.com')).toBeVisible();
    expect(
      panel.queryByRole('textbox', { name: new RegExp(`${en('contact.name')}|${en('contact.email')}`) }),
    ).toBeNull();
    expect(panel.getByLabelText(en('contact.phone'))).toHaveValue('+91 98765 43210');
    expect(panel.getByLabelText(en('contact.address'))).toHaveValue('12 Elm Street');
    expect(panel.getByLabelText(en('contact.city'))).toHaveValue('');

    await user.clear(panel.getByLabelText(en('contact.phone')));
    await user.type(panel.getByLabelText(en('contact.phone')), '080 2345 6789');
    await user.type(panel.getByLabelText(en('contact.city')), '  Bengaluru ');
    const save = panel.getByRole('button', { name: en('contact.save') });
    await user.click(save);

    // Held until the server answers, so a second tap cannot send it twice.
    await waitFor(() => expect(save).toBeDisabled());
    expect(bodies).toEqual([
      {
        phone: '080 2345 6789',
        alternativePhone: '+91 98765 43211',
        address: '12 Elm Street',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
      },
    ]);
    answerSave(
      ok({ ...PROFILE, phone: '080 2345 6789', city: 'Bengaluru' }, 'Your contact details have been saved.'),
    );

    expect(await screen.findByText(en('contact.saved'))).toBeVisible();
    expect(save).toBeEnabled();
    expect(panel.getByLabelText(en('contact.city'))).toHaveValue('Bengaluru');
  });

  it('checks the fields before sending, and shows the server’s refusal next to its field', async () => {
    let saves = 0;
    answerApi({
      'GET /parent/children': () => ok([]),
      'GET /parent/profile': () => ok(PROFILE),
      'PUT /parent/profile': () => {
        saves += 1;
        return json(
          {
            success: false,
            type: 'error',
            message: 'Some of the information is not valid.',
            errors: [{ field: 'pinCode', message: 'This ZIP Code is not in the school’s area' }],
          },
          400,
        );
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/account');

    const panel = await contactDetails();
    const phone = panel.getByLabelText(en('contact.phone'));
    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(panel.getByRole('button', { name: en('contact.save') }));
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(en('contact.phoneFormat', { field: en('contact.phone') })),
    );
    expect(saves).toBe(0);

    await user.clear(phone);
    await user.type(phone, '080 2345 6789');
    await user.click(panel.getByRole('button', { name: en('contact.save') }));
    const pinCode = panel.getByLabelText(en('contact.pinCode'));
    await waitFor(() =>
      expect(pinCode).toHaveAccessibleDescription('This ZIP Code is not in the school’s area'),
    );
    expect(pinCode).toHaveAttribute('aria-invalid', 'true');
    expect(pinCode).toHaveFocus();
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    expect(saves).toBe(1);
  });

  it('says when the contact details cannot be loaded, and loads them on Retry', async () => {
    let asked = 0;
    answerApi({
      'GET /parent/children': () => ok([]),
      'GET /parent/profile': () => {
        asked += 1;
        return asked === 1
          ? json({ success: false, type: 'error', message: 'No parent record belongs to this account.' }, 404)
          : ok(PROFILE);
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/account');

    const panel = within(await screen.findByRole('region', { name: en('contact.title') }));
    expect(await panel.findByText('No parent record belongs to this account.')).toBeVisible();
    await user.click(panel.getByRole('button', { name: en('kit.retry') }));
    expect(await panel.findByLabelText(en('contact.phone'))).toHaveValue('+91 98765 43210');
  });

  it('signs out from the account menu, ending the session on the server and on this phone', async () => {
    const fetchSpy = answerApi({
      'GET /parent/children': () => ok([]),
      'DELETE /live/cookie': () => ok(null),
      'POST /auth/logout': () => ok(null),
    });
    const user = userEvent.setup();
    renderParent('/parent');

    await user.click(await screen.findByRole('button', { name: en('menu.label') }));
    await user.click(await screen.findByRole('menuitem', { name: en('menu.signOut') }));

    expect(await screen.findByRole('heading', { level: 1, name: en('signIn.title.parent') })).toBeVisible();
    expect(localStorage.getItem('__parent_token__')).toBeNull();
    await waitFor(() =>
      expect(
        fetchSpy.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('/auth/logout') &&
            new Headers(init?.headers).get('Authorization') === 'parent-token',
        ),
      ).toBe(true),
    );
  });
});
