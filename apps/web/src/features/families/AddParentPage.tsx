import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FAMILY_MESSAGES, type ParentDetails } from '@school-transport/shared';
import { useId, useState } from 'react';
import { useUnsavedChanges } from '../../components/form/unsaved-changes';
import { FormProblems } from '../../components/form/FormProblems';
import { PageHeader } from '../../components/page/PageHeader';
import { SavedAlert } from '../../components/record/SavedAlert';
import { countOf } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { useEnrolFamily } from './families-api';
import type { ChildPayload } from './child-form';
import { NewChildrenSection } from './NewChildrenSection';
import { ParentFormFields } from './ParentFormFields';
import { EMPTY_PARENT_FORM, useParentForm } from './parent-form';

const BREADCRUMBS = [{ label: 'All Parents', to: paths.parents.list }];

/** Says which family was just saved; the form is already empty for the next one. */
function EnrolledAlert({ parent }: { parent: ParentDetails }) {
  return (
    <SavedAlert record={parent} link={{ label: 'View Parent', to: paths.parents.details(parent.id) }}>
      {parent.user.name} was added with {countOf(parent.students.length, 'child', 'children')}. The form is
      ready for the next family.
    </SavedAlert>
  );
}

/**
 * Add Parent: the parent's fields, the children added one by one below, and one 'Add Parent'
 * that sends the whole family in a single call, so a family is saved whole or not at all.
 */
export function AddParentPage() {
  const enrol = useEnrolFamily();
  const [children, setChildren] = useState<ChildPayload[]>([]);
  const { control, problems, submitWith, isSubmitting, reset } = useParentForm(EMPTY_PARENT_FORM, () =>
    children.length === 0 ? [FAMILY_MESSAGES.addOneChild] : [],
  );
  const [enrolled, setEnrolled] = useState<ParentDetails | null>(null);
  // Children added below the parent's fields count as unsaved too, until the family is sent.
  useUnsavedChanges(children.length > 0);
  const formId = useId();

  const submit = submitWith(async (parent) => {
    const answer = await enrol.mutateAsync({ ...parent, children });
    setEnrolled(answer.data ?? null);
    reset();
    setChildren([]);
  });

  return (
    <>
      <PageHeader title="Add Parent" breadcrumbs={BREADCRUMBS} />
      <Stack spacing={3}>
        {enrolled && <EnrolledAlert parent={enrolled} />}
        <Paper component="form" id={formId} noValidate onSubmit={submit} aria-label="Parent" sx={{ p: 3 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Parent
            </Typography>
            <FormProblems problems={problems} />
            <ParentFormFields control={control} />
          </Stack>
        </Paper>
        <NewChildrenSection
          // A fresh child form for each family: what was typed for the last one does not carry over.
          key={enrolled?.id}
          added={children}
          onAdd={(child) => setChildren((current) => [...current, child])}
          onRemove={(index) => setChildren((current) => current.filter((_, at) => at !== index))}
        />
        <Box>
          {/* Outside the parent's form element (the child section is a form of its own), tied to it by id. */}
          <Button type="submit" form={formId} variant="contained" size="large" loading={isSubmitting}>
            Add Parent
          </Button>
        </Box>
      </Stack>
    </>
  );
}
