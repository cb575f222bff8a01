import type { ManifestRider, NoAdultRule } from '@school-transport/shared';
import { useState } from 'react';
import { Alert, Avatar, Button, Dialog, Text } from '../kit';
import { useT } from '../i18n';

interface HandOverDialogProps {
  /** The child being dropped off; the dialog is shown while it is set. */
  rider: ManifestRider | null;
  rule: NoAdultRule;
  /** The adult chosen received the child: record them as left, with who received them. */
  onReceived: (rider: ManifestRider, adultId: string) => void;
  /** Nobody authorized was there: the child stays on board, the office and family are told. */
  onNoAdult: (rider: ManifestRider) => void;
  onClose: () => void;
}

/**
 * Who received a child who must be handed over (decision 065): the driver chooses from the child's authorized
 * adults, photo by photo, before the child counts as left; or says that no authorized adult is at the stop, and is
 * shown the operator's rule for what to do with the child now.
 */
export function HandOverDialog({ rider, rule, onReceived, onNoAdult, onClose }: HandOverDialogProps) {
  const { t } = useT();
  const [kept, setKept] = useState<ManifestRider | null>(null);
  const shown = kept ?? rider;
  const close = () => {
    setKept(null);
    onClose();
  };
  if (!shown) return <Dialog open={false} onClose={close} title="" />;
  const adults = shown.handOver?.adults ?? [];
  if (kept)
    return (
      <Dialog
        open
        onClose={close}
        title={t('handOver.kept.title', { name: kept.name })}
        actions={
          <Button variant="filled" onClick={close}>
            {t('handOver.kept.done')}
          </Button>
        }
      >
        <Alert tone="warning">{t(`handOver.rule.${rule}`, { name: kept.name })}</Alert>
        <Text>{t('handOver.kept.told')}</Text>
      </Dialog>
    );
  return (
    <Dialog
      open
      onClose={close}
      title={t('handOver.title', { name: shown.name })}
      actions={
        <Button variant="text" tone="neutral" onClick={close}>
          {t('handOver.cancel')}
        </Button>
      }
    >
      <Text>{t('handOver.text', { name: shown.name })}</Text>
      {adults.length === 0 && <Alert tone="warning">{t('handOver.none', { name: shown.name })}</Alert>}
      <ul className="driver-handover-list" aria-label={t('handOver.listLabel', { name: shown.name })}>
        {adults.map((adult) => (
          <li key={adult.id}>
            <button
              type="button"
              className="driver-handover-adult"
              onClick={() => {
                onReceived(shown, adult.id);
                close();
              }}
            >
              <Avatar
                name={adult.name}
                src={adult.photo}
                size={72}
                label={t('handOver.photo', { name: adult.name })}
              />
              <span className="driver-row-text">
                <span className="driver-row-primary">{adult.name}</span>
                <span className="driver-row-secondary">{adult.relation}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Button
        variant="outlined"
        tone="danger"
        fullWidth
        onClick={() => {
          onNoAdult(shown);
          setKept(shown);
        }}
      >
        {t('handOver.noAdult')}
      </Button>
    </Dialog>
  );
}
