import {
  GUARDIAN_RELATIONS,
  guardianRequestInputSchema,
  type GuardianRelation,
  type GuardianRequestState,
} from '@school-transport/shared';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { useT, type Translation } from '../i18n';
import {
  Alert,
  Button,
  Chip,
  Heading,
  SelectField,
  Stack,
  Text,
  TextField,
  useToast,
  type Tone,
} from '../kit';
import { ChildSelect, FamilyRequestScreen, RequestList } from './FamilyRequestScreen';
import { useParentChildren } from './parent-api';
import { useGuardianRequests, useRequestGuardian } from './parent-guardians-api';

const STATE_TONES: Record<GuardianRequestState, Tone> = {
  REQUESTED: 'warning',
  APPROVED: 'success',
  DECLINED: 'error',
};

type Field = 'studentId' | 'name' | 'email' | 'phone' | 'relation';
const TEXT_FIELDS = [
  { name: 'name', type: 'text', autoComplete: 'off' },
  { name: 'email', type: 'email', autoComplete: 'off' },
  { name: 'phone', type: 'tel', autoComplete: 'off' },
] as const;

/**
 * The shared schema checks the request as the server does; its messages are English, so each problem is said in
 * the guardian's language from what the schema found (missing, too long, not an e-mail, not a phone number).
 */
function problemsOf(values: Record<Field, string>, t: Translation['t']) {
  const parsed = guardianRequestInputSchema.safeParse(values);
  const found: Partial<Record<Field, string>> = {};
  if (parsed.success) return { input: parsed.data, found };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (found[field]) continue;
    if (field === 'studentId') found.studentId = t('guardians.error.child');
    else if (field === 'relation') found.relation = t('form.required', { field: t('guardians.relation') });
    else {
      const label = t(`guardians.${field}`);
      if (issue.code === 'too_small' || values[field].trim() === '')
        found[field] = t('form.required', { field: label });
      else if (issue.code === 'too_big')
        found[field] = t('form.tooLong', { field: label, max: Number(issue.maximum) });
      else if (field === 'email') found.email = t('guardians.emailFormat');
      else found[field] = t('contact.phoneFormat', { field: label });
    }
  }
  return { input: null, found };
}

const EMPTY_VALUES = { studentId: '', name: '', email: '', phone: '', relation: '' };

function InviteForm() {
  const { t } = useT();
  const show = useToast();
  const { data: family } = useParentChildren();
  const send = useRequestGuardian();
  const children = family?.children ?? [];
  const [values, setValues] = useState<Record<Field, string>>(EMPTY_VALUES);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One child needs no choosing.
  const studentId = values.studentId || (children.length === 1 ? children[0]!.id : '');
  const set = (field: Field, value: string) => setValues((before) => ({ ...before, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { input, found } = problemsOf({ ...values, studentId }, t);
    setErrors(found);
    if (!input) return;
    setRefusal(null);
    setBusy(true);
    try {
      await send.mutateAsync(input);
      show(t('guardians.sent', { name: input.name }), 'success');
      setValues(EMPTY_VALUES);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) {
        // A field the server names shows at that field; anything else above the form.
        const placed = error.errors.filter((item) => item.field && item.field in EMPTY_VALUES);
        setErrors(Object.fromEntries(placed.map((item) => [item.field, item.message])));
        if (placed.length === 0) setRefusal(error.message);
      } else setRefusal(t('kit.cannotReachServer'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="guardian-new">
      <Stack gap={2}>
        <Heading level={2} id="guardian-new">
          {t('guardians.new')}
        </Heading>
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <ChildSelect
          family={children}
          value={studentId}
          onChange={(childId) => set('studentId', childId)}
          error={errors.studentId}
        />
        {TEXT_FIELDS.map(({ name, type, autoComplete }) => (
          <TextField
            key={name}
            label={t(`guardians.${name}`)}
            type={type}
            autoComplete={autoComplete}
            required
            value={values[name]}
            onChange={(event) => set(name, event.target.value)}
            error={errors[name]}
          />
        ))}
        <SelectField
          label={t('guardians.relation')}
          required
          value={values.relation}
          onChange={(event) => set('relation', event.target.value)}
          error={errors.relation}
          options={[
            { value: '', label: '' },
            ...GUARDIAN_RELATIONS.map((relation: GuardianRelation) => ({
              value: relation,
              label: t(`relation.${relation}`),
            })),
          ]}
        />
        <div>
          <Button type="submit" busy={busy}>
            {t('guardians.send')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function Requests() {
  const { t } = useT();
  const requests = useGuardianRequests();
  const content = (
    <RequestList
      requests={requests}
      emptyText={t('guardians.empty')}
      label={t('guardians.listLabel')}
      end={(request) => (
        <Chip tone={STATE_TONES[request.state]}>{t(`guardians.state.${request.state}`)}</Chip>
      )}
      item={(request) => (
        <>
          <Text>
            {t('guardians.entry', {
              name: request.name,
              relation: t(`relation.${request.relation}`),
              child: request.studentName,
            })}
          </Text>
          {request.reason && (
            <Text tone="muted" size="small">
              {t('guardians.reason', { reason: request.reason })}
            </Text>
          )}
        </>
      )}
    />
  );
  return (
    <Stack gap={2} align="stretch">
      <Heading level={2}>{t('guardians.mine')}</Heading>
      {content}
    </Stack>
  );
}

/** Other guardians (decision 064): ask the office for another guardian of a child, and follow those requests. */
export function ParentGuardiansPage() {
  const { t } = useT();
  return (
    <FamilyRequestScreen
      title={t('guardians.title')}
      intro={t('guardians.intro')}
      form={<InviteForm />}
      requests={<Requests />}
    />
  );
}
