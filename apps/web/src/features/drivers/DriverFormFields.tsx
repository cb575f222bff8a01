import Grid from '@mui/material/Grid';
import type { DriverInput } from '@school-transport/shared';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../components/form/FormTextField';
import type { DriverPayload } from './api';

/** The driver's fields, the same in the add modal and on the update screen. */
export function DriverFormFields({ control }: { control: Control<DriverInput, unknown, DriverPayload> }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="name" label="Name" required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="phone" label="Phone" type="tel" required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="alternativePhone"
          label="Alternative Phone"
          type="tel"
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="licenseNo" label="License No" required autoComplete="off" />
      </Grid>
      <Grid size={12}>
        <FormTextField control={control} name="address" label="Address" multiline minRows={2} />
      </Grid>
    </Grid>
  );
}
