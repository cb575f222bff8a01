import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { ImageUploadDialog } from './ImageUploadDialog';

const TWO_MB = 2 * 1024 * 1024;

function openDialog() {
  // The accept="image/*" filter is the browser's; the dialog must still refuse what gets past it.
  const user = userEvent.setup({ applyAccept: false });
  const onClose = vi.fn();
  renderWithProviders(<ImageUploadDialog kind="driver" id="driver-1" name="Jane Doe" onClose={onClose} />);
  return { user, onClose, input: screen.getByLabelText('Choose image') };
}

const imageFile = (size: number, type = 'image/png') =>
  new File([new Uint8Array(size)], 'photo.png', { type });

describe('ImageUploadDialog', () => {
  it('asks for an image when Upload is pressed with none chosen', async () => {
    const { user, onClose } = openDialog();

    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    const { user, input } = openDialog();

    await user.upload(input, new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Only image files are allowed!');
    expect(screen.getByText('No image chosen')).toBeInTheDocument();
  });

  it('refuses an image of 2MB or more', async () => {
    const { user, input } = openDialog();

    await user.upload(input, imageFile(TWO_MB));

    expect(screen.getByRole('alert')).toHaveTextContent('Image must be smaller than 2MB');
  });

  it('previews an image just under 2MB and says nothing against it', async () => {
    const { user, input } = openDialog();

    await user.upload(input, imageFile(TWO_MB - 1));

    expect(await screen.findByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
