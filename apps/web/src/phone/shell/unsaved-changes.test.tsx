import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createQueryClient } from '../../lib/api/query-client';
import { driverCatalogue } from '../driver/driver-catalogue';
import { I18nProvider } from '../i18n';
import { LeaveGuard, useGuardedLeave, useUnsavedChanges } from './unsaved-changes';

/** A screen with one field: holding changes while it is not empty. */
function NoteForm() {
  const [note, setNote] = useState('');
  useUnsavedChanges(note !== '');
  const { leave, dialog } = useGuardedLeave();
  return (
    <>
      <h1>Note</h1>
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <Link to="/driver/history">History</Link>
      <button type="button" onClick={() => leave('/driver/account')}>
        Account
      </button>
      {dialog}
    </>
  );
}

function renderApp() {
  window.history.replaceState(null, '', '/driver');
  window.history.pushState(null, '', '/driver/note');
  return render(
    <BrowserRouter>
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider catalogue={driverCatalogue}>
          <Routes>
            <Route path="/driver" element={<h1>Today</h1>} />
            <Route path="/driver/note" element={<NoteForm />} />
            <Route path="/driver/history" element={<h1>History</h1>} />
            <Route path="/driver/account" element={<h1>Account</h1>} />
          </Routes>
          <LeaveGuard />
        </I18nProvider>
      </QueryClientProvider>
    </BrowserRouter>,
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const question = () => screen.findByRole('dialog', { name: 'Leave without saving?' });

beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en']);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

test('Back on a screen with unsaved changes asks first: Cancel stays, Leave goes back', async () => {
  const { unmount } = renderApp();
  await userEvent.type(screen.getByLabelText('Note'), 'brakes');

  window.history.back();
  await question();
  // The screen stayed, with what was typed.
  expect(screen.getByRole('heading', { level: 1, name: 'Note' })).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByLabelText('Note')).toHaveValue('brakes');

  // Asked again at the next Back: the stand-in entry was put back.
  window.history.back();
  await question();
  await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
  expect(await heading('Today')).toBeVisible();
  expect(window.location.pathname).toBe('/driver');
  unmount();
});

test('a link of the app asks first, and leaving leaves no stand-in entry behind', async () => {
  const { unmount } = renderApp();
  await userEvent.type(screen.getByLabelText('Note'), 'mirror');
  await userEvent.click(screen.getByRole('link', { name: 'History' }));
  await question();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(window.location.pathname).toBe('/driver/note');

  await userEvent.click(screen.getByRole('link', { name: 'History' }));
  await question();
  await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
  expect(await heading('History')).toBeVisible();

  // Back returns to the note screen itself, then to Today: the guard's entry was replaced, not left in between.
  window.history.back();
  expect(await heading('Note')).toBeVisible();
  window.history.back();
  expect(await heading('Today')).toBeVisible();
  unmount();
});

test('a menu’s leave asks too; with nothing unsaved, nothing is asked', async () => {
  const { unmount } = renderApp();
  await userEvent.type(screen.getByLabelText('Note'), 'x');
  await userEvent.click(screen.getByRole('button', { name: 'Account' }));
  await question();
  await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
  expect(await heading('Account')).toBeVisible();
  unmount();

  const again = renderApp();
  await userEvent.type(screen.getByLabelText('Note'), 'y');
  await userEvent.clear(screen.getByLabelText('Note'));
  await userEvent.click(screen.getByRole('link', { name: 'History' }));
  expect(await heading('History')).toBeVisible();
  expect(screen.queryByRole('dialog')).toBeNull();
  again.unmount();
});
