import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useScrollIntoView } from '../page/useScrollIntoView';

interface SavedAlertProps {
  /** What was saved; scrolled into view each time it changes. */
  record: unknown;
  /** The way to the saved record's page. */
  link: { label: string; to: string };
  children: ReactNode;
}

/**
 * Says which record an add screen just saved, with the way to its page, while the emptied form waits for the
 * next one (the submit button may be far below, the toast easy to miss).
 */
export function SavedAlert({ record, link, children }: SavedAlertProps) {
  const ref = useScrollIntoView<HTMLDivElement>(record, true);
  return (
    <Alert
      ref={ref}
      severity="success"
      action={
        <Button component={RouterLink} to={link.to} color="inherit" size="small">
          {link.label}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
