import type { GuardianRequest } from '@school-transport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, child, childRun, json, ok, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

// The schema checks ids as uuids, as the server's are.
const MIA = '00000000-0000-4000-8000-0000000000c1';

const request = (changes: Partial<GuardianRequest> = {}): GuardianRequest => ({
  id: 'g1',
  studentId: MIA,
  studentName: 'Mia',
  name: 'Kamala Rao',
  email: 'kamala@example.com',
  phone: '+91 98450 55555',
  relation: 'GRANDPARENT',
  state: 'REQUESTED',
  reason: null,
  requestedByName: 'Pat',
  requestedAt: '2026-03-02T07:00:00.000Z',
  decidedAt: null,
  ...changes,
});

const family = () => ok([child([childRun()], { id: MIA })]);

describe('other guardians', () => {
  it('checks the invitation with the shared schema, in the guardian’s words, then sends it for the only child', async () => {
    const sent: unknown[] = [];
    answerApi({
      'GET /parent/children': family,
      'GET /parent/guardian-requests': () => ok([]),
      'POST /parent/guardian-requests': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ success: true, type: 'success', data: request() }, 201);
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/guardians');

    const form = await screen.findByRole('form', { name: en('guardians.new') });
    expect(await screen.findByText(en('guardians.empty'))).toBeVisible();
    await user.type(
      within(form).getByRole('textbox', { name: new RegExp(`^${en('guardians.email')}`) }),
      'nope',
    );
    await user.click(within(form).getByRole('button', { name: en('guardians.send') }));
    expect(await within(form).findByText(en('form.required', { field: en('guardians.name') }))).toBeVisible();
    expect(within(form).getByText(en('guardians.emailFormat'))).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(
      within(form).getByRole('textbox', { name: new RegExp(`^${en('guardians.name')}`) }),
      'Kamala Rao',
    );
    const email = within(form).getByRole('textbox', { name: new RegExp(`^${en('guardians.email')}`) });
    await user.clear(email);
    await user.type(email, 'Kamala@Example.com');
    await user.type(
      within(form).getByRole('textbox', { name: new RegExp(`^${en('guardians.phone')}`) }),
      '+91 98450 55555',
    );
    await user.selectOptions(
      within(form).getByRole('combobox', { name: new RegExp(`^${en('guardians.relation')}`) }),
      en('relation.GRANDPARENT'),
    );
    await user.click(within(form).getByRole('button', { name: en('guardians.send') }));
    expect(await screen.findByText(en('guardians.sent', { name: 'Kamala Rao' }))).toBeVisible();
    expect(sent).toEqual([
      {
        studentId: MIA,
        name: 'Kamala Rao',
        email: 'kamala@example.com',
        phone: '+91 98450 55555',
        relation: 'GRANDPARENT',
      },
    ]);
  });

  it('lists the requests with their state and the office’s reason for a declined one', async () => {
    answerApi({
      'GET /parent/children': family,
      'GET /parent/guardian-requests': () =>
        ok([
          request({
            state: 'DECLINED',
            reason: 'Please come to the office with an ID',
            name: 'Sam Lee',
            relation: 'CARER',
          }),
        ]),
    });
    renderParent('/parent/guardians');
    const list = await screen.findByRole('list', { name: en('guardians.listLabel') });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent(
      en('guardians.entry', { name: 'Sam Lee', relation: en('relation.CARER'), child: 'Mia' }),
    );
    expect(item).toHaveTextContent(en('guardians.state.DECLINED'));
    expect(item).toHaveTextContent(
      en('guardians.reason', { reason: 'Please come to the office with an ID' }),
    );
  });
});
