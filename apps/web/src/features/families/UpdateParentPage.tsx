import Paper from '@mui/material/Paper';
import type { ParentDetails } from '@school-transport/shared';
import { useNavigate } from 'react-router';
import { PageForm } from '../../components/form/PageForm';
import { paths } from '../../lib/paths/paths';
import { useSaveParent } from './families-api';
import { ParentFormFields } from './ParentFormFields';
import { ParentGate } from './ParentGate';
import { parentFormValues, useParentForm } from './parent-form';

/** Mounted once the parent is loaded, so the form starts from the stored values. */
function UpdateParentForm({ parent }: { parent: ParentDetails }) {
  const save = useSaveParent();
  const navigate = useNavigate();
  const { control, problems, submitWith, isSubmitting, isDirty } = useParentForm(parentFormValues(parent));

  const submit = submitWith(async (payload) => {
    await save.mutateAsync({ id: parent.id, payload });
    navigate(paths.parents.details(parent.id));
  });

  return (
    <Paper sx={{ p: 3 }}>
      <PageForm
        submitLabel="Update Parent"
        problems={problems}
        submitting={isSubmitting}
        onSubmit={submit}
        cancel={{ fallback: paths.parents.details(parent.id), dirty: isDirty }}
      >
        <ParentFormFields control={control} />
      </PageForm>
    </Paper>
  );
}

export function UpdateParentPage() {
  return <ParentGate title="Update Parent">{(parent) => <UpdateParentForm parent={parent} />}</ParentGate>;
}
