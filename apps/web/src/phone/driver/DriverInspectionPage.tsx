import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { inspectionInputSchema, type InspectionItemInput } from '@school-transport/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ChoiceGroup,
  Heading,
  LinkButton,
  PageLoader,
  PhotoButton,
  RetryAlert,
  Stack,
  Text,
  TextArea,
  useToast,
} from '../kit';
import { useT } from '../i18n';
import { useUnsavedChanges } from '../shell/unsaved-changes';
import { fetchVehicleDays, vehicleDaysQueryKey } from './driver-api';
import { driverPaths } from './driver-paths';
import { useDriverToken } from './driver-session';
import { useDriverSync } from './driver-sync';
import { photoAsBase64 } from '../kit/photo-data';

/** The longest defect note the server takes (inspectionItemInputSchema). */
const NOTE_MAX = 500;

interface ItemState {
  ok: boolean | null;
  note: string;
  outOfService: boolean;
  photo: string | null;
}
const unchecked: ItemState = { ok: null, note: '', outOfService: false, photo: null };

/** Which answer an item still lacks, as a catalogue key. */
type ItemProblem = 'inspection.choose' | 'inspection.noteMissing';

function ChecklistItem({
  label,
  state,
  problem,
  onChange,
}: {
  label: string;
  state: ItemState;
  problem: ItemProblem | undefined;
  onChange: (next: ItemState) => void;
}) {
  const { t, language } = useT();
  const headingId = useId();
  // Inside a sentence ("What is wrong with brakes") the item's name is written in lower case where the language has one.
  const item = label.toLocaleLowerCase(language);
  const [photoProblem, setPhotoProblem] = useState(false);
  return (
    <Card as="section" labelledBy={headingId}>
      <Stack gap={2}>
        <Heading level={2} id={headingId}>
          {label}
        </Heading>
        <ChoiceGroup
          legend={label}
          options={[
            { value: 'ok', label: t('inspection.ok') },
            { value: 'defect', label: t('inspection.defect') },
          ]}
          value={state.ok === null ? '' : state.ok ? 'ok' : 'defect'}
          onChange={(value) => onChange({ ...state, ok: value === 'ok' })}
        />
        {problem === 'inspection.choose' && state.ok === null && (
          <Text tone="error" size="small">
            {t(problem)}
          </Text>
        )}
        {state.ok === false && (
          <>
            <TextArea
              label={t('inspection.note', { item })}
              value={state.note}
              required
              maxLength={NOTE_MAX}
              error={problem === 'inspection.noteMissing' ? t(problem) : undefined}
              onChange={(event) => onChange({ ...state, note: event.target.value })}
            />
            <Checkbox
              label={t('inspection.outOfService')}
              checked={state.outOfService}
              onChange={(event) => onChange({ ...state, outOfService: event.target.checked })}
            />
            <PhotoButton
              capture="environment"
              label={t('inspection.photo.label', { item: label })}
              onFile={(file) => {
                setPhotoProblem(false);
                photoAsBase64(file)
                  .then((photo) => onChange({ ...state, photo }))
                  .catch(() => setPhotoProblem(true));
              }}
            >
              {state.photo ? t('inspection.photo.replace') : t('inspection.photo.add')}
            </PhotoButton>
            {photoProblem && <Alert tone="warning">{t('inspection.photo.unreadable')}</Alert>}
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /driver/vehicles/:id/inspection: the vehicle's checklist, each item OK or a defect (a note, an optional photo,
 * out of service). Submitted into the outbox like scans: it is kept on the phone and sent when there is a signal;
 * its id is made here, so a send repeated after a lost answer is stored once.
 */
export function DriverInspectionPage() {
  const { t } = useT();
  const toast = useToast();
  const { id = '' } = useParams();
  const token = useDriverToken();
  const navigate = useNavigate();
  const { recordCheck } = useDriverSync();
  const days = useQuery({ queryKey: vehicleDaysQueryKey, queryFn: () => fetchVehicleDays(token) });
  const [inspectionId] = useState(() => crypto.randomUUID());
  const [items, setItems] = useState<Record<string, ItemState>>({});
  const [problems, setProblems] = useState<Record<string, ItemProblem>>({});
  const [saving, setSaving] = useState(false);
  // Items answered and not sent yet: leaving the screen asks first.
  useUnsavedChanges(Object.keys(items).length > 0 && !saving);

  if (days.isPending) return <PageLoader />;
  if (days.isError) return <RetryAlert error={days.error} onRetry={() => void days.refetch()} />;
  const vehicle = days.data.data.find((row) => row.vehicleId === id);
  if (!vehicle?.checklist) {
    return (
      <Stack gap={3}>
        <Heading level={1}>{t('inspection.notNeeded')}</Heading>
        <LinkButton to={driverPaths.today} icon="back" variant="outlined">
          {t('nav.backToToday')}
        </LinkButton>
      </Stack>
    );
  }
  const checklist = vehicle.checklist;

  const submit = async () => {
    const input = {
      inspectionId,
      vehicleId: vehicle.vehicleId,
      completedAt: new Date().toISOString(),
      items: checklist.map((item): InspectionItemInput => {
        const state = items[item.id] ?? unchecked;
        return {
          itemId: item.id,
          ok: state.ok ?? true,
          note: state.ok === false ? state.note : null,
          outOfService: state.ok === false && state.outOfService,
          photo: state.ok === false ? state.photo : null,
        };
      }),
    };
    const found: Record<string, ItemProblem> = {};
    for (const item of checklist) {
      if ((items[item.id] ?? unchecked).ok === null) found[item.id] = 'inspection.choose';
    }
    const parsed = inspectionInputSchema.safeParse(input);
    if (!parsed.success) {
      // The fields' limits keep every other rule: what is left is a defect without its description.
      for (const issue of parsed.error.issues) {
        const [, index] = issue.path;
        const item = typeof index === 'number' ? checklist[index] : undefined;
        if (item && !found[item.id]) found[item.id] = 'inspection.noteMissing';
      }
    }
    setProblems(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await recordCheck({ kind: 'inspection', input });
      toast(t('inspection.saved', { plate: vehicle.licensePlate }), 'success');
      navigate(driverPaths.today);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap={3}>
      <Heading level={1}>{t('inspection.title', { plate: vehicle.licensePlate })}</Heading>
      {vehicle.inspectedToday && <Alert tone="info">{t('inspection.again')}</Alert>}
      {checklist.map((item) => (
        <ChecklistItem
          key={item.id}
          label={item.label}
          state={items[item.id] ?? unchecked}
          problem={problems[item.id]}
          onChange={(next) => setItems((current) => ({ ...current, [item.id]: next }))}
        />
      ))}
      {Object.keys(problems).length > 0 && <Alert tone="error">{t('inspection.incomplete')}</Alert>}
      <Button variant="filled" fullWidth busy={saving} onClick={() => void submit()}>
        {t('inspection.submit')}
      </Button>
    </Stack>
  );
}
