import type { ChildRun, ParentChild, ParentPortalSettings } from '@school-transport/shared';
import { PARENT_BUS_STOPS_BEFORE } from '@school-transport/shared/parent-portal-constants';
import { lazy, Suspense, useId, useState } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { localToday } from '../../lib/time/format';
import { useOperatorTimeZone } from '../../lib/time/operator-time';
import { useNow } from '../../lib/time/use-now';
import { useT } from '../i18n';
import { Avatar, Button, Card, CardActions, Chip, Heading, LinkButton, Stack, Text, useToast } from '../kit';
import { BusPanel } from './BusPanel';
import { useUndoAbsence } from './parent-api';
import { parentPaths } from './parent-paths';
import { useParentSession } from './parent-session';
import { canUndoAbsence, clockNow, runLines, STATE_TONES } from './run-state';

// The absence form, and zod with it, comes with the first "Not riding", not with the day's screen.
const AbsenceDialog = lazy(async () => ({ default: (await import('./AbsenceDialog')).AbsenceDialog }));

function RunView({
  child,
  run,
  settings,
}: {
  child: ParentChild;
  run: ChildRun;
  settings: ParentPortalSettings | undefined;
}) {
  const words = useT();
  const { t } = words;
  const timeZone = useOperatorTimeZone();
  const titleId = useId();
  const now = useNow();
  const { session } = useParentSession();
  const undo = useUndoAbsence();
  const show = useToast();
  const undoable =
    run.absence !== null &&
    settings !== undefined &&
    canUndoAbsence(run, {
      email: session?.user.email ?? '',
      isToday: child.date === localToday(),
      nowClock: clockNow(now, timeZone),
      cutoffMinutes: settings.absenceCutoffMinutes,
    });
  const absence = run.absence;
  const runName = t(`run.${run.run}`);

  return (
    <section className="parent-run" aria-labelledby={titleId}>
      <Stack direction="row" gap={1} wrap>
        <Heading level={3} id={titleId}>
          {run.routeName ? t('run.title', { run: runName, route: run.routeName }) : runName}
        </Heading>
        <Chip tone={STATE_TONES[run.state]}>{t(`state.${run.state}`)}</Chip>
      </Stack>
      {/* A boarding or a cancellation arrives live: a screen reader is told whose run changed, and how. */}
      <span className="sr-visually-hidden" role="status">
        {t('run.stateAnnounced', { name: child.name, run: runName, state: t(`state.${run.state}`) })}
      </span>
      {runLines(run, words).map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {run.state === 'ON_THE_WAY' && run.tripStatus === 'STARTED' && (
        // The server's rule (PARENT_BUS_STOPS_BEFORE): said, so a map that is not there yet is not taken for a fault.
        <Text tone="muted">{t('run.busWindow', { count: PARENT_BUS_STOPS_BEFORE, name: child.name })}</Text>
      )}
      {undoable && absence && (
        <div>
          <Button
            variant="text"
            busy={undo.isPending}
            onClick={() =>
              undo.mutate(absence.id, {
                onSuccess: () => show(t('run.ridingAgain', { name: child.name }), 'success'),
                onError: (error) => show(error instanceof ApiError ? error.message : String(error), 'error'),
              })
            }
          >
            {t('run.undo')}
          </Button>
        </div>
      )}
      {run.busVisible && run.tripId && (
        <BusPanel tripId={run.tripId} stop={run.stop} childName={child.name} />
      )}
    </section>
  );
}

/** One child's day: each run's state in words and a chip, the bus while it carries them, and "not riding". */
export function ChildCard({
  child,
  settings,
}: {
  child: ParentChild;
  settings: ParentPortalSettings | undefined;
}) {
  const { t } = useT();
  const [marking, setMarking] = useState(false);
  // Mounted from the first "Not riding" on, so that it then opens and closes as it did when always there.
  const [asked, setAsked] = useState(false);
  const show = useToast();
  const titleId = useId();
  return (
    <Card as="article" labelledBy={titleId}>
      <Stack direction="row" gap={1.5}>
        <Avatar name={child.name} src={child.profileImage} size={48} />
        <Heading level={2} id={titleId}>
          {child.name}
        </Heading>
      </Stack>
      {child.runs.length === 0 ? (
        <Text tone="muted">{t('child.noRuns')}</Text>
      ) : (
        child.runs.map((run) => <RunView key={run.run} child={child} run={run} settings={settings} />)
      )}
      <CardActions>
        <Button
          variant="outlined"
          onClick={() => {
            setAsked(true);
            setMarking(true);
          }}
        >
          {t('child.notRiding')}
        </Button>
        <LinkButton variant="text" to={parentPaths.history(child.id)}>
          {t('child.history')}
        </LinkButton>
        <LinkButton variant="text" to={parentPaths.adults(child.id)}>
          {t('child.adults')}
        </LinkButton>
      </CardActions>
      {asked && (
        <Suspense fallback={null}>
          <AbsenceDialog
            open={marking}
            child={child}
            settings={settings}
            onClose={() => setMarking(false)}
            onSaved={(message) => show(message, 'success')}
          />
        </Suspense>
      )}
    </Card>
  );
}
