import type { TripStop } from '@school-transport/shared';
import { useId } from 'react';
import { Button } from '../kit';
import { useT } from '../i18n';

/**
 * The trip while the bus moves (issue 34, decision 058): the next stop, its note and how many children are due
 * there, in large type, and one control: "I've stopped: full view". Nothing else to tap, so nothing invites a look
 * longer than a glance; the full page comes back by itself when the bus slows (calm-driving.ts).
 */
export function CalmTripView({
  stop,
  dueCount,
  onShowFull,
}: {
  stop: TripStop | null;
  dueCount: number;
  onShowFull: () => void;
}) {
  const { t } = useT();
  const headingId = useId();
  return (
    <section className="driver-calm" aria-labelledby={headingId}>
      <h1 id={headingId} className="driver-calm-label">
        {t('calm.label')}
      </h1>
      {stop ? (
        <>
          <p className="driver-calm-kicker">{t('calm.nextStop')}</p>
          <p className="driver-calm-stop">{stop.name}</p>
          {stop.note && <p className="driver-calm-note">{stop.note}</p>}
          <p className="driver-calm-due" role="status">
            {t('calm.due', { count: dueCount })}
          </p>
        </>
      ) : (
        <p className="driver-calm-stop">{t('calm.noStop')}</p>
      )}
      <Button variant="outlined" fullWidth onClick={onShowFull}>
        {t('calm.showFull')}
      </Button>
    </section>
  );
}
