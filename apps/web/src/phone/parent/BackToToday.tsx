import { useT } from '../i18n';
import { LinkButton } from '../kit';
import { parentPaths } from './parent-paths';

/** The foot of a child's screen (history, who may collect): back to Today. */
export function BackToToday() {
  const { t } = useT();
  return (
    <div>
      <LinkButton to={parentPaths.today} variant="text" icon="back">
        {t('history.back')}
      </LinkButton>
    </div>
  );
}
