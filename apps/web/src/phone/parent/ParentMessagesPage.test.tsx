import type { ParentMessage } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, json, ok, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

const message = (changes: Partial<ParentMessage> = {}): ParentMessage => ({
  id: 'm1',
  body: 'Bus North 2 is running about 15 minutes late',
  sentAt: '2026-03-02T07:40:00.000Z',
  readAt: null,
  ...changes,
});

describe('the office’s messages', () => {
  it('lists them with the unread marked; opening one shows it whole and marks it read', async () => {
    let list = [
      message(),
      message({ id: 'm0', body: 'No buses on Friday', readAt: '2026-02-27T09:00:00.000Z' }),
    ];
    const read: string[] = [];
    answerApi({
      'GET /parent/messages': () => ok(list),
      'POST /parent/messages/m1/read': () => {
        read.push('m1');
        list = list.map((row) => (row.id === 'm1' ? { ...row, readAt: '2026-03-02T08:00:00.000Z' } : row));
        return json({ success: true, type: 'success', message: 'Marked as read.' });
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/messages');

    expect(await screen.findByRole('heading', { level: 1, name: en('messages.title') })).toBeVisible();
    const messages = await screen.findByRole('list', { name: en('messages.listLabel') });
    expect(within(messages).getAllByText(en('messages.unread'))).toHaveLength(1);
    await user.click(within(messages).getByRole('button', { name: /Bus North 2/ }));
    const dialog = await screen.findByRole('dialog', { name: en('messages.fromOffice') });
    expect(within(dialog).getByText('Bus North 2 is running about 15 minutes late')).toBeVisible();
    await waitFor(() => expect(read).toEqual(['m1']));
    await waitFor(() => expect(within(messages).queryByText(en('messages.unread'))).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: en('messages.close') }));

    // A message already read is not marked again.
    await user.click(within(messages).getByRole('button', { name: /No buses on Friday/ }));
    expect(await screen.findByRole('dialog', { name: en('messages.fromOffice') })).toBeVisible();
    expect(read).toEqual(['m1']);
  });

  it('says when there is none yet', async () => {
    answerApi({ 'GET /parent/messages': () => ok([]) });
    renderParent('/parent/messages');
    expect(await screen.findByText(en('messages.empty'))).toBeVisible();
  });
});
