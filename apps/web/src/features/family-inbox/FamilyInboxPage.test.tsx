import type { FamilyThread, FamilyThreadSummary } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { FamilyInboxPage } from './FamilyInboxPage';

const ME = '00000000-0000-4000-8000-0000000000e1';
const SAM = '00000000-0000-4000-8000-0000000000e2';

const summary: FamilyThreadSummary = {
  id: 't1',
  studentId: 's1',
  studentName: 'Asha Rao',
  date: '2026-03-06',
  state: 'OPEN',
  unread: 2,
  lastMessageAt: '2026-03-02T07:05:00.000Z',
  guardianName: 'Pat Rao',
  guardianEmail: 'pat@example.com',
  assignee: null,
  manifestNote: null,
  closedAt: null,
  preview: 'And Ali lost his card',
};

const thread: FamilyThread = {
  ...summary,
  messages: [
    {
      id: 'm1',
      side: 'GUARDIAN',
      author: 'Pat Rao',
      body: 'Grandma collects on Friday',
      sentAt: '2026-03-02T07:00:00.000Z',
    },
    {
      id: 'm2',
      side: 'GUARDIAN',
      author: 'Pat Rao',
      body: 'And Ali lost his card',
      sentAt: '2026-03-02T07:05:00.000Z',
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, type: 'success', data });

type Sent = { method: string; url: string; body: unknown };

/** The server: one open thread with two unread messages, colleagues, and every write recorded in `sent`. */
function serve(sent: Sent[], { list = [summary] }: { list?: FamilyThreadSummary[] | 'error' } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.endsWith('/api/settings')) return ok({ mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' });
    if (url.endsWith('/api/family-inbox/unread')) return ok({ unread: 1 });
    if (url.endsWith('/api/family-inbox/colleagues'))
      return ok([
        { id: ME, name: 'Me Office', email: 'me@example.com' },
        { id: SAM, name: 'Sam Office', email: 'sam@example.com' },
      ]);
    if (method === 'GET' && url.includes('/api/family-inbox?filter=open'))
      return list === 'error' ? json(500, { success: false, type: 'error', message: 'Boom' }) : ok(list);
    if (method === 'GET' && url.includes('/api/family-inbox?filter=')) return ok([]);
    if (method === 'GET' && url.endsWith('/api/family-inbox/t1')) return ok(thread);
    sent.push({
      method,
      url: url.replace(/^.*\/api/, ''),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (url.endsWith('/read')) return ok(undefined);
    return ok(thread);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('FamilyInboxPage', () => {
  it('lists open conversations with their child, date, unread count and opening words; other filters say they are empty', async () => {
    serve([]);
    const user = userEvent.setup();
    renderWithProviders(<FamilyInboxPage />);
    const card = await screen.findByRole('button', { name: 'Conversation about Asha Rao, 2 unread' });
    expect(card).toHaveTextContent('And Ali lost his card');
    expect(card).toHaveTextContent('2 unread');
    expect(card).toHaveTextContent('Pat Rao');
    expect(card).toHaveTextContent('Unassigned');
    expect(await screen.findByLabelText('1 unread conversations')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Assigned to me' }));
    expect(await screen.findByText('No open conversation is assigned to you.')).toBeVisible();
  });

  it('says when the list cannot be loaded, with a retry', async () => {
    serve([], { list: 'error' });
    renderWithProviders(<FamilyInboxPage />);
    expect(await screen.findByRole('button', { name: /retry/i })).toBeVisible();
  });

  /** Opens the one conversation; answers its dialog once its messages show. */
  async function openThread(user: ReturnType<typeof userEvent.setup>) {
    renderWithProviders(<FamilyInboxPage />);
    await user.click(await screen.findByRole('button', { name: 'Conversation about Asha Rao, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: /Asha Rao/ });
    expect(await within(dialog).findByText('Grandma collects on Friday')).toBeVisible();
    return dialog;
  }

  it('opens a conversation, marking it read, and replies after the shared schema’s check', async () => {
    const sent: Sent[] = [];
    serve(sent);
    const user = userEvent.setup();
    const dialog = await openThread(user);
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'POST', url: '/family-inbox/t1/read', body: undefined }),
    );

    // A blank reply is refused by the shared schema before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Message is required')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reply to the guardian' }), 'Noted.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        url: '/family-inbox/t1/messages',
        body: { body: 'Noted.' },
      }),
    );
  });

  it('assigns a conversation to a colleague', async () => {
    const sent: Sent[] = [];
    serve(sent);
    const user = userEvent.setup();
    const dialog = await openThread(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Assigned to' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Office' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'PUT', url: '/family-inbox/t1/assignee', body: { userId: SAM } }),
    );
  });

  it('puts a note on the manifest, and closes the conversation only after asking', async () => {
    const sent: Sent[] = [];
    serve(sent);
    const user = userEvent.setup();
    const dialog = await openThread(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the driver/ }), 'Rosa collects');
    await user.click(within(dialog).getByRole('button', { name: 'Put on the manifest' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        url: '/family-inbox/t1/manifest-note',
        body: { note: 'Rosa collects' },
      }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close this conversation?' });
    expect(sent.some((request) => request.url.endsWith('/close'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'POST', url: '/family-inbox/t1/close', body: undefined }),
    );
  });
});
