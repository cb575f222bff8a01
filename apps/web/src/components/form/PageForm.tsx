import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { CancelEditButton, type CancelEdit } from './CancelEditButton';
import { FormProblems } from './FormProblems';

interface PageFormProps {
  submitLabel: string;
  problems: readonly string[];
  submitting: boolean;
  /** A react-hook-form submit handler. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The fields. */
  children: ReactNode;
  /** A large button across the form, as on the narrow cards of the sign-in screens. */
  fullWidthButton?: boolean;
  /** An update screen's Cancel: where it leads, and whether it must ask before dropping changes. */
  cancel?: CancelEdit;
}

/** The form of an update screen: what is wrong above the fields, the save button under them. */
export function PageForm({
  submitLabel,
  problems,
  submitting,
  onSubmit,
  children,
  fullWidthButton = false,
  cancel,
}: PageFormProps) {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
      <FormProblems problems={problems} />
      {children}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          loading={submitting}
          fullWidth={fullWidthButton}
          size={fullWidthButton ? 'large' : 'medium'}
        >
          {submitLabel}
        </Button>
        {cancel && <CancelEditButton {...cancel} disabled={submitting} />}
      </Box>
    </Stack>
  );
}
