import { useT } from '../i18n';
import { Alert, Button, Heading, Stack, Text, useToast } from '../kit';
import { ChangePasswordForm, LanguagePicker } from '../shell';
import { ContactDetailsPanel } from './ContactDetailsPanel';
import { Panel } from './Panel';
import { downloadFamilyData, parentRequest } from './parent-api';
import { useParentSession, useParentToken } from './parent-session';
import { useAction } from './use-action';

function FamilyDataButton() {
  const token = useParentToken();
  const { t } = useT();
  const { busy, problem, run } = useAction((error) =>
    error instanceof Error ? error.message : String(error),
  );
  return (
    <Stack gap={1}>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div>
        <Button
          variant="outlined"
          icon="download"
          busy={busy}
          onClick={() => void run(() => downloadFamilyData(token))}
        >
          {t('data.download')}
        </Button>
      </div>
    </Stack>
  );
}

/** /parent/account: the parent's contact details, language, password, and all kept about the family as a file. */
export function ParentAccountPage() {
  const { t } = useT();
  const token = useParentToken();
  const { session } = useParentSession();
  const show = useToast();
  return (
    <Stack gap={2}>
      <Heading level={1}>{t('account.title')}</Heading>
      {session && (
        <Text>{t('account.signedInAs', { name: session.user.name, email: session.user.email })}</Text>
      )}
      <ContactDetailsPanel />
      <Panel title={t('account.language')}>
        <Text tone="muted" size="small">
          {t('account.languageText')}
        </Text>
        <LanguagePicker />
      </Panel>
      <Panel title={t('account.password')}>
        <ChangePasswordForm
          change={async (input) => {
            await parentRequest(token, 'POST', '/profile/change-password', input);
            show(t('password.changed'), 'success');
          }}
        />
      </Panel>
      <Panel title={t('data.title')}>
        <Text>{t('data.text')}</Text>
        <FamilyDataButton />
      </Panel>
    </Stack>
  );
}
