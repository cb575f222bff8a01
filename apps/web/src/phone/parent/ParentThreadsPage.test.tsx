import type { ParentThread } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, child, childRun, json, ok, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

// The schema checks ids as uuids, as the server's are.
const MIA = '00000000-0000-4000-8000-0000000000c1';

const thread = (changes: Partial<ParentThread> = {}): ParentThread => ({
  id: 't1',
  studentId: MIA,
  studentName: 'Mia',
  date: '2026-03-06',
  state: 'OPEN',
  unread: 0,
  lastMessageAt: '2026-03-02T08:00:00.000Z',
  messages: [
    {
      id: 'm1',
      side: 'GUARDIAN',
      author: 'Pat',
      body: 'Grandma collects on Friday',
      sentAt: '2026-03-02T07:00:00.000Z',
    },
  ],
  ...changes,
});

const family = () => ok([child([childRun()], { id: MIA })]);

describe('threads with the office', () => {
  it('sends a message about the child and a date, checked by the shared schema first', async () => {
    const sent: unknown[] = [];
    answerApi({
      'GET /parent/children': family,
      'GET /parent/threads': () => ok([]),
      'POST /parent/threads': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ success: true, type: 'success', data: thread() }, 201);
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/threads');

    expect(await screen.findByRole('heading', { level: 1, name: en('threads.title') })).toBeVisible();
    expect(await screen.findByText(en('threads.empty'))).toBeVisible();
    const send = screen.getAllByRole('button', { name: en('threads.send') })[0]!;
    await user.click(send);
    expect(await screen.findByText(en('threads.error.body'))).toBeVisible();
    expect(sent).toEqual([]);

    const date = screen.getByLabelText(en('threads.date'));
    await user.clear(date);
    await user.type(date, '2026-03-06');
    await user.type(screen.getByRole('textbox', { name: en('threads.body') }), 'Grandma collects on Friday');
    await user.click(send);
    await waitFor(() =>
      expect(sent).toEqual([{ studentId: MIA, date: '2026-03-06', body: 'Grandma collects on Friday' }]),
    );
    expect(await screen.findByText(en('threads.sent'))).toBeVisible();
  });

  it('shows the office’s reply signed by the office, marks it read, and sends the guardian’s next word', async () => {
    const reads: string[] = [];
    const written: unknown[] = [];
    const replied = thread({
      unread: 1,
      messages: [
        ...thread().messages,
        {
          id: 'm2',
          side: 'OFFICE',
          author: 'the office',
          body: 'Thank you, we will tell the driver.',
          sentAt: '2026-03-02T08:00:00.000Z',
        },
      ],
    });
    answerApi({
      'GET /parent/children': family,
      'GET /parent/threads': () => ok([replied]),
      'POST /parent/threads/t1/read': () => {
        reads.push('t1');
        return ok(undefined);
      },
      'POST /parent/threads/t1/messages': (init) => {
        written.push(JSON.parse(String(init?.body)));
        return ok(replied);
      },
    });
    const user = userEvent.setup();
    renderParent('/parent/threads');

    const section = await screen.findByRole('region', { name: /Mia/ });
    expect(within(section).getByText('Thank you, we will tell the driver.')).toBeVisible();
    expect(within(section).getByText(en('threads.newReplies', { count: 1 }))).toBeVisible();
    expect(within(section).getAllByText(new RegExp(en('threads.fromOffice'))).length).toBeGreaterThan(0);
    await waitFor(() => expect(reads).toEqual(['t1']));

    await user.type(within(section).getByRole('textbox', { name: en('threads.reply') }), 'Thanks!');
    await user.click(within(section).getByRole('button', { name: en('threads.send') }));
    await waitFor(() => expect(written).toEqual([{ body: 'Thanks!' }]));
  });

  it('says when the messages cannot be loaded, with a retry', async () => {
    answerApi({
      'GET /parent/children': family,
      'GET /parent/threads': () => json({ success: false, type: 'error', message: 'Server error' }, 500),
    });
    renderParent('/parent/threads');
    expect(await screen.findByRole('button', { name: en('kit.retry') })).toBeVisible();
  });
});
