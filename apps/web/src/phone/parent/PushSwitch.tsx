import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { pushApi } from './parent-api';
import { useParentToken } from './parent-session';
import { useAction } from './use-action';
import {
  currentSubscription,
  currentTraits,
  disablePush,
  enablePush,
  platformOf,
  pushSupport,
  type Platform,
  type PushSupport,
} from './push';

/** How to turn notifications on, for each kind of device. */
export const PLATFORM_STEPS: Record<Platform, { title: string; steps: string[] }> = {
  android: {
    title: 'Android (Chrome)',
    steps: [
      'Tap "Enable notifications on this phone" below and allow notifications when Chrome asks.',
      'To open the portal like an app, choose "Add to Home screen" or "Install app" in Chrome’s menu.',
    ],
  },
  ios: {
    title: 'iPhone and iPad (iOS 16.4 or later)',
    steps: [
      'Open this page in Safari, tap the Share button, then "Add to Home Screen".',
      'Open SchoolRide from the new icon on your home screen and sign in there.',
      'Tap "Enable notifications on this phone" and allow notifications.',
    ],
  },
  desktop: {
    title: 'Computer (Chrome, Edge, Firefox or Safari)',
    steps: ['Click "Enable notifications on this phone" and allow notifications when the browser asks.'],
  },
};

const SUPPORT_NOTES: Record<Exclude<PushSupport, 'supported'>, string> = {
  'ios-home-screen':
    'On an iPhone or iPad, notifications work only once SchoolRide has been added to the home screen (iOS 16.4 or later). Follow the steps below, then come back to this page from the home-screen icon.',
  insecure:
    'Notifications need a secure (https) connection to this site, which this page was not opened with. Ask the office for the right address.',
  unsupported:
    'This browser cannot receive notifications from websites. Use Chrome on Android, Safari on an iPhone with iOS 16.4 or later (after "Add to Home Screen"), or a current desktop browser.',
};

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
  const token = useParentToken();
  const [traits] = useState(currentTraits);
  const support = pushSupport(traits);
  const platform = platformOf(traits);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const { busy, problem, done, run } = useAction();

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
    <Stack spacing={2}>
      {support === 'supported' ? (
        <>
          <Typography>
            {subscribed ? 'Notifications are on for this phone.' : 'Notifications are off for this phone.'}
          </Typography>
          {problem && <Alert severity="error">{problem}</Alert>}
          {done && <Alert severity="success">{done}</Alert>}
          {subscribed ? (
            <Button
              variant="outlined"
              loading={busy}
              onClick={() =>
                void toggle(() => disablePush(pushApi(token)), 'Notifications are off for this phone.', false)
              }
            >
              Turn off on this phone
            </Button>
          ) : (
            <Button
              variant="contained"
              loading={busy || subscribed === null}
              onClick={() =>
                void toggle(() => enablePush(pushApi(token)), 'Notifications are on for this phone.', true)
              }
            >
              Enable notifications on this phone
            </Button>
          )}
        </>
      ) : (
        <Alert severity="info">{SUPPORT_NOTES[support]}</Alert>
      )}
      {platformsFirst(platform).map((each) => (
        <section key={each} aria-label={PLATFORM_STEPS[each].title}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {PLATFORM_STEPS[each].title}
          </Typography>
          <List dense component="ol" sx={{ listStyle: 'decimal', pl: 3 }}>
            {PLATFORM_STEPS[each].steps.map((step) => (
              <ListItem key={step} sx={{ display: 'list-item', pl: 0.5 }}>
                {step}
              </ListItem>
            ))}
          </List>
        </section>
      ))}
    </Stack>
  );
}
