import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CREDENTIAL_DOCUMENT_MAX_BYTES,
  credentialInputSchema,
  type Credential,
  type CredentialInput,
} from '@school-transport/shared';
import { useState } from 'react';
import { useCredentialKinds, useSaveCredential } from './credentials-api';
import { FormDateField } from '../form/FormDateField';
import { FormDialog } from '../form/FormDialog';
import { FormSelectField } from '../form/FormSelectField';
import { FormTextField } from '../form/FormTextField';
import { useSchemaForm } from '../form/useSchemaForm';
import { holderKey, HolderPicker, type CredentialHolder } from './HolderPicker';

export type { CredentialHolder } from './HolderPicker';

interface CredentialFormDialogProps {
  /** The holder, fixed (a driver's page), or searched for and chosen in the dialog (the Compliance screen). */
  holder?: CredentialHolder;
  /** The credential to renew: same kind and holder, new number and expiry. */
  credential?: Credential;
  onClose: () => void;
}

/** Adds or renews a driver's or vehicle's credential, with an optional scanned document (image or PDF). */
export function CredentialFormDialog({ holder, credential, onClose }: CredentialFormDialogProps) {
  const [chosen, setChosen] = useState<CredentialHolder | undefined>(holder);
  return (
    <CredentialForm
      // A new holder starts the form afresh (its kinds differ).
      key={chosen ? holderKey(chosen) : 'none'}
      holder={chosen}
      // The picker is made anew with the form: it takes the focus back once a holder was chosen.
      holderPicker={holder ? null : <HolderPicker value={chosen} onChange={setChosen} autoFocus={!!chosen} />}
      credential={credential}
      onClose={onClose}
    />
  );
}

function CredentialForm({
  holder,
  holderPicker,
  credential,
  onClose,
}: {
  holder: CredentialHolder | undefined;
  holderPicker: React.ReactNode;
  credential?: Credential;
  onClose: () => void;
}) {
  const kinds = useCredentialKinds();
  const save = useSaveCredential();
  const [document, setDocument] = useState<File | null>(null);
  const [documentProblem, setDocumentProblem] = useState<string | null>(null);
  const values: CredentialInput = {
    kindId: credential?.kind.id ?? '',
    driverId: holder?.subject === 'DRIVER' ? holder.id : null,
    vehicleId: holder?.subject === 'VEHICLE' ? holder.id : null,
    number: credential?.number ?? '',
    expiresOn: credential?.expiresOn ?? '',
  };
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(credentialInputSchema, values, {
    otherProblems: () => (holder ? [] : ['Choose the driver or vehicle first.']),
  });
  const options = (kinds.data ?? [])
    .filter((kind) => kind.subject === holder?.subject)
    .map((kind) => ({ value: kind.id, label: `${kind.name}${kind.blocks ? ' (blocks when expired)' : ''}` }));

  return (
    <FormDialog
      title={credential ? `Renew ${credential.kind.name}` : 'Add Credential'}
      submitLabel={credential ? 'Renew' : 'Add Credential'}
      problems={[
        ...problems,
        ...(kinds.isError ? ['The kinds could not be loaded. Close and try again.'] : []),
      ]}
      submitting={isSubmitting}
      onSubmit={submitWith(async (payload) => {
        await save.mutateAsync({ payload, document });
        onClose();
      })}
      onClose={onClose}
    >
      {holderPicker}
      {holder && credential === undefined && (
        <FormSelectField control={control} name="kindId" label="Kind" options={options} required />
      )}
      {credential && <Typography>{`${credential.kind.name} of ${credential.holder.name}`}</Typography>}
      <FormTextField control={control} name="number" label="Number" required autoComplete="off" />
      <FormDateField control={control} name="expiresOn" label="Expiry date" required />
      <TextField
        type="file"
        label="Scanned document (optional)"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: 'image/*,application/pdf' } }}
        error={documentProblem !== null}
        helperText={
          documentProblem ?? `An image or a PDF, at most ${CREDENTIAL_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`
        }
        onChange={(event) => {
          const file = (event.target as HTMLInputElement).files?.[0] ?? null;
          const tooLarge = file !== null && file.size >= CREDENTIAL_DOCUMENT_MAX_BYTES;
          setDocumentProblem(tooLarge ? 'This file is too large.' : null);
          setDocument(tooLarge ? null : file);
        }}
        fullWidth
      />
    </FormDialog>
  );
}
