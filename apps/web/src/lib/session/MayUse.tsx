import type { Access } from '@school-transport/shared/roles';
import type { ReactNode } from 'react';
import { useMayUse } from './session';

/**
 * Shows its children only to a role that may use routes of this access (decision 077): the one way a screen hides
 * a button, a panel or a row's command that writes. `useMayUse` is the same question for code that needs the answer.
 */
export function MayUse({ access, children }: { access: Access; children: ReactNode }) {
  return useMayUse(access) ? <>{children}</> : null;
}
