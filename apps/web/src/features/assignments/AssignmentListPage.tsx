import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import type { AssignmentSummary } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { formatDate } from '../../lib/format';
import { DeleteAssignmentDialog } from './DeleteAssignmentDialog';
import { ADD_ASSIGNMENT_PATH, ASSIGNMENTS, assignmentDetailsPath, changeStudentsPath } from './paths';

const columns = (onDelete: (assignment: AssignmentSummary) => void): Column<AssignmentSummary>[] => [
  { header: 'Driver Name', cell: (assignment) => assignment.driver.name },
  { header: 'Driver License', nowrap: true, cell: (assignment) => assignment.driver.licenseNo },
  { header: 'Driver Phone No', nowrap: true, cell: (assignment) => assignment.driver.phone },
  { header: 'Vehicle RC No', nowrap: true, cell: (assignment) => assignment.vehicle.licensePlate },
  { header: 'Route Name', cell: (assignment) => assignment.route.name },
  {
    header: 'Total Students',
    align: 'right',
    nowrap: true,
    // Against the seats: a full vehicle shows at a glance.
    cell: (assignment) => `${assignment.totalStudents} / ${assignment.vehicle.capacity}`,
  },
  { header: 'Assigned From', nowrap: true, cell: (assignment) => formatDate(assignment.createdAt) },
  {
    header: 'Actions',
    align: 'right',
    cell: (assignment) => (
      <RowActionsMenu
        label={`Actions for ${assignment.route.name}`}
        actions={[
          { label: 'View', icon: <VisibilityOutlinedIcon />, to: assignmentDetailsPath(assignment.id) },
          { label: 'Edit students', icon: <GroupsOutlinedIcon />, to: changeStudentsPath(assignment.id) },
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
        title="All Assignments"
        resource={ASSIGNMENTS}
        things="assignments"
        columns={columns(setDeleting)}
        searchPlaceholder="Driver name, license or phone, RC no or route"
        headerAction={
          <Button component={RouterLink} to={ADD_ASSIGNMENT_PATH} variant="contained" startIcon={<AddIcon />}>
            Add New Assignment
          </Button>
        }
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
