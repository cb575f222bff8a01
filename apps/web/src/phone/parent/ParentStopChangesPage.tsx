import {
  STOP_CHANGE_RUNS,
  WEEKDAYS,
  stopChangeInputSchema,
  stopChangeRequestOf,
  stopsServing,
  stopTargetKey,
  type StopChange,
  type StopChangeKind,
  type StopChangeRun,
  type StopChangeState,
} from '@school-transport/shared';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { localToday } from '../../lib/time/format';
import { useT, type Translation } from '../i18n';
import {
  Alert,
  Button,
  Checkbox,
  ChoiceGroup,
  Chip,
  ConfirmDialog,
  Heading,
  RetryAlert,
  SelectField,
  Stack,
  Text,
  TextArea,
  TextField,
  useToast,
  type Tone,
} from '../kit';
import { cutoffText } from './AbsenceDialog';
import { ChildSelect, FamilyRequestScreen, RequestList } from './FamilyRequestScreen';
import { useParentChildren, useParentSettings } from './parent-api';
import {
  useRequestStopChange,
  useStopChangeRequests,
  useStopOptions,
  useWithdrawStopChange,
} from './parent-stop-changes-api';

const STATE_TONES: Record<StopChangeState, Tone | 'neutral'> = {
  REQUESTED: 'warning',
  APPROVED: 'success',
  DECLINED: 'error',
  WITHDRAWN: 'neutral',
};

/** The schema's fields, each with the words a parent reads when it is not right (its own are English). */
const FIELD_ERRORS: Record<string, string> = {
  studentId: 'stopChanges.error.child',
  date: 'stopChanges.error.date',
  weekdays: 'stopChanges.error.weekdays',
  validFrom: 'stopChanges.error.date',
  validUntil: 'stopChanges.error.until',
  assignmentId: 'stopChanges.error.stop',
  stopId: 'stopChanges.error.stop',
  note: 'stopChanges.error.note',
};

/** An ISO weekday's name in the parent's language: 1 January 2024 was a Monday. */
const weekdayIn = (language: string, day: number) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );

/** When a change holds, in the parent's words: a date, or the weekdays with their first and last days. */
export function whenText(change: StopChange, { t, language, formatDate }: Translation): string {
  if (change.kind === 'ONE_OFF') return formatDate(change.date!, 'shortDate');
  const days = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    (change.weekdays ?? []).map((day) => weekdayIn(language, day)),
  );
  return [
    t('stopChanges.weekly', { days }),
    change.validFrom && t('stopChanges.weeklyFrom', { date: formatDate(change.validFrom, 'shortDate') }),
    change.validUntil && t('stopChanges.weeklyUntil', { date: formatDate(change.validUntil, 'shortDate') }),
  ]
    .filter(Boolean)
    .join(' ');
}

