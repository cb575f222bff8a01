import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import {
  PLANNER_DEFAULT_SECONDS,
  PLANNER_MAX_SECONDS,
  planRequestSchema,
  SEARCH_MAX,
  type AssignmentDetails,
  type AssignmentSummary,
  type PlanRequestInput,
  type School,
  type Student,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { FormProblems } from '../../components/form/FormProblems';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormTextField } from '../../components/form/FormTextField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceList } from '../../lib/api/resource-api';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { useStartPlan } from './planner-api';
import { Checklist, type ChecklistItem } from './Checklist';

/** As many as the API gives at once: a search narrows the rest down. */
const PAGE_SIZE = 100;

const FIELD_NAMES: readonly FieldPath<PlanRequestInput>[] = [
  'schoolId',
  'studentIds',
  'vehicleIds',
  'seconds',
];

const EMPTY_REQUEST: PlanRequestInput = {
  schoolId: '',
  studentIds: [],
  vehicleIds: [],
  seconds: PLANNER_DEFAULT_SECONDS,
};

type RequestControl = Control<PlanRequestInput, unknown, z.output<typeof planRequestSchema>>;

/** A page of a list searched on the server as the user types, for a checklist. */
function useSearchedPage<T>(resource: string) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim().slice(0, SEARCH_MAX));
  const [page, setPage] = useState(1);
  const list = useResourceList<T>(resource, { page, limit: PAGE_SIZE, search });
  return {
    ...list,
    typed,
    onType: (text: string) => {
      setTyped(text);
      setPage(1);
    },
    search,
    page,
    totalPages: list.pagination?.totalPages ?? 0,
    onPage: setPage,
  };
}

const vehicleItem = ({ vehicle, route, driver, totalStudents }: AssignmentSummary): ChecklistItem => ({
  id: vehicle.id,
  primary: route.name,
  secondary: `${driver.name} · ${vehicle.licensePlate} · ${vehicle.capacity} seats · ${totalStudents} seated`,
});

const childItem = (student: Student): ChecklistItem => ({
  id: student.id,
  primary: student.name,
  secondary: [
    `Class ${student.class}`,
    student.parent.user.name,
    student.assignment ? `Rides ${student.assignment.routeName}` : 'Not seated',
    ...(student.doorToDoor ? ['Door to door'] : []),
  ].join(' · '),
});

/** The children seated on an assignment, to start the children's list from when its vehicle is chosen. */
async function seatedOn(assignmentId: string): Promise<string[]> {
  const answer = await apiRequest<SuccessEnvelope<AssignmentDetails>>(
    'GET',
    `/${RESOURCES.assignments}/get-one/${assignmentId}`,
  );
  return answer.data?.students.map((student) => student.id) ?? [];
}

interface ListFieldProps {
  control: RequestControl;
}

/**
 * The vehicles to plan with, offered through their assignments (route · driver · plate · seats): a vehicle
 * without one has no route to write the plan into, so it could not be accepted. Ticking one also ticks the
 * children already seated on it.
 */
function VehicleField({ control, addChildren }: ListFieldProps & { addChildren: (ids: string[]) => void }) {
  const list = useSearchedPage<AssignmentSummary>(RESOURCES.assignments);
  return (
    <Controller
      control={control}
      name="vehicleIds"
      render={({ field, fieldState: { error } }) => (
        <Checklist
          title="Vehicles"
          searchLabel="Search vehicles"
          searchPlaceholder="Route, driver or plate"
          {...list}
          items={list.rows.map(vehicleItem)}
          selected={field.value}
          onChange={(vehicleIds) => {
            const added = list.rows.filter(
              ({ vehicle }) => vehicleIds.includes(vehicle.id) && !field.value.includes(vehicle.id),
            );
            field.onChange(vehicleIds);
            for (const assignment of added) void seatedOn(assignment.id).then(addChildren, () => undefined);
          }}
          emptyText={
            list.search
              ? 'No assignment matches.'
              : 'No assignment yet: assign a driver and vehicle to a route first.'
          }
          error={error?.message}
        />
      )}
    />
  );
}

/** The children to plan for, searched over the whole student list. */
function ChildrenField({ control }: ListFieldProps) {
  const list = useSearchedPage<Student>(RESOURCES.students);
  return (
    <Controller
      control={control}
      name="studentIds"
      render={({ field, fieldState: { error } }) => (
        <Checklist
          title="Children"
          searchLabel="Search children"
          searchPlaceholder="Name, class, roll no, NFC tag or parent"
          {...list}
          items={list.rows.map(childItem)}
          selected={field.value}
          onChange={field.onChange}
          emptyText={list.search ? 'No child matches.' : 'No child yet.'}
          error={error?.message}
        />
      )}
    />
  );
}

/**
 * What to plan: a school, the vehicles and the children, and how long to search. Checked with the API's own
 * schema; what the server refuses shows under the field it names.
 */
export function PlanRequestForm({ onStarted }: { onStarted: (proposalId: string) => void }) {
  const start = useStartPlan();
  const schools = useResourceList<School>(RESOURCES.schools, { page: 1, limit: PAGE_SIZE, search: '' });
  const { control, problems, submitWith, isSubmitting, setValue, getValues } = useSchemaForm(
    planRequestSchema,
    EMPTY_REQUEST,
  );

  const addChildren = (ids: string[]) => {
    const chosen = getValues('studentIds');
    const added = ids.filter((id) => !chosen.includes(id));
    if (added.length > 0) setValue('studentIds', [...chosen, ...added], { shouldValidate: true });
  };

  const submit = submitWith(async (request) => {
    try {
      const answer = await start.mutateAsync(request);
      if (answer.data) onStarted(answer.data.id);
    } catch (error) {
      if (showServerFieldErrors(error, FIELD_NAMES, control.setError)) return;
      throw error;
    }
  });

  return (
    <Paper component="form" noValidate onSubmit={submit} aria-label="New plan" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        <FormProblems problems={problems} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormSelectField
              control={control}
              name="schoolId"
              label="School"
              required
              options={schools.rows.map((school) => ({
                value: school.id,
                label: `${school.name} (bell ${school.bellTime})`,
              }))}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="seconds"
              label="Planning time (seconds)"
              type="number"
              required
              slotProps={{ htmlInput: { min: 1, max: PLANNER_MAX_SECONDS, step: 1 } }}
            />
          </Grid>
        </Grid>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <VehicleField control={control} addChildren={addChildren} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChildrenField control={control} />
          </Grid>
        </Grid>
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Start planning
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
