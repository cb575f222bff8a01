import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { BaseSyntheticEvent, ReactNode } from 'react';
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
}

/** The form of an update screen: what is wrong above the fields, the save button under them. */
export function PageForm({
  submitLabel,
  problems,
  submitting,
  onSubmit,
  children,
  fullWidthButton = false,
}: PageFormProps) {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
      <FormProblems problems={problems} />
      {children}
      <Box>
        <Button
          type="submit"
          variant="contained"
          loading={submitting}
          fullWidth={fullWidthButton}
          size={fullWidthButton ? 'large' : 'medium'}
        >
          {submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}
