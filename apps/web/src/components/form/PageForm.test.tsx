import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { z } from 'zod';
import { AppProviders } from '../../app/providers';
import { FormTextField } from './FormTextField';
import { PageForm } from './PageForm';
import { useSchemaForm } from './useSchemaForm';

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });

/** An update screen of one field, starting from the stored 'Asha'. */
function UpdateScreen({ onSave }: { onSave: () => void }) {
  const { control, problems, submitWith, isSubmitting, isDirty } = useSchemaForm(schema, { name: 'Asha' });
  return (
    <PageForm
      submitLabel="Update"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async () => onSave())}
      cancel={{ fallback: '/details', dirty: isDirty }}
    >
      <FormTextField control={control} name="name" label="Name" />
    </PageForm>
  );
}

/** The app's history: the screens before the update screen (none when it was opened directly). */
function openUpdateScreen(before: string[]) {
  const user = userEvent.setup();
  const onSave = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/list', element: <h1>The list</h1> },
      { path: '/details', element: <h1>The details</h1> },
      { path: '/edit', element: <UpdateScreen onSave={onSave} /> },
    ],
    { initialEntries: [...before, '/edit'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    user,
    onSave,
    router,
    name: () => screen.getByRole('textbox', { name: 'Name' }),
    cancel: () => user.click(screen.getByRole('button', { name: 'Cancel' })),
  };
}

describe('PageForm with Cancel', () => {
  it('goes back to the screen the user came from at once when nothing was changed', async () => {
    const { cancel, router } = openUpdateScreen(['/details', '/list']);

    await cancel();

    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list');
  });

  it("goes to the record's details when the app was opened on the update screen", async () => {
    const { cancel } = openUpdateScreen([]);

    await cancel();

    expect(await screen.findByRole('heading', { name: 'The details' })).toBeInTheDocument();
  });

  it('does not ask when a change was typed back to the stored value', async () => {
    const { user, name, cancel } = openUpdateScreen(['/details']);
    await user.type(name(), 'x');
    await user.type(name(), '{Backspace}');

    await cancel();

    expect(await screen.findByRole('heading', { name: 'The details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before dropping a change; Keep editing keeps it, Discard leaves without saving', async () => {
    const { user, name, cancel, onSave } = openUpdateScreen(['/details']);
    await user.clear(name());
    await user.type(name(), 'Asha Rao');

    await cancel();
    const ask = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(name()).toHaveValue('Asha Rao');

    await cancel();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'The details' })).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
