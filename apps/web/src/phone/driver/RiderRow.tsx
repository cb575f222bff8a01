import type { ManifestRider, RiderState, RidershipKind } from '@school-transport/shared';
import { useId, useState } from 'react';
import { Avatar, Button, Chip } from '../kit';
import { useT } from '../i18n';

const STATE_TONES = {
  WAITING: 'neutral',
  ON_BUS: 'info',
  LEFT: 'success',
  NO_SHOW: 'warning',
  ABSENT: 'neutral',
} as const satisfies Record<RiderState, string>;

/** A child's state on this trip as a chip. */
export function RiderStateChip({ state }: { state: RiderState }) {
  const { t } = useT();
  return <Chip tone={STATE_TONES[state]}>{t(`rider.state.${state}`)}</Chip>;
}

interface RiderRowProps {
  rider: ManifestRider;
  state: RiderState;
  /** Null while the trip is not running: the row is then only read. */
  onRecord: ((kind: RidershipKind) => void) | null;
  /** The child must be handed to an authorized adult at drop-off (decision 065). */
  handOver?: boolean;
  /** Kept on board for want of an authorized adult: at this stop (null: a stop not known); undefined: not kept. */
  keptAt?: string | null;
}

/**
 * A child in the manifest. While the trip runs, a tap on the row shows Board / Leave the bus / Did not show up
 * below it (a disclosure, not a floating menu: at 200 % text a menu would cover the list it belongs to).
 */
export function RiderRow({ rider, state, onRecord, handOver = false, keptAt }: RiderRowProps) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const actionsId = useId();
  const choose = (kind: RidershipKind) => {
    setOpen(false);
    onRecord?.(kind);
  };
  const content = (
    <>
      <Avatar name={rider.name} src={rider.photoUrl} size={48} />
      <span className="driver-row-text">
        <span className="driver-row-primary">{rider.name}</span>
        <span className="driver-row-secondary">
          {rider.absent ? t('rider.notRiding', { class: rider.class }) : rider.class}
        </span>
        {/* The office's note for this child on this date, from a guardian's message (decision 067). */}
        {rider.officeNote && (
          <span className="driver-row-secondary driver-row-note">
            {t('rider.officeNote', { note: rider.officeNote })}
          </span>
        )}
        {keptAt !== undefined ? (
          <span className="driver-row-secondary">
            {keptAt ? t('rider.keptOnBoard', { stop: keptAt }) : t('rider.keptOnBoardNoStop')}
          </span>
        ) : (
          handOver && <span className="driver-row-secondary">{t('rider.handOver')}</span>
        )}
      </span>
      <RiderStateChip state={state} />
    </>
  );
  if (!onRecord) {
    return (
      <li className="driver-row">
        <div className="driver-row-main">{content}</div>
      </li>
    );
  }
  return (
    <li className="driver-row">
      <button
        type="button"
        className="driver-row-main driver-row-button"
        aria-expanded={open}
        aria-controls={actionsId}
        aria-label={
          rider.officeNote
            ? t('rider.openWithNote', {
                name: rider.name,
                state: t(`rider.state.${state}`),
                note: rider.officeNote,
              })
            : t('rider.open', { name: rider.name, state: t(`rider.state.${state}`) })
        }
        onClick={() => setOpen((current) => !current)}
      >
        {content}
      </button>
      <div id={actionsId} className="driver-row-actions" hidden={!open}>
        <Button variant="filled" disabled={state === 'ON_BUS'} onClick={() => choose('BOARD')}>
          {t('rider.board')}
        </Button>
        <Button variant="outlined" disabled={state !== 'ON_BUS'} onClick={() => choose('ALIGHT')}>
          {t('rider.leave')}
        </Button>
        <Button
          variant="outlined"
          tone="neutral"
          disabled={state === 'ON_BUS' || state === 'LEFT'}
          onClick={() => choose('NO_SHOW')}
        >
          {t('rider.noShow')}
        </Button>
      </div>
    </li>
  );
}
