import {
  parentProfileInputSchema,
  type ParentProfile,
  type ParentProfileInput,
} from '@school-transport/shared';
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api/api-client';
import { useT, type Translation } from '../i18n';
import { Alert, Button, PageLoader, RetryAlert, Stack, Text, TextArea, TextField, useToast } from '../kit';
import { Panel } from './Panel';
import { useParentProfile, useSaveParentProfile } from './parent-api';
import { useUnsavedChanges } from './unsaved-changes';

type ContactValues = z.output<typeof parentProfileInputSchema>;
type ContactField = keyof ParentProfileInput;

/**
 * The parent's own details, so the browser may suggest them (the office's forms hold other people's, and do
 * not). Phones get the phone keypad.
 */
const FIELDS: readonly { name: ContactField; type?: 'tel'; autoComplete: string; multiline?: boolean }[] = [
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'alternativePhone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', autoComplete: 'street-address', multiline: true },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'state', autoComplete: 'address-level1' },
  { name: 'pinCode', autoComplete: 'postal-code' },
];

const isContactField = (name: unknown): name is ContactField =>
  typeof name === 'string' && name in parentProfileInputSchema.shape;

/** The form's values of a profile: a city the record lacks is an empty field. */
const contactOf = (profile: ParentProfile): ParentProfileInput => ({
  phone: profile.phone,
  alternativePhone: profile.alternativePhone,
  address: profile.address,
  city: profile.city ?? '',
  state: profile.state,
  pinCode: profile.pinCode,
});

/**
 * The shared schema checks the fields as the server does; its messages are English, so each problem is said again
 * in the parent's language from what the schema found (missing, too long, not a phone number, …).
 */
function contactResolver(t: Translation['t']): Resolver<ParentProfileInput, unknown, ContactValues> {
  return async (values) => {
    const result = parentProfileInputSchema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<ParentProfileInput> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (!isContactField(field) || errors[field]) continue;
      const label = t(`contact.${field}`);
      let message = issue.message;
      if (issue.code === 'too_small') message = t('form.required', { field: label });
      else if (issue.code === 'too_big')
        message = t('form.tooLong', { field: label, max: Number(issue.maximum) });
      else if (field === 'phone' || field === 'alternativePhone')
        message = t('contact.phoneFormat', { field: label });
      else if (field === 'pinCode') message = t('contact.pinCodeFormat', { field: label });
      errors[field] = { type: issue.code, message };
    }
    return { values: {}, errors };
  };
}

/**
 * Puts each of the server's refusals of a field next to that field (the first one focused, so a phone scrolls to
 * it), and answers what no field can show: the server's message when it named no field, or a connection problem.
 */
function placeServerProblems(
  error: unknown,
  setError: UseFormSetError<ParentProfileInput>,
  cannotReach: string,
): string[] {
  if (!(error instanceof ApiError) || error.status === 0) return [cannotReach];
  const placed = error.errors.filter((item) => isContactField(item.field));
  placed.forEach((item, index) =>
    setError(
      item.field as ContactField,
      { type: 'server', message: item.message },
      { shouldFocus: index === 0 },
    ),
  );
  const unplaced = error.errors.filter((item) => !isContactField(item.field)).map((item) => item.message);
  if (unplaced.length > 0) return unplaced;
  return placed.length > 0 ? [] : [error.message];
}

function ContactDetailsForm({ saved }: { saved: ParentProfile }) {
  const { t } = useT();
  const save = useSaveParentProfile();
  const show = useToast();
  const resolver = useMemo(() => contactResolver(t), [t]);
  // The server's refusals must reach the fields, not only an alert above the form.
  const form = useForm<ParentProfileInput, unknown, ContactValues>({
    resolver,
    defaultValues: contactOf(saved),
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const [problems, setProblems] = useState<string[]>([]);
  useUnsavedChanges(isDirty && !isSubmitting);

  const submit = form.handleSubmit(
    async (input) => {
      setProblems([]);
      try {
        const answer = await save.mutateAsync(input);
        // What the server stored (trimmed, a blank city as none) is what the form shows from now on.
        form.reset(answer.data ? contactOf(answer.data) : input);
        show(t('contact.saved'), 'success');
      } catch (error) {
        setProblems(placeServerProblems(error, form.setError, t('kit.cannotReachServer')));
      }
    },
    // The fields say what is wrong with them; an earlier refusal of the server no longer applies.
    () => setProblems([]),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap={2}>
        {problems.length > 0 && (
          <Alert tone="error">
            {problems.map((problem) => (
              <Text key={problem}>{problem}</Text>
            ))}
          </Alert>
        )}
        {FIELDS.map(({ name, type, autoComplete, multiline }) => {
          const common = {
            label: t(`contact.${name}`),
            autoComplete,
            required: name !== 'city',
            error: errors[name]?.message,
            ...form.register(name),
          };
          return multiline ? (
            <TextArea key={name} {...common} />
          ) : (
            <TextField key={name} type={type ?? 'text'} {...common} />
          );
        })}
        <div>
          <Button type="submit" busy={isSubmitting}>
            {t('contact.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** The Account page's contact details: the office's name and e-mail to read, the rest the parent keeps up. */
export function ContactDetailsPanel() {
  const { t } = useT();
  const profile = useParentProfile();
  return (
    <Panel title={t('contact.title')}>
      {profile.isPending ? (
        <PageLoader />
      ) : profile.isError ? (
        <RetryAlert error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <Stack gap={2}>
          <dl className="parent-facts">
            <div>
              <dt>{t('contact.name')}</dt>
              <dd>{profile.data.name}</dd>
            </div>
            <div>
              <dt>{t('contact.email')}</dt>
              <dd>{profile.data.email}</dd>
            </div>
          </dl>
          <Text tone="muted" size="small">
            {t('contact.readOnly')}
          </Text>
          <ContactDetailsForm saved={profile.data} />
        </Stack>
      )}
    </Panel>
  );
}
