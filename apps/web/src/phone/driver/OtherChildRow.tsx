import { Button } from '../kit';
import { useT } from '../i18n';
import type { OtherChild } from './rider-state';
import { RiderStateChip } from './RiderRow';

/** How the driver sees a child who is not on the list: the server keeps other buses' children's names. */
export function useOtherChildLabel(child: OtherChild): { primary: string; secondary: string } {
  const { t } = useT();
  const card = child.tagId ? t('other.card', { tag: child.tagId }) : t('other.studentCard');
  if (child.flag === 'WRONG_BUS')
    return { primary: child.name ?? t('other.wrongBusName'), secondary: t('other.wrongBus', { card }) };
  return { primary: child.name ?? t('other.unknownName'), secondary: t('other.pending', { card }) };
}

interface OtherChildRowProps {
  child: OtherChild;
  /** Null while the trip is not running, or nothing to do: the row is then only read. */
  onLeave: (() => void) | null;
}

/** A child of another bus (or a card not yet checked) scanned on this trip: their state and a Leave action. */
export function OtherChildRow({ child, onLeave }: OtherChildRowProps) {
  const { t } = useT();
  const { primary, secondary } = useOtherChildLabel(child);
  return (
    <li className="driver-row">
      <div className="driver-row-main">
        <span className="driver-row-text">
          <span className="driver-row-primary">{primary}</span>
          <span className="driver-row-secondary">{secondary}</span>
        </span>
        <RiderStateChip state={child.state} />
      </div>
      {onLeave && child.state === 'ON_BUS' && (
        <div className="driver-row-actions">
          <Button variant="outlined" onClick={onLeave} aria-label={t('other.leaveLabel', { name: primary })}>
            {t('other.leave')}
          </Button>
        </div>
      )}
    </li>
  );
}
