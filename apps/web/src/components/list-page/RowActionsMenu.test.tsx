import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { StaffRole } from '@school-transport/shared';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../lib/session/session';
import { signedInAs } from '../../test/render-app';
import { recordActions, RowActionsMenu } from './RowActionsMenu';

const renderMenu = (onDelete = vi.fn(), role: StaffRole = 'admin') =>
  render(
    <SessionContext.Provider value={signedInAs(role)}>
      <MemoryRouter>
        <RowActionsMenu
          label="Actions for Asha Rao"
          actions={recordActions({ viewPath: '/students/a', updatePath: '/students/a/update', onDelete })}
        />
      </MemoryRouter>
    </SessionContext.Provider>,
  );

describe('RowActionsMenu', () => {
  it('offers a viewer only what reads: View, not Update or Delete (decision 069)', async () => {
    const user = userEvent.setup();
    renderMenu(vi.fn(), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Actions for Asha Rao' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View']);
  });

  it('is one plain button named for its record, with no menu built until it is pressed', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Actions for Asha Rao' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).not.toHaveAttribute('aria-expanded');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens its menu of links and commands, says so, and gives the focus back when closed', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    renderMenu(onDelete);
    const button = screen.getByRole('button', { name: 'Actions for Asha Rao' });
    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // MUI gives the id to the menu's popover, around the list of items.
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toContainElement(menu);
    expect(screen.getByRole('menuitem', { name: 'View' })).toHaveAttribute('href', '/students/a');
    expect(screen.getByRole('menuitem', { name: 'Update' })).toHaveAttribute('href', '/students/a/update');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).not.toHaveAttribute('aria-expanded');

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
