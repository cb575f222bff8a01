import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aDriver } from '../../test/records';
import { renderWithProviders } from '../../test/render-app';
import { AddDriverDialog } from './AddDriverDialog';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const requested = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`);

function openDialog() {
  // The accept="image/*" filter is the browser's; the dialog must still refuse what gets past it.
  const user = userEvent.setup({ applyAccept: false });
  const onClose = vi.fn();
  renderWithProviders(<AddDriverDialog onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Add New Driver' });
  const field = (label: RegExp) => within(dialog).getByRole('textbox', { name: label });
  return {
    user,
    dialog,
    field,
    onClose,
    photoInput: () => within(dialog).getByLabelText('Choose image'),
    submit: () => user.click(within(dialog).getByRole('button', { name: 'Add Driver' })),
  };
}

type Dialog = ReturnType<typeof openDialog>;

async function fillRequired({ user, field }: Dialog) {
  await user.type(field(/^Name/), 'Jane Doe');
  await user.type(field(/^Email/), 'jane@example.com');
  await user.type(field(/^Phone/), '+91 98765 43210');
  await user.type(field(/^License No/), 'DL-42');
}

const photo = new File([new Uint8Array(64)], 'jane.png', { type: 'image/png' });
const created = { ...aDriver('d7'), user: { id: 'u7', name: 'Jane Doe', email: 'jane@example.com' } };
const createdAnswer = () =>
  answer(201, { success: true, type: 'success', message: 'Driver created successfully!', data: created });

describe('AddDriverDialog', () => {
  it('marks the four required fields', () => {
    const { field } = openDialog();

    for (const label of [/^Name/, /^Email/, /^Phone/, /^License No/]) expect(field(label)).toBeRequired();
    expect(field(/^Alternative Phone/)).not.toBeRequired();
    expect(field(/^Address/)).not.toBeRequired();
  });

  it('asks to fill all the fields and says under each which one is missing', async () => {
    const { dialog, field, submit } = openDialog();

    await submit();

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill all the fields!');
    expect(field(/^Name/)).toHaveAccessibleDescription('Name is required');
    expect(field(/^License No/)).toHaveAccessibleDescription('License No is required');
    expect(field(/^Address/)).not.toHaveAccessibleDescription();
  });

  it('explains a wrong value under its field without the fill-in reminder', async () => {
    const { user, dialog, field, submit } = openDialog();
    await user.type(field(/^Name/), 'Jane Doe');
    await user.type(field(/^Email/), 'jane@example.com');
    await user.type(field(/^Phone/), '+91 98765 43210');
    await user.type(field(/^License No/), 'DL-42');
    await user.type(field(/^Alternative Phone/), 'call me');

    await submit();

    expect(field(/^Alternative Phone/)).toHaveAccessibleDescription(
      'Alternative phone must be a phone number of 7 to 15 digits, e.g. +91 98765 43210',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('AddDriverDialog with a photo', () => {
  it('previews the chosen photo, creates the driver, then sends the photo under the new id', async () => {
    const dialog = openDialog();
    await fillRequired(dialog);
    await dialog.user.upload(dialog.photoInput(), photo);
    expect(
      await within(dialog.dialog).findByRole('img', { name: 'Preview of the chosen image' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    fetchMock.mockResolvedValueOnce(createdAnswer()).mockResolvedValueOnce(
      answer(200, {
        success: true,
        type: 'success',
        message: 'Profile image updated successfully!',
        data: { profileImage: '/api/uploads/profile/driver/x.webp' },
      }),
    );

    await dialog.submit();

    await waitFor(() => expect(dialog.onClose).toHaveBeenCalled());
    expect(requested()).toEqual([
      'POST /api/drivers/create',
      'POST /api/upload/profile/driver/add-profile-image',
    ]);
    const sent = fetchMock.mock.calls[1]?.[1]?.body as FormData;
    expect(sent.get('id')).toBe('d7');
    expect(sent.get('image')).toBe(photo);
    expect(await screen.findByText('Profile image updated successfully!')).toBeInTheDocument();
  });

  it('keeps the driver when the photo is refused, and says where to add it', async () => {
    const dialog = openDialog();
    await fillRequired(dialog);
    await dialog.user.upload(dialog.photoInput(), photo);
    fetchMock
      .mockResolvedValueOnce(createdAnswer())
      .mockResolvedValueOnce(
        answer(415, { success: false, type: 'error', message: 'Only image files are allowed!' }),
      );

    await dialog.submit();

    expect(
      await screen.findByText(
        "Jane Doe was added, but the photo was not saved (Only image files are allowed!). Add it from the driver's details page.",
      ),
    ).toBeInTheDocument();
    expect(dialog.onClose).toHaveBeenCalled();
    // One toast that says it all: the refusal is not reported a second time on its own.
    expect(screen.queryByText('Only image files are allowed!')).not.toBeInTheDocument();
  });

  it('sends no photo when none was chosen, or when the chosen one was removed', async () => {
    const dialog = openDialog();
    await fillRequired(dialog);
    await dialog.user.upload(dialog.photoInput(), photo);
    await dialog.user.click(within(dialog.dialog).getByRole('button', { name: 'Remove image' }));
    expect(within(dialog.dialog).getByText('No image chosen')).toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(createdAnswer());

    await dialog.submit();

    await waitFor(() => expect(dialog.onClose).toHaveBeenCalled());
    expect(requested()).toEqual(['POST /api/drivers/create']);
  });

  it('refuses a file that is not an image, or of 2MB or more, before anything is sent', async () => {
    const dialog = openDialog();

    await dialog.user.upload(
      dialog.photoInput(),
      new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog.dialog).getByRole('alert')).toHaveTextContent('Only image files are allowed!');

    await dialog.user.upload(
      dialog.photoInput(),
      new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' }),
    );
    expect(within(dialog.dialog).getByRole('alert')).toHaveTextContent('Image must be smaller than 2MB');
    expect(within(dialog.dialog).getByText('No image chosen')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
