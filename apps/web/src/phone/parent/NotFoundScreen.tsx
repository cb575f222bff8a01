import { useT } from '../i18n';
import { Heading, LinkButton, Stack, Text } from '../kit';
import { parentPaths } from './parent-paths';

/** An address below /parent that is no screen of the portal (an old bookmark, a mistyped link). */
export function NotFoundScreen() {
  const { t } = useT();
  return (
    <Stack gap={2} align="flex-start">
      <Heading level={1}>{t('notFound.title')}</Heading>
      <Text>{t('notFound.text')}</Text>
      <LinkButton to={parentPaths.today} variant="outlined" icon="back">
        {t('notFound.back')}
      </LinkButton>
    </Stack>
  );
}
