import Button from '@mui/material/Button';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../page/ConfirmDialog';
import { useLeaveWithoutAsking } from './unsaved-changes';

export interface CancelEdit {
  /** Where to go when the screen was opened directly (a bookmark, a mailed link): the record's details. */
  fallback: string;
  /** The form holds changes not saved yet: leaving asks first. */
  dirty: boolean;
}

/**
 * The update screen's way out without saving: back to the screen the user came from (details or list), or the
 * record's details when the app was opened on this screen. Unsaved changes are only dropped once confirmed.
 */
export function CancelEditButton({ fallback, dirty, disabled }: CancelEdit & { disabled: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [asking, setAsking] = useState(false);
  const leaveWithoutAsking = useLeaveWithoutAsking();

  // React Router gives the first location of a document the key 'default'; any other was reached inside the app,
  // so going back stays in it.
  const back = () => (location.key === 'default' ? navigate(fallback) : navigate(-1));
  // Asked here already ("Discard your changes?"), so the screen's guard does not ask again.
  const discard = () => {
    leaveWithoutAsking();
    return back();
  };

  return (
    <>
      <Button color="inherit" disabled={disabled} onClick={() => (dirty ? setAsking(true) : void back())}>
        Cancel
      </Button>
      <ConfirmDialog
        open={asking}
        title="Discard your changes?"
        text="What you changed on this screen has not been saved and will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={discard}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
