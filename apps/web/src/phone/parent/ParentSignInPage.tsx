import { AppSignInPage } from '../../components/shell/AppSignInPage';
import { parentPaths } from './parent-paths';
import { useParentSession } from './parent-session';

export const NOT_A_PARENT_MESSAGE =
  'This is for parents. Drivers use the driver app at /driver; office staff sign in at the back-office.';

/** /parent/sign-in: parents only. Anyone else's new session is ended at once and they are told where to go. */
export function ParentSignInPage() {
  return (
    <AppSignInPage
      title="Parent sign in"
      role="parent"
      wrongRoleMessage={NOT_A_PARENT_MESSAGE}
      home={parentPaths.today}
      session={useParentSession()}
    />
  );
}
