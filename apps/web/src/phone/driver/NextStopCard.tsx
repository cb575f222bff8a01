import { STOP_NOTE_MAX, type TripStop } from '@school-transport/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Dialog, Icon, PhotoButton, Stack, Text, TextArea, useToast } from '../kit';
import { useT } from '../i18n';
import { saveStopNote, saveStopPhoto } from './driver-api';
import { useDriverToken } from './driver-session';
import { navigationLink } from './navigation-link';
import { photoAsJpeg } from '../kit/photo-data';

/** The Navigate link: turn-by-turn directions in the phone's own maps app (navigation-link.ts). */
export function NavigateLink({ stop }: { stop: TripStop }) {
  const { t } = useT();
  return (
    <a
      className="sr-button"
      data-variant="outlined"
      data-tone="primary"
      href={navigationLink({ lat: stop.lat, lng: stop.lng, label: stop.name })}
      aria-label={t('nextStop.navigateLabel', { stop: stop.name })}
    >
      <Icon name="map" />
      {t('nextStop.navigate')}
    </a>
  );
}

/**
 * A stop's note rewritten by the driver driving through it now (the server checks that): online only, since
 * every driver of the stop reads it, and a refusal is said in the server's words.
 */
function EditNoteDialog({
  tripId,
  stop,
  open,
  onClose,
}: {
  tripId: string;
  stop: TripStop;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useT();
  const token = useDriverToken();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [note, setNote] = useState(stop.note ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (note.trim().length > STOP_NOTE_MAX) {
      setFieldError(t('stopNote.tooLong', { max: STOP_NOTE_MAX }));
      return;
    }
    setFieldError(null);
    setProblem(null);
    setBusy(true);
    try {
      await saveStopNote(token, tripId, stop.stopId!, { note });
      await queryClient.invalidateQueries({ queryKey: ['driver', 'trip', tripId] });
      toast(t('stopNote.saved'), 'success');
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={t('stopNote.title', { stop: stop.name })}
      actions={
        <>
          <Button variant="text" tone="neutral" onClick={onClose} disabled={busy}>
            {t('kit.cancel')}
          </Button>
          <Button variant="filled" busy={busy} onClick={() => void save()}>
            {t('stopNote.save')}
          </Button>
        </>
      }
    >
      <Stack gap={2}>
        {problem && <Alert tone="error">{problem}</Alert>}
        <TextArea
          label={t('stopNote.label')}
          hint={t('stopNote.hint', { max: STOP_NOTE_MAX })}
          error={fieldError ?? undefined}
          value={note}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </Stack>
    </Dialog>
  );
}

/**
 * "Add photo" / "Change photo": the driver driving through the stop takes one with the camera or chooses one (no
 * `capture`, so the phone offers both), made small on the phone and sent at once (online only, like the note);
 * the server checks it as the office's uploads and answers a refusal in words.
 */
function StopPhotoButton({ tripId, stop }: { tripId: string; stop: TripStop }) {
  const { t } = useT();
  const token = useDriverToken();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (file: File) => {
    setProblem(null);
    setBusy(true);
    try {
      await saveStopPhoto(token, tripId, stop.stopId!, await photoAsJpeg(file));
      await queryClient.invalidateQueries({ queryKey: ['driver', 'trip', tripId] });
      toast(t('nextStop.photoSaved'), 'success');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PhotoButton
        busy={busy}
        label={t('nextStop.photoLabel', { stop: stop.name })}
        onFile={(file) => void send(file)}
      >
        {stop.photoUrl ? t('nextStop.changePhoto') : t('nextStop.addPhoto')}
      </PhotoButton>
      {problem && <Alert tone="error">{problem}</Alert>}
    </>
  );
}

/**
 * What a driver new to the route needs of the next stop (issue 34, decision 058): its note and photo, kept current
 * by the office and the drivers through it, the Navigate link, and, while the trip runs, "Edit note" and a photo.
 */
export function NextStopDetails({
  tripId,
  stop,
  running,
}: {
  tripId: string;
  stop: TripStop;
  running: boolean;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  return (
    <div className="driver-next-stop">
      {stop.photoUrl && (
        <img
          className="driver-stop-photo"
          src={stop.photoUrl}
          alt={t('nextStop.photo', { stop: stop.name })}
        />
      )}
      <div>
        <Text size="small" tone="muted">
          {t('nextStop.note')}
        </Text>
        {stop.note ? (
          <p className="driver-stop-note">{stop.note}</p>
        ) : (
          <Text tone="muted">{t('nextStop.noNote')}</Text>
        )}
      </div>
      <div className="driver-next-stop-actions">
        <NavigateLink stop={stop} />
        {running && stop.stopId && (
          <Button
            variant="text"
            onClick={() => setEditing(true)}
            aria-label={t('nextStop.editNoteLabel', { stop: stop.name })}
          >
            {t('nextStop.editNote')}
          </Button>
        )}
        {running && stop.stopId && <StopPhotoButton tripId={tripId} stop={stop} />}
      </div>
      {editing && (
        <EditNoteDialog tripId={tripId} stop={stop} open={editing} onClose={() => setEditing(false)} />
      )}
    </div>
  );
}
