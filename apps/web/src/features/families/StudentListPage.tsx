import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { Student } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { useListFilters } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/ListPage';
import { recordActions, RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { PhotoCell } from '../../components/images/PhotoCell';
import { formatDate, orDash } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { RESOURCES } from '../../lib/api/resource-api';
import { DeleteStudentDialog } from './DeleteStudentDialog';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

/** `?unassigned=true` (the dashboard links here with it): only children no route assignment takes yet. */
const STUDENT_FILTERS = { unassigned: z.literal('true') };

const columns = (onDelete: (student: Student) => void): Column<Student>[] => [
  { header: 'Photo', cell: (student) => <PhotoCell src={student.profileImage} name={student.name} /> },
  {
    header: 'Name',
    sort: 'name',
    card: 'title',
    // The child's route under the name rather than in a column of its own: eleven columns would not fit a laptop.
    cell: ({ name }) => name,
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
        actions={recordActions({
          viewPath: paths.students.details(student.id),
          updatePath: paths.students.update(student.id),
          onDelete: () => onDelete(student),
        })}
      />
    ),
  },
];

function UnassignedFilterChip({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  return (
    <Chip
      label="Only students without an assignment"
      icon={on ? <CheckIcon /> : undefined}
      color={on ? 'primary' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      onClick={onToggle}
      aria-pressed={on}
    />
  );
}

export function StudentListPage() {
  const [deleting, setDeleting] = useState<Student | null>(null);
  const { filters, setFilter } = useListFilters(STUDENT_FILTERS);
  const onlyUnassigned = filters.unassigned === 'true';

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.students.title}
        resource={RESOURCES.students}
        columns={columns(setDeleting)}
        searchPlaceholder="Name, class, roll no, NFC tag or parent"
        filters={filters}
        filterControls={
          <UnassignedFilterChip
            on={onlyUnassigned}
            onToggle={() => setFilter('unassigned', onlyUnassigned ? undefined : 'true')}
          />
        }
        headerAction={
          // A child is added with its family (or on its parent's page), so this opens Add Parent.
          <AddButton label="Add New Student" to={paths.parents.add} />
        }
      />
      {deleting && <DeleteStudentDialog student={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
