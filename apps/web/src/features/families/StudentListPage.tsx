import Stack from '@mui/material/Stack';
import Link from '@mui/material/Link';
import type { Student } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { useListFilters } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/ListPage';
import { recordActions, RowActionsMenu, type RowAction } from '../../components/list-page/RowActionsMenu';
import { FilterChip } from '../../components/list-page/FilterChip';
import {
  DEACTIVATED_FILTER,
  NameOfRecord,
  ShowDeactivatedChip,
  useReactivation,
} from '../../components/list-page/deactivated-records';
import { PhotoCell } from '../../components/images/PhotoCell';
import { formatDate, orDash } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { RESOURCES } from '../../lib/api/resource-api';
import { DeleteStudentDialog } from './DeleteStudentDialog';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

/**
 * `?unassigned=true` (the dashboard links here with it): only children no route assignment takes yet.
 * `?withDeactivated=true`: the children roster sync deactivated too, each with its chip (decision 076).
 */
const STUDENT_FILTERS = { unassigned: z.literal('true'), ...DEACTIVATED_FILTER };

const columns = (
  onDelete: (student: Student) => void,
  reactivation: (student: Student) => RowAction[],
): Column<Student>[] => [
  { header: 'Photo', cell: (student) => <PhotoCell src={student.profileImage} name={student.name} /> },
  {
    header: 'Name',
    sort: 'name',
    card: 'title',
    // The child's route under the name rather than in a column of its own: eleven columns would not fit a laptop.
    cell: ({ name, deactivatedAt }) => <NameOfRecord name={name} deactivatedAt={deactivatedAt} />,
    note: ({ assignment }) =>
      assignment ? (
        <>
          Route:{' '}
          <Link component={RouterLink} to={paths.busRoutes.details(assignment.routeId)}>
            {assignment.routeName}
          </Link>
        </>
      ) : (
        'Not seated'
      ),
  },
  { header: 'NFC Tag Id', cell: (student) => orDash(student.nfcTagId) },
  { header: 'Class', sort: 'class', card: 'field', cell: (student) => student.class },
  { header: 'Roll No', cell: (student) => student.rollNo },
  { header: 'Parent Name', sort: 'parentName', card: 'field', cell: (student) => student.parent.user.name },
  { header: 'Phone No', nowrap: true, card: 'field', cell: (student) => student.parent.phone },
  {
    header: 'Listed From',
    sort: 'createdAt',
    nowrap: true,
    cell: (student) => formatDate(student.createdAt),
  },
  {
    header: 'Actions',
    align: 'right',
    cell: (student) => (
      <RowActionsMenu
        label={`Actions for ${student.name}`}
        actions={[
          ...recordActions({
            viewPath: paths.students.details(student.id),
            updatePath: paths.students.update(student.id),
            onDelete: () => onDelete(student),
          }),
          ...reactivation(student),
        ]}
      />
    ),
  },
];

export function StudentListPage() {
  const [deleting, setDeleting] = useState<Student | null>(null);
  const { filters, setFilter } = useListFilters(STUDENT_FILTERS);
  const onlyUnassigned = filters.unassigned === 'true';
  const reactivation = useReactivation<Student>({
    resource: RESOURCES.students,
    nameOf: (student) => student.name,
    text: "They will be planned, seated on trips and listed again, and their guardians told as before. The next roster sync deactivates them again if they are still gone from the school's roster.",
  });

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.students.title}
        resource={RESOURCES.students}
        columns={columns(setDeleting, reactivation.actionsFor)}
        searchPlaceholder="Name, class, roll no, NFC tag or parent"
        filters={filters}
        filterControls={
          // Wrapped: at 390 px the two chips do not fit on one line, and a row would scroll sideways.
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <FilterChip
              label="Only students without an assignment"
              on={onlyUnassigned}
              onToggle={() => setFilter('unassigned', onlyUnassigned ? undefined : 'true')}
            />
            <ShowDeactivatedChip filters={filters} setFilter={setFilter} />
          </Stack>
        }
        headerAction={
          // A child is added with its family (or on its parent's page), so this opens Add Parent.
          <AddButton label="Add New Student" to={paths.parents.add} />
        }
      />
      {deleting && <DeleteStudentDialog student={deleting} onClose={() => setDeleting(null)} />}
      {reactivation.dialog}
    </>
  );
}
