import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { AddDriverDialog } from './AddDriverDialog';

function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<AddDriverDialog onClose={vi.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Add New Driver' });
  const field = (label: RegExp) => within(dialog).getByRole('textbox', { name: label });
  return {
    user,
    dialog,
    field,
    submit: () => user.click(within(dialog).getByRole('button', { name: 'Add Driver' })),
  };
}

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
