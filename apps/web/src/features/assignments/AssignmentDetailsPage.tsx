import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignmentDetails } from '@school-transport/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RecordSummary } from '../../components/record/RecordSummary';
import { formatDate } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { CHANGE_STUDENTS_PARAM } from '../../lib/paths/query-paths';
import { AssignmentChildren } from './AssignmentChildren';
import { AssignmentGate } from './AssignmentGate';
import { ChangePartsDialog } from './ChangePartsDialog';
import { DeleteAssignmentDialog } from './DeleteAssignmentDialog';
import { busRouteFacts, driverFacts, vehicleFacts } from './part-facts';
import { MayUse } from '../../lib/session/MayUse';

const CARD_PHOTO_SIZE = 72;

/** The driver, vehicle and route cards. */
function AssignmentParts({ assignment: { driver, vehicle, route } }: { assignment: AssignmentDetails }) {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 4 }}>
        <RecordSummary
          caption="Driver"
          name={driver.user.name}
          photo={driver.profileImage}
          photoSize={CARD_PHOTO_SIZE}
          facts={driverFacts(driver)}
          updatePath={paths.drivers.update(driver.id)}
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <RecordSummary
          caption="Vehicle"
          name={vehicle.licensePlate}
          photo={vehicle.profileImage}
          photoSize={CARD_PHOTO_SIZE}
          facts={vehicleFacts(vehicle)}
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <RecordSummary caption="Route" name={route.name} facts={busRouteFacts(route)} />
      </Grid>
    </Grid>
  );
}

type OpenDialog = 'parts' | 'delete' | null;

function AssignmentOverview({ assignment }: { assignment: AssignmentDetails }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const close = () => setDialog(null);

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ color: 'text.secondary', mr: 'auto' }}>
          Assigned from {formatDate(assignment.createdAt)}
        </Typography>
        <MayUse access="admin">
          <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={() => setDialog('parts')}>
            Change driver, vehicle or route
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => setDialog('delete')}
          >
            Delete
          </Button>
        </MayUse>
      </Stack>
      <AssignmentParts assignment={assignment} />
      <AssignmentChildren
        assignment={assignment}
        changing={searchParams.get(CHANGE_STUDENTS_PARAM) === 'students'}
        // Replaced, not pushed: going back leaves the page rather than stepping through its modes.
        onChangingChange={(changing) =>
          setSearchParams(changing ? { [CHANGE_STUDENTS_PARAM]: 'students' } : {}, { replace: true })
        }
      />
      {dialog === 'parts' && <ChangePartsDialog assignment={assignment} onClose={close} />}
      {dialog === 'delete' && (
        <DeleteAssignmentDialog
          assignment={{
            id: assignment.id,
            routeName: assignment.route.name,
            driverName: assignment.driver.user.name,
            licensePlate: assignment.vehicle.licensePlate,
            studentCount: assignment.students.length,
          }}
          onClose={close}
          onDeleted={() => navigate(paths.assignments.list)}
        />
      )}
    </Stack>
  );
}

export function AssignmentDetailsPage() {
  return (
    <AssignmentGate title="Assignment Details">
      {(assignment) => <AssignmentOverview assignment={assignment} />}
    </AssignmentGate>
  );
}
