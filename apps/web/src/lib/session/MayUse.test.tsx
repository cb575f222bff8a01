import { ACCESS_LEVELS, ACCESS_ROLES, STAFF_ROLES, type Access } from '@school-transport/shared/roles';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../test/render-app';
import { MayUse } from './MayUse';
import { SessionContext, useMayUse } from './session';

const asRole =
  (role: Parameters<typeof signedInAs>[0] | null) =>
  ({ children }: { children: ReactNode }) => (
    <SessionContext.Provider
      value={role ? signedInAs(role) : { ...signedInAs('admin'), user: null, role: null }}
    >
      {children}
    </SessionContext.Provider>
  );

describe('useMayUse: the screens ask the server’s own table (decision 077)', () => {
  it('answers for every staff role and access exactly what ACCESS_ROLES lets in', () => {
    for (const role of STAFF_ROLES)
      for (const access of ACCESS_LEVELS) {
        const { result } = renderHook(() => useMayUse(access), { wrapper: asRole(role) });
        const roles: readonly string[] | null = ACCESS_ROLES[access];
        expect([role, access, result.current]).toEqual([
          role,
          access,
          roles === null || roles.includes(role),
        ]);
      }
  });

  it('a dispatcher runs the day but changes no record; a viewer changes nothing; school staff ask for trips', () => {
    const answers = (role: Parameters<typeof signedInAs>[0], accesses: Access[]) =>
      accesses.map((access) => renderHook(() => useMayUse(access), { wrapper: asRole(role) }).result.current);
    expect(answers('dispatcher', ['dispatch', 'admin', 'office-read', 'request'])).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(answers('viewer', ['dispatch', 'admin', 'office-read', 'request'])).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(answers('school_staff', ['school', 'request', 'office-read', 'dispatch'])).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('a visitor may use nothing, not even a public route’s button', () => {
    const { result } = renderHook(() => useMayUse('public'), { wrapper: asRole(null) });
    expect(result.current).toBe(false);
  });

  it('MayUse shows its children only to a role that may', () => {
    const view = (role: Parameters<typeof signedInAs>[0]) =>
      render(
        <MayUse access="admin">
          <button type="button">Delete</button>
        </MayUse>,
        { wrapper: asRole(role) },
      );
    view('admin').unmount();
    view('admin');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    view('dispatcher');
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
  });
});
