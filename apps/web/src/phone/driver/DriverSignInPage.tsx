import { AppSignInPage } from '../../components/shell/AppSignInPage';
import { paths } from '../../lib/paths/paths';
import { driverPaths } from './driver-paths';
import { useDriverSession } from './driver-session';

export { SESSION_EXPIRED_MESSAGE } from '../../components/shell/AppSignInPage';

export const NOT_A_DRIVER_MESSAGE =
  'This is the driver app. Office staff sign in at the back-office; parents sign in at /parent.';

/** /driver/sign-in: drivers only. Anyone else's new session is ended at once and they are told where to go. */
export function DriverSignInPage() {
  return (
    <AppSignInPage
      title="Driver sign in"
      role="driver"
      wrongRoleMessage={NOT_A_DRIVER_MESSAGE}
      elsewhere={{ to: paths.login, label: 'Go to the back-office' }}
      home={driverPaths.today}
      session={useDriverSession()}
    />
  );
}
