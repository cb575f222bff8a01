import Chip from '@mui/material/Chip';
import type { Credential } from '@school-transport/shared';

const LOOK = {
  EXPIRED: { label: 'Expired', color: 'error' },
  EXPIRING: { label: 'Expiring', color: 'warning' },
  VALID: { label: 'Valid', color: 'success' },
} as const;

/** Expired, expiring (within its kind's warning days) or valid, on the operator's today. */
export function CredentialStateChip({ credential }: { credential: Pick<Credential, 'state'> }) {
  const { label, color } = LOOK[credential.state];
  return <Chip size="small" variant="outlined" label={label} color={color} />;
}

/** The scanned document's link, opened in a new tab (a signed, expiring address). */
export function DocumentLink({ credential }: { credential: Pick<Credential, 'document' | 'documentType'> }) {
  if (!credential.document) return <>—</>;
  return (
    <a href={credential.document} target="_blank" rel="noreferrer">
      {credential.documentType === 'application/pdf' ? 'PDF' : 'Image'}
    </a>
  );
}
