import type { PlanChange, PlanPlace } from '@school-transport/shared';
import { useId } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { useT } from '../i18n';
import { Alert, Button, Card, CardActions, Heading, Stack, Text, useToast } from '../kit';
import { useAcknowledgePlanChange, usePlanChanges } from './parent-api';

type T = ReturnType<typeof useT>['t'];

/** "From Monday 7 September: stop Oak Street at 07:38", in the screen's language. */
function fromLine(t: T, date: string, place: PlanPlace) {
  if (!place.stopName) return t('planChanges.fromOwnPoint', { date });
  if (!place.time) return t('planChanges.fromNoTime', { date, stop: place.stopName });
  return t('planChanges.from', { date, stop: place.stopName, time: place.time });
}

function beforeLine(t: T, place: PlanPlace) {
  if (!place.stopName) return t('planChanges.beforeOwnPoint');
  if (!place.time) return t('planChanges.beforeNoTime', { stop: place.stopName });
  return t('planChanges.before', { stop: place.stopName, time: place.time });
}

function ChangeView({ change }: { change: PlanChange }) {
  const { t, formatDate } = useT();
  const titleId = useId();
  const acknowledge = useAcknowledgePlanChange();
  const show = useToast();
  return (
    <Card as="article" labelledBy={titleId}>
      <Stack gap={1}>
        <Heading level={3} id={titleId}>
          {t('planChanges.change', {
            name: change.childName,
            run: t(`run.${change.run}`),
            route: change.routeName,
          })}
        </Heading>
        <Text>{fromLine(t, formatDate(change.effectiveFrom, 'longDayNoYear'), change.after)}</Text>
        {change.before && <Text tone="muted">{beforeLine(t, change.before)}</Text>}
        {change.acknowledgedAt && (
          <Alert tone="success">
            {t('planChanges.acknowledged', { name: change.acknowledgedByName ?? '' })}
          </Alert>
        )}
      </Stack>
      {!change.acknowledgedAt && (
        <CardActions>
          <Button
            busy={acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(change.id, {
                onSuccess: () => show(t('planChanges.done'), 'success'),
                onError: (error) => show(error instanceof ApiError ? error.message : String(error), 'error'),
              })
            }
          >
            {t('planChanges.acknowledge')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * Today's "Changes to acknowledge": each change of a child's stop or time for good, with an Acknowledge button
 * (decision 068). Nothing at all while there is none, or while the list cannot be read (Today's runs still show).
 */
export function PlanChangesCard() {
  const { t } = useT();
  const changes = usePlanChanges();
  if (!changes.data?.length) return null;
  return (
    <Stack gap={1}>
      <Heading level={2}>{t('planChanges.title')}</Heading>
      {changes.data.map((change) => (
        <ChangeView key={change.id} change={change} />
      ))}
    </Stack>
  );
}
