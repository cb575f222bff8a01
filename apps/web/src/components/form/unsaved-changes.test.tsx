import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { z } from 'zod';
import { AppProviders } from '../../app/providers';
import { FormTextField } from './FormTextField';
import { PageForm } from './PageForm';
import { UnsavedChangesGuard } from './unsaved-changes';
import { useSchemaForm } from './useSchemaForm';

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });

/**
 * An edit screen of one field starting from 'Asha'; `save` decides what a save does, `then` where it leads. A save
 * that resolves to a message has placed the server's refusal under the field, as the Schools dialog does.
 */
function EditScreen({
  label,
  save,
  then,
}: {
  label: string;
  save: () => Promise<string | void>;
  then?: string;
}) {
  const navigate = useNavigate();
  const { control, problems, submitWith, isSubmitting, isDirty } = useSchemaForm(schema, { name: 'Asha' });
  return (
    <PageForm
      submitLabel={`Save ${label}`}
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async () => {
        const refusal = await save();
        if (refusal) return control.setError('name', { type: 'server', message: refusal });
        if (then) await navigate(then);
      })}
      cancel={{ fallback: '/details', dirty: isDirty }}
    >
      <FormTextField control={control} name="name" label={label} />
    </PageForm>
  );
}

/** The signed-in layout in small: a menu link beside the screen, and the guard around the screens. */
function Layout() {
  return (
    <>
      <Link to="/list">Menu: the list</Link>
      <UnsavedChangesGuard>
        <Outlet />
      </UnsavedChangesGuard>
    </>
  );
}

function openEditScreen(
  { save = async () => {}, then, second = false } = {} as {
    save?: () => Promise<string | void>;
    then?: string;
    second?: boolean;
  },
) {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/list', element: <h1>The list</h1> },
          { path: '/details', element: <h1>The details</h1> },
          {
            path: '/edit',
            element: (
              <>
                <EditScreen label="Name" save={save} then={then} />
                {second && <EditScreen label="Nickname" save={save} />}
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/details', '/edit'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const field = (label = 'Name') => screen.getByRole('textbox', { name: label });
  return {
    user,
    router,
    field,
    async change(label = 'Name') {
      await user.clear(field(label));
      await user.type(field(label), 'Asha Rao');
    },
    clickMenu: () => user.click(screen.getByRole('link', { name: 'Menu: the list' })),
    asking: () => screen.queryByRole('dialog', { name: 'Leave without saving?' }),
  };
}

describe('UnsavedChangesGuard', () => {
  it('lets a screen with no change go at once', async () => {
    const { clickMenu, asking } = openEditScreen();
    await clickMenu();
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
    expect(asking()).not.toBeInTheDocument();
  });

  it('asks before a menu link leaves a change: Stay keeps the typed text, Leave leaves', async () => {
    const { user, change, clickMenu, asking, field, router } = openEditScreen();
    await change();

    await clickMenu();
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(asking()).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/edit');
    expect(field()).toHaveValue('Asha Rao');

    await clickMenu();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
  });

  it('asks before Back leaves a change too', async () => {
    const { change, router } = openEditScreen();
    await change();
    await router.navigate(-1);
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('does not ask on the way to where a successful save leads', async () => {
    const { user, change } = openEditScreen({ then: '/details' });
    await change();
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByRole('heading', { name: 'The details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask after a save that stays on the screen', async () => {
    const save = vi.fn(async () => {});
    const { user, change, clickMenu, asking } = openEditScreen({ save });
    await change();
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    await clickMenu();
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
    expect(asking()).not.toBeInTheDocument();
  });

  it('asks again after a change made once a save went through', async () => {
    const save = vi.fn(async () => {});
    const { user, change, clickMenu, asking, field } = openEditScreen({ save });
    await change();
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Name' })).toBeEnabled());

    // The saved value is the form's new starting point: another change asks, and typing it back does not.
    await user.type(field(), '!');
    await clickMenu();
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(asking()).not.toBeInTheDocument());

    await user.type(field(), '{Backspace}');
    await clickMenu();
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
    expect(asking()).not.toBeInTheDocument();
  });

  it('still asks after a save the server refused', async () => {
    const { user, change, clickMenu } = openEditScreen({
      save: () => Promise.reject(new Error('refused')),
      then: '/details',
    });
    await change();
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    await clickMenu();
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  });

  it("still asks, and keeps the refusal shown, when a save put the server's refusal under a field", async () => {
    const { user, change, clickMenu, field } = openEditScreen({
      save: async () => 'A driver with this name already exists.',
    });
    await change();
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    await waitFor(() =>
      expect(field()).toHaveAccessibleDescription('A driver with this name already exists.'),
    );
    await clickMenu();
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  });

  it('guards every form of a screen with the one blocker the router allows', async () => {
    const { change, clickMenu } = openEditScreen({ second: true });
    // The first form registered is changed; the second, clean one must not hide it.
    await change('Name');
    await clickMenu();
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  });

  it('asks once when Cancel already asked "Discard your changes?"', async () => {
    const { user, change } = openEditScreen();
    await change();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'The details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('has the browser ask before closing or reloading the tab only while a change is unsaved', async () => {
    const { change, field, user } = openEditScreen();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await change();
    expect(unload()).toBe(true);
    await user.clear(field());
    await user.type(field(), 'Asha');
    expect(unload()).toBe(false);
  });
});
