import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ROSTER_VERSIONS,
  rosterSourceInputSchema,
  type RosterSource,
  type RosterSourceInput,
} from '@school-transport/shared';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { FormProblems } from '../../components/form/FormProblems';
import { FormSelectField } from '../../components/form/FormSelectField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { TitledPanel } from '../../components/page/TitledPanel';
import { useSaveRosterSource } from './roster-sync-api';

const FIELDS: readonly FieldSpec<RosterSourceInput>[] = [
  { name: 'baseUrl', label: 'Service address', span: 12, helperText: 'Before /ims/oneroster/…' },
  { name: 'tokenUrl', label: 'Token endpoint', span: 12 },
  { name: 'clientId', label: 'Client id' },
  { name: 'clientSecret', label: 'Client secret', type: 'password' },
  { name: 'everyHours', label: 'Sync every (hours)', helperText: 'Blank: only when you run it' },
];
const FIELD_NAMES = [...FIELDS.map((field) => field.name), 'version' as const];

const formValues = (source: RosterSource | null): RosterSourceInput => ({
  baseUrl: source?.baseUrl ?? '',
  version: source?.version ?? '1.1',
  tokenUrl: source?.tokenUrl ?? '',
  clientId: source?.clientId ?? '',
  clientSecret: '',
  everyHours: source?.everyHours ? String(source.everyHours) : '',
});

/** The OneRoster endpoint, its OAuth 2 client credentials (the secret is never shown back) and its schedule. */
export function RosterSourceForm({ source }: { source: RosterSource | null }) {
  const save = useSaveRosterSource();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(
    rosterSourceInputSchema,
    formValues(source),
    // Only where the sync reads from: leaving with it half typed loses nothing of the records.
    { guardLeaving: false },
  );
  return (
    <TitledPanel title="OneRoster endpoint">
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={submitWith(async (payload) => {
          try {
            await save.mutateAsync(payload);
          } catch (error) {
            if (showServerFieldErrors(error, FIELD_NAMES, control.setError)) return;
            throw error;
          }
        })}
      >
        <FormProblems problems={problems} />
        <FormSelectField
          control={control}
          name="version"
          label="OneRoster version"
          required
          options={ROSTER_VERSIONS.map((version) => ({ value: version, label: `OneRoster ${version}` }))}
        />
        <FieldGrid control={control} schema={rosterSourceInputSchema} fields={FIELDS} />
        {source?.secretSet && (
          <Typography variant="body2" color="text.secondary">
            A client secret is stored; leave the field blank to keep it.
          </Typography>
        )}
        <div>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Save endpoint
          </Button>
        </div>
      </Stack>
    </TitledPanel>
  );
}
