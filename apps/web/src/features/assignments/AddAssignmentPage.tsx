import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignmentDetails } from '@school-transport/shared';
import { useState, type FormEvent } from 'react';
import { useUnsavedChanges } from '../../components/form/unsaved-changes';
import { FormProblems } from '../../components/form/FormProblems';
import { useFormProblems } from '../../components/form/useFormProblems';
import { PageHeader } from '../../components/page/PageHeader';
import { SavedAlert } from '../../components/record/SavedAlert';
import { countOf } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { useCreateAssignment } from './assignments-api';
import { useComplianceOverride } from './ComplianceOverride';
import { PartSelects } from './PartSelects';
import { StudentPicker } from './StudentPicker';
import { allChosen, draftProblems, useAssignmentDraft } from './useAssignmentDraft';

const BREADCRUMBS = [{ label: 'All Assignments', to: paths.assignments.list }];

/**
 * Add Assignment: route, vehicle and driver from the free ones, then the children up to the
 * vehicle's seats, sent in one call so the assignment is saved whole or not at all.
 */
export function AddAssignmentPage() {
  const create = useCreateAssignment();
  const { shown, attempt, dismissRefusal } = useFormProblems();
  const { parts, selection, choose, reset } = useAssignmentDraft(dismissRefusal);
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<AssignmentDetails | null>(null);
  const override = useComplianceOverride();
  // Worked out from what is chosen now, at every render: a message goes as soon as its part or child is chosen.
  const missing = draftProblems(parts, selection.selected.length);
  // Anything chosen and not yet sent is unsaved; the form empties itself after a save.
  useUnsavedChanges(Object.values(parts).some(Boolean) || selection.selected.length > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    await attempt(missing, async () => {
      const overrideReason = override.reasonToSend();
      if (!allChosen(parts) || overrideReason === null) return;
      try {
        const answer = await create.mutateAsync({
          routeId: parts.route.id,
          vehicleId: parts.vehicle.id,
          driverId: parts.driver.id,
          studentIds: selection.selected.map((student) => student.id),
          overrideReason,
        });
        reset();
        override.clear();
        setSubmitted(false);
        setCreated(answer.data ?? null);
      } catch (error) {
        // Expired credentials are shown by the override panel, not as a problem above the form.
        if (!override.takeRefusal(error)) throw error;
      }
    });
  };

  return (
    <>
      <PageHeader title="Add Assignment" breadcrumbs={BREADCRUMBS} />
      <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label="Add Assignment">
        {created && (
          <SavedAlert
            record={created}
            link={{ label: 'View Assignment', to: paths.assignments.details(created.id) }}
          >
            The route assignment of {created.route.name} was added with{' '}
            {countOf(created.students.length, 'child', 'children')}. The form is ready for the next one.
          </SavedAlert>
        )}
        <FormProblems problems={shown(submitted, missing)} />
        {override.panel}
        <Paper sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Route, vehicle and driver
          </Typography>
          <PartSelects parts={parts} onChoose={choose} showMissing={submitted} />
        </Paper>
        <Paper sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Students
          </Typography>
          <StudentPicker
            // A new picker (first page, no search) for the next assignment, as everything else resets too.
            key={created?.id}
            selection={selection}
            seats={parts.vehicle?.capacity ?? null}
            blockedReason={
              allChosen(parts)
                ? undefined
                : 'Choose the route, vehicle and driver first: changing any of them clears the selected students.'
            }
          />
        </Paper>
        <Box>
          <Button type="submit" variant="contained" size="large" loading={create.isPending}>
            Add Assignment
          </Button>
        </Box>
      </Stack>
    </>
  );
}
