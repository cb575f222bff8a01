import { apiRequest } from '../../lib/api/api-client';
import { Card, Heading, LinkButton, Stack, Switch, Text, useToast } from '../kit';
import { useT } from '../i18n';
import { ChangePasswordForm, LanguagePicker } from '../shell';
import { useCalmSetting } from './calm-driving';
import { driverPaths } from './driver-paths';
import { useDriverSession } from './driver-session';

/**
 * /driver/account: who is signed in, the app's language (kept with the account), the calm view while driving (kept
 * on this phone: it is about this phone's screen in this bus) and a new password.
 */
export function DriverAccountPage() {
  const { t } = useT();
  const toast = useToast();
  const { session } = useDriverSession();
  const [calmView, setCalmView] = useCalmSetting();
  if (!session) return null;
  return (
    <Stack gap={3}>
      <div>
        <LinkButton to={driverPaths.today} icon="back" variant="text">
          {t('nav.today')}
        </LinkButton>
      </div>
      <Heading level={1}>{t('account.title')}</Heading>
      <Text>{t('account.signedInAs', { name: session.user.name, email: session.user.email })}</Text>
      <Card as="section">
        <Stack gap={2}>
          <Heading level={2}>{t('account.language')}</Heading>
          <LanguagePicker />
        </Stack>
      </Card>
      <Card as="section">
        <Switch
          label={t('account.calm.label')}
          description={t('account.calm.description')}
          checked={calmView}
          onChange={setCalmView}
        />
      </Card>
      <Card as="section">
        <Stack gap={2}>
          <Heading level={2}>{t('account.password')}</Heading>
          <ChangePasswordForm
            change={async (input) => {
              await apiRequest('POST', '/profile/change-password', input, { token: session.token });
              toast(t('account.passwordChanged'), 'success');
            }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
