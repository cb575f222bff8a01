import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS, STAFF_ROLES, type School } from '@school-transport/shared';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormSelectField } from '../../components/form/FormSelectField';
import { RESOURCES, useResourceList } from '../../lib/api/resource-api';

/** What each role may do, in a line: under the role's select, so the choice is made knowing it (decision 069). */
const ROLE_MEANING: Record<(typeof STAFF_ROLES)[number], string> = {
  admin: 'Everything, accounts and settings included.',
  dispatcher: 'Runs the day: live map, board, alerts, trips, covers, messages to families and the inbox.',
  viewer: 'Reads everything an administrator reads; changes nothing.',
  school_staff: 'Sees only their schools’ children and today’s runs.',
};
export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Schools are few (one operator's); the choice lists them all by name. */
const ALL_SCHOOLS = { page: 1, limit: 100, search: '' };

/**
 * The role select and, for school staff, their schools: shared by the invitation and the role change, both
 * validated by the shared schema (a school-staff user needs a school, the other roles none).
 */
export function StaffRoleFields<TValues extends FieldValues, TOutput>({
  control,
}: {
  control: Control<TValues, unknown, TOutput>;
}) {
  const role = useWatch({ control, name: 'role' as Path<TValues> }) as string;
  const schools = useResourceList<School>(RESOURCES.schools, ALL_SCHOOLS);
  return (
    <>
      <Grid size={{ xs: 12 }}>
        <FormSelectField
          control={control}
          name={'role' as Path<TValues>}
          label="Role"
          options={ROLE_OPTIONS}
          required
          helperText={ROLE_MEANING[role as keyof typeof ROLE_MEANING]}
        />
      </Grid>
      {role === 'school_staff' && (
        <Grid size={{ xs: 12 }}>
          <Controller
            control={control}
            name={'schoolIds' as Path<TValues>}
            render={({ field: { value, onChange, ref }, fieldState: { error } }) => (
              <Autocomplete
                multiple
                options={schools.rows}
                loading={schools.isPending}
                getOptionLabel={(school) => school.name}
                value={schools.rows.filter((school) => (value as string[]).includes(school.id))}
                onChange={(_event, chosen) => onChange(chosen.map((school) => school.id))}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={ref}
                    label="Schools"
                    required
                    error={error !== undefined || schools.isError}
                    helperText={
                      error?.message ??
                      (schools.isError ? 'The schools could not be loaded. Close and try again.' : undefined)
                    }
                  />
                )}
              />
            )}
          />
        </Grid>
      )}
    </>
  );
}
