import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { AssignmentSummary } from '@school-transport/shared';
import { useState } from 'react';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { formatDate } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { changeStudentsPath } from '../../lib/paths/query-paths';
import { RESOURCES } from '../../lib/api/resource-api';
import { DeleteAssignmentDialog } from './DeleteAssignmentDialog';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

const columns = (onDelete: (assignment: AssignmentSummary) => void): Column<AssignmentSummary>[] => [
  { header: 'Driver Name', sort: 'driverName', card: 'field', cell: (assignment) => assignment.driver.name },
  { header: 'Driver License', cell: (assignment) => assignment.driver.licenseNo },
  { header: 'Driver Phone No', nowrap: true, cell: (assignment) => assignment.driver.phone },
  {
    header: 'Vehicle RC No',
    sort: 'vehiclePlate',
    card: 'field',
    cell: (assignment) => assignment.vehicle.licensePlate,
  },
  { header: 'Route Name', sort: 'routeName', card: 'title', cell: (assignment) => assignment.route.name },
  {
    header: 'Total Students',
    align: 'right',
    card: 'field',
    nowrap: true,
    // Against the seats: a full vehicle shows at a glance.
    cell: (assignment) => `${assignment.totalStudents} / ${assignment.vehicle.capacity}`,
  },
  {
    header: 'Assigned From',
    sort: 'createdAt',
    nowrap: true,
    cell: (assignment) => formatDate(assignment.createdAt),
  },
  {
    header: 'Actions',
    align: 'right',
    cell: (assignment) => (
      <RowActionsMenu
        label={`Actions for ${assignment.route.name}`}
        actions={[
          { label: 'View', icon: <VisibilityOutlinedIcon />, to: paths.assignments.details(assignment.id) },
          {
            label: 'Edit students',
            icon: <GroupsOutlinedIcon />,
            to: changeStudentsPath(assignment.id),
            access: 'admin',
          },
          { label: 'Delete', icon: <DeleteOutlinedIcon />, onClick: () => onDelete(assignment) },
        ]}
      />
    ),
  },
];

export function AssignmentListPage() {
  const [deleting, setDeleting] = useState<AssignmentSummary | null>(null);

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.assignments.title}
        resource={RESOURCES.assignments}
        things="assignments"
        columns={columns(setDeleting)}
        searchPlaceholder="Driver name, license or phone, RC no or route"
        headerAction={<AddButton label="Add New Assignment" to={paths.assignments.add} />}
      />
      {deleting && (
        <DeleteAssignmentDialog
          assignment={{
            id: deleting.id,
            routeName: deleting.route.name,
            driverName: deleting.driver.name,
            licensePlate: deleting.vehicle.licensePlate,
            studentCount: deleting.totalStudents,
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
