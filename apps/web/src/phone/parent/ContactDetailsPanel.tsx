import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  parentProfileInputSchema,
  type ParentProfile,
  type ParentProfileInput,
} from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { FactList } from '../../components/record/FactList';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { PageForm } from '../../components/form/PageForm';
import { serverProblems } from '../../components/form/useSchemaForm';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { TitledPanel } from '../../components/page/TitledPanel';
import { ApiError } from '../../lib/api/api-client';
import { useParentProfile, useSaveParentProfile } from './parent-api';

type ContactValues = z.output<typeof parentProfileInputSchema>;
type ContactField = keyof ParentProfileInput;

/**
 * The parent's own details, so the browser may suggest them (the office's forms hold other people's, and do
 * not). Phones get the phone keypad.
 */
const FIELDS: readonly FieldSpec<ParentProfileInput>[] = [
  { name: 'phone', label: 'Phone No', type: 'tel', autoComplete: 'tel' },
  { name: 'alternativePhone', label: 'Alternative Phone No', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', multiline: true, span: 12 },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'pinCode', label: 'ZIP Code', autoComplete: 'postal-code' },
];

const isContactField = (name: string | undefined): name is ContactField =>
  name !== undefined && name in parentProfileInputSchema.shape;

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
 * Puts each of the server's refusals of a field next to that field (the first one focused, so a phone scrolls to
 * it), and answers what no field can show: the server's message when it named no field, or a connection problem.
 */
function placeServerProblems(error: unknown, setError: UseFormSetError<ParentProfileInput>): string[] {
  if (!(error instanceof ApiError)) return serverProblems(error);
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
  const save = useSaveParentProfile();
  const { enqueueSnackbar } = useSnackbar();
  // react-hook-form directly rather than useSchemaForm: the server's refusals must reach the fields, not only the
  // alert above the form.
  const form = useForm<ParentProfileInput, unknown, ContactValues>({
    resolver: zodResolver(parentProfileInputSchema),
    defaultValues: contactOf(saved),
  });
  const [problems, setProblems] = useState<string[]>([]);

  const submit = form.handleSubmit(
    async (input) => {
      setProblems([]);
      try {
        const answer = await save.mutateAsync(input);
        // What the server stored (trimmed, a blank city as none) is what the form shows from now on.
        form.reset(answer.data ? contactOf(answer.data) : input);
        enqueueSnackbar(answer.message ?? 'Your contact details have been saved.', { variant: 'success' });
      } catch (error) {
        setProblems(placeServerProblems(error, form.setError));
      }
    },
    // The fields say what is wrong with them; an earlier refusal of the server no longer applies.
    () => setProblems([]),
  );

  return (
    <PageForm
      submitLabel="Save contact details"
      problems={problems}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
    >
      <FieldGrid control={form.control} schema={parentProfileInputSchema} fields={FIELDS} />
    </PageForm>
  );
}

/** The Account page's contact details: the office's name and e-mail to read, the rest the parent keeps up. */
export function ContactDetailsPanel() {
  const profile = useParentProfile();
  return (
    <TitledPanel title="Contact details">
      {profile.isPending ? (
        <PageLoader />
      ) : profile.isError ? (
        <RetryAlert error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <Stack spacing={2}>
          <FactList
            facts={[
              ['Name', profile.data.name],
              ['E-mail', profile.data.email],
            ]}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Your name and e-mail are the school’s record of who follows your children, and your e-mail is how
            you sign in. To change them, please ask the school office.
          </Typography>
          <ContactDetailsForm saved={profile.data} />
        </Stack>
      )}
    </TitledPanel>
  );
}