function RequestForm() {
  const words = useT();
  const { t, language } = words;
  const show = useToast();
  const today = localToday();
  const { data: family } = useParentChildren();
  const { data: settings } = useParentSettings();
  const options = useStopOptions();
  const send = useRequestStopChange();
  const children = family?.children ?? [];
  const [studentId, setStudentId] = useState('');
  const [kind, setKind] = useState<StopChangeKind>('ONE_OFF');
  const [date, setDate] = useState(today);
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [run, setRun] = useState<StopChangeRun>('DROP');
  const [target, setTarget] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const childId = studentId || (children.length === 1 ? children[0]!.id : '');
  const child = children.find((row) => row.id === childId);
  const cutoff = child && kind === 'ONE_OFF' ? cutoffText(child, settings, words) : null;
  const served = stopsServing(options.data ?? [], run);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = stopChangeInputSchema.safeParse(
      stopChangeRequestOf({
        studentId: childId,
        kind,
        date,
        weekdays,
        validFrom,
        validUntil,
        run,
        target,
        note,
      }),
    );
    const found: Record<string, string> = {};
    if (parsed.success) {
      if (kind === 'ONE_OFF' && date < today) found.date = t('stopChanges.error.date');
    } else
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        const shown = field === 'assignmentId' ? 'stopId' : field;
        found[shown] ??= t(FIELD_ERRORS[field] ?? 'stopChanges.error.stop');
      }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) return;
    setRefusal(null);
    try {
      await send.mutateAsync(parsed.data);
      show(t('stopChanges.sent', { name: child?.name ?? '' }), 'success');
      setTarget('');
      setNote('');
    } catch (error) {
      // After the cut-off the server's refusal gives the office's phone: it is the one thing to read.
      setRefusal(
        error instanceof ApiError && error.status !== 0 ? error.message : t('kit.cannotReachServer'),
      );
    }
  };

  const toggleDay = (day: number) =>
    setWeekdays((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort()));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="stop-change-new">
      <Stack gap={2}>
        <Heading level={2} id="stop-change-new">
          {t('stopChanges.new')}
        </Heading>
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <ChildSelect family={children} value={studentId} onChange={setStudentId} error={errors.studentId} />
        <ChoiceGroup
          legend={t('stopChanges.kind')}
          value={kind}
          onChange={(value) => setKind(value as StopChangeKind)}
          options={(['ONE_OFF', 'WEEKLY'] as const).map((value) => ({
            value,
            label: t(`stopChanges.kind.${value}`),
          }))}
        />
        {kind === 'ONE_OFF' ? (
          <TextField
            label={t('stopChanges.date')}
            type="date"
            min={today}
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
            error={errors.date}
          />
        ) : (
          <>
            <fieldset className="sr-field">
              <legend className="sr-field-label">{t('stopChanges.weekdays')}</legend>
              {WEEKDAYS.map((day) => (
                <Checkbox
                  key={day}
                  label={weekdayIn(language, day)}
                  checked={weekdays.includes(day)}
                  onChange={() => toggleDay(day)}
                />
              ))}
              {errors.weekdays && (
                <Text tone="error" size="small">
                  {errors.weekdays}
                </Text>
              )}
            </fieldset>
            <TextField
              label={t('stopChanges.from')}
              type="date"
              min={today}
              value={validFrom}
              onChange={(event) => setValidFrom(event.target.value)}
              error={errors.validFrom}
            />
            <TextField
              label={t('stopChanges.until')}
              type="date"
              min={validFrom || today}
              value={validUntil}
              onChange={(event) => setValidUntil(event.target.value)}
              error={errors.validUntil}
            />
          </>
        )}
        <SelectField
          label={t('absence.run')}
          required
          value={run}
          onChange={(event) => {
            setRun(event.target.value as StopChangeRun);
            setTarget('');
          }}
          options={STOP_CHANGE_RUNS.map((value) => ({ value, label: t(`absence.run.${value}`) }))}
        />
        {options.isError ? (
          <RetryAlert error={options.error} onRetry={() => void options.refetch()} />
        ) : (
          <SelectField
            label={t('stopChanges.stop')}
            required
            disabled={options.isPending}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            error={errors.stopId}
            hint={options.isSuccess && served.length === 0 ? t('stopChanges.noStops') : undefined}
            options={[
              { value: '', label: t('stopChanges.chooseStop') },
              ...served.map((option) => ({
                value: stopTargetKey(option),
                label: t('stopChanges.stopOption', { route: option.routeName, stop: option.stopName }),
              })),
            ]}
          />
        )}
        <TextArea
          label={t('stopChanges.note')}
          value={note}
          maxLength={300}
          onChange={(event) => setNote(event.target.value)}
          error={errors.note}
        />
        {cutoff && <Text size="small">{cutoff}</Text>}
        <div>
          <Button type="submit" busy={send.isPending}>
            {t('stopChanges.send')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function Requests() {
  const words = useT();
  const { t } = words;
  const show = useToast();
  const requests = useStopChangeRequests();
  const withdraw = useWithdrawStopChange();
  const [withdrawing, setWithdrawing] = useState<StopChange | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirmWithdraw = async () => {
    setRefusal(null);
    try {
      await withdraw.mutateAsync(withdrawing!.id);
      show(t('stopChanges.withdrawn'), 'success');
    } catch (error) {
      setRefusal(
        error instanceof ApiError && error.status !== 0 ? error.message : t('kit.cannotReachServer'),
      );
    } finally {
      setWithdrawing(null);
    }
  };

  const content = (
    <RequestList
      requests={requests}
      emptyText={t('stopChanges.empty')}
      label={t('stopChanges.listLabel')}
      end={(change) => <Chip tone={STATE_TONES[change.state]}>{t(`stopChanges.state.${change.state}`)}</Chip>}
      item={(change) => (
        <>
          <Text>
            {t('stopChanges.entry', {
              name: change.studentName,
              run: t(`absence.run.${change.run}`),
            })}
          </Text>
          <Text tone="muted" size="small">
            {whenText(change, words)}
          </Text>
          <Text tone="muted" size="small">
            {t('stopChanges.to', { route: change.to.routeName ?? '', stop: change.to.stopName ?? '' })}
          </Text>
          {change.reason && <Text size="small">{t('stopChanges.reason', { reason: change.reason })}</Text>}
          {change.state === 'REQUESTED' && (
            <div>
              <Button variant="text" tone="danger" onClick={() => setWithdrawing(change)}>
                {t('stopChanges.withdraw')}
              </Button>
            </div>
          )}
        </>
      )}
    />
  );

  return (
    <Stack gap={2} align="stretch">
      <Heading level={2}>{t('stopChanges.mine')}</Heading>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {content}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('stopChanges.withdrawTitle')}
        message={t('stopChanges.withdrawMessage')}
        confirmLabel={t('stopChanges.withdraw')}
        tone="danger"
        busy={withdraw.isPending}
        onConfirm={() => void confirmWithdraw()}
        onCancel={() => setWithdrawing(null)}
      />
    </Stack>
  );
}

/**
 * /parent/stop-changes (decision 057): ask the office for another stop for a child on one date or on some
 * weekdays, from the stops the server offers, and follow the requests: waiting, approved, declined (with the
 * office's reason) or withdrawn; one still waiting can be withdrawn.
 */
export function ParentStopChangesPage() {
  const { t } = useT();
  return (
    <FamilyRequestScreen
      title={t('stopChanges.title')}
      intro={t('stopChanges.intro')}
      form={<RequestForm />}
      requests={<Requests />}
    />
  );
}
