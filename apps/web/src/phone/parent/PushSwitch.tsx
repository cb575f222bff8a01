import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { Alert, Button, Heading, Stack, Text } from '../kit';
import { pushApi } from './parent-api';
import { useParentToken } from './parent-session';
import {
  currentSubscription,
  currentTraits,
  disablePush,
  enablePush,
  platformOf,
  PushPermissionDenied,
  pushSupport,
  type Platform,
} from './push';
import { useAction } from './use-action';

/** How many steps each platform's instructions have (`push.<platform>.step<n>` in parent.json). */
const PLATFORM_STEPS: Record<Platform, number> = { android: 2, ios: 3, desktop: 1 };

/** The order the platforms are listed in: this device's first. */
const platformsFirst = (own: Platform): Platform[] => [
  own,
  ...(['android', 'ios', 'desktop'] as const).filter((platform) => platform !== own),
];

/**
 * "Enable notifications on this phone" / "Turn off on this phone", shown according to what the browser supports,
 * and how to enable them on each platform.
 */
export function PushSwitch() {
  const { t } = useT();
  const token = useParentToken();
  const [traits] = useState(currentTraits);
  const support = pushSupport(traits);
  const platform = platformOf(traits);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const { busy, problem, done, run } = useAction((error) =>
    error instanceof PushPermissionDenied
      ? t('push.denied')
      : error instanceof Error
        ? error.message
        : String(error),
  );

  useEffect(() => {
    if (support !== 'supported') return;
    let current = true;
    currentSubscription().then(
      (subscription) => current && setSubscribed(subscription !== null),
      () => current && setSubscribed(false),
    );
    return () => {
      current = false;
    };
  }, [support]);

  const toggle = async (action: () => Promise<void>, message: string, next: boolean) => {
    if (await run(action, message)) setSubscribed(next);
  };

  return (
    <Stack gap={2}>
      {support === 'supported' ? (
        <>
          {/* The state in words, read out when it changes. */}
          <div role="status">
            <Text>{subscribed ? t('push.on') : t('push.off')}</Text>
          </div>
          {problem && <Alert tone="error">{problem}</Alert>}
          {done && <Alert tone="success">{done}</Alert>}
          <div>
            {subscribed ? (
              <Button
                variant="outlined"
                busy={busy}
                onClick={() => void toggle(() => disablePush(pushApi(token)), t('push.off'), false)}
              >
                {t('push.disable')}
              </Button>
            ) : (
              <Button
                icon="bell"
                busy={busy || subscribed === null}
                onClick={() => void toggle(() => enablePush(pushApi(token)), t('push.on'), true)}
              >
                {t('push.enable')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <Alert tone="info">{t(`push.note.${support}`)}</Alert>
      )}
      {platformsFirst(platform).map((each) => (
        <section key={each} aria-labelledby={`push-steps-${each}`} className="parent-steps">
          <Heading level={3} id={`push-steps-${each}`}>
            {t(`push.${each}.title`)}
          </Heading>
          <ol>
            {Array.from({ length: PLATFORM_STEPS[each] }, (_, index) => (
              <li key={index}>{t(`push.${each}.step${index + 1}`)}</li>
            ))}
          </ol>
        </section>
      ))}
    </Stack>
  );
}
