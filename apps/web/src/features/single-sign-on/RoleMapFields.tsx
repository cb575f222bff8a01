import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, STAFF_ROLES } from '@school-transport/shared/roles';
import type { SsoProviderInput } from '@school-transport/shared';
import { useFieldArray, useFormState, type Control } from 'react-hook-form';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormTextField } from '../../components/form/FormTextField';

/** The most rows the shared schema takes (ssoRoleMapSchema). */
const MAX_ROWS = 20;

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * A provider's role mapping (decisions 070, 077): rows of a claim value and the office role it gives, the first
 * row whose value the person's claim holds winning. Validated by the shared schema the API uses; each problem
 * shows beside its field (a value given twice, a map without its claim).
 */
export function RoleMapFields<TOutput>({
  control,
}: {
  control: Control<SsoProviderInput, unknown, TOutput>;
}) {
  const rows = useFieldArray({ control, name: 'roleMap' });
  const { errors } = useFormState({ control, name: 'roleMap' });
  const listProblem = errors.roleMap?.root?.message ?? errors.roleMap?.message;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Roles from the claim
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        At each sign-in the first row whose value the person’s claim holds gives their role. No row matches:
        they keep the role given on the Staff users screen. School staff keep their schools from there.
      </Typography>
      <Stack spacing={2}>
        {rows.fields.map((row, index) => (
          <Stack
            key={row.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
          >
            <FormTextField
              control={control}
              name={`roleMap.${index}.value`}
              label={`Claim value ${index + 1}`}
              required
              autoComplete="off"
            />
            <FormSelectField
              control={control}
              name={`roleMap.${index}.role`}
              label={`Role ${index + 1}`}
              required
              options={ROLE_OPTIONS}
            />
            <IconButton
              aria-label={`Remove row ${index + 1}`}
              onClick={() => rows.remove(index)}
              sx={{ mt: 1 }}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Stack>
        ))}
        {rows.fields.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>No row: roles are kept as they are.</Typography>
        )}
        {listProblem && <Typography color="error">{listProblem}</Typography>}
        <Box>
          <Button
            variant="outlined"
            disabled={rows.fields.length >= MAX_ROWS}
            onClick={() => rows.append({ value: '', role: 'viewer' })}
          >
            Add a row
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
