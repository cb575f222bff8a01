import type { Stop } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { StopFormDialog } from './StopFormDialog';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // Leaflet's map keeps its size in step through a ResizeObserver, which jsdom does not have.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The calls to the stops' and the uploads' API (the app also reads its settings). */
const requested = () =>
  fetchMock.mock.calls
    .map(([url, init]) => `${init?.method} ${String(url)}`)
    .filter((call) => /\/api\/(stops|upload)\//.test(call));
/** The stop as its get-one answers it; nothing else is answered. */
const readsGate = (url: unknown) =>
  String(url).endsWith(`/stops/get-one/${gate.id}`)
    ? answer(200, { success: true, type: 'success', data: gate })
    : undefined;

const PHOTO = '/api/uploads/profile/stop/ab.webp?expires=1&signature=s';
const gate: Stop = {
  id: '5d6e7f80-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  name: 'Mill Lane gate',
  lat: 12.9352,
  lng: 77.6245,
  address: '3 Mill Lane',
  note: 'Gate code 4411',
  profileImage: PHOTO,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

function open(stop?: Stop) {
  const user = userEvent.setup();
  const onClose = vi.fn();
  renderWithProviders(<StopFormDialog stop={stop} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: stop ? 'Edit Stop' : 'Add New Stop' });
  return {
    user,
    onClose,
    dialog,
    note: () => within(dialog).getByRole('textbox', { name: /^Note for drivers/ }),
  };
}

describe('the office’s stop form', () => {
  it('says next to the note when it is too long, and sends nothing', async () => {
    const { user, dialog, note } = open();
    await user.type(within(dialog).getByRole('textbox', { name: /^Stop Name/ }), 'Mill Lane gate');
    await user.type(within(dialog).getByRole('textbox', { name: /^Latitude/ }), '12.93');
    await user.type(within(dialog).getByRole('textbox', { name: /^Longitude/ }), '77.62');
    await user.click(note());
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Add Stop' }));

    await waitFor(() => expect(note()).toHaveAccessibleDescription('Note must be at most 500 characters'));
    expect(requested()).toEqual([]);
  });

  it('saves the edited note with the stop', async () => {
    fetchMock.mockImplementation(async (url, init) =>
      init?.method === 'PUT'
        ? answer(200, { success: true, type: 'success', message: 'Stop updated successfully!', data: gate })
        : readsGate(url)!,
    );
    const { user, dialog, note, onClose } = open(gate);
    expect(note()).toHaveValue('Gate code 4411');
    await user.clear(note());
    await user.type(note(), 'Wait at the corner, not the driveway');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain(`/stops/update/${gate.id}`);
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ note: 'Wait at the corner, not the driveway' });
  });

  it('shows the stop’s photo and removes it only after asking', async () => {
    fetchMock.mockImplementation(async (url, init) =>
      init?.method === 'DELETE'
        ? answer(200, {
            success: true,
            type: 'success',
            message: 'Photo removed.',
            data: { profileImage: null },
          })
        : readsGate(url)!,
    );
    const { user, dialog } = open(gate);
    expect(within(dialog).getByRole('img', { name: 'Photo of Mill Lane gate' })).toHaveAttribute(
      'src',
      PHOTO,
    );
    expect(within(dialog).getByRole('button', { name: 'Update Image' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Photo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Photo?' });
    expect(requested().filter((call) => call.startsWith('DELETE'))).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(requested()).toContain(`DELETE /api/upload/profile/stop/${gate.id}`));
    expect(await screen.findByText('Photo removed.')).toBeVisible();
  });
});
