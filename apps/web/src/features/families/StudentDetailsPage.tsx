import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AddressStatus, Student } from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { toMapPoint } from '../../components/map/coordinates';
import { LazyLocationPicker } from '../../components/map/LazyLocationPicker';
import { RecordSummary, type Fact } from '../../components/record/RecordSummary';
import { formatHome, formatDate, orDash } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { AuthorizedAdults } from './AuthorizedAdults';
import { StudentAbsences } from './StudentAbsences';
import { StudentCard } from './StudentCard';
import { StudentGate } from './StudentGate';
import { StudentGuardians } from './StudentGuardians';

/** Who set the home point, or why it has none yet (decision 072). */
const HOME_PLACED_WORDS: Record<AddressStatus, string> = {
  NONE: 'The office (on the map or typed)',
  PENDING: 'Waiting for the geocoder',
  PLACED: 'The geocoder, from the address',
  NOT_FOUND: 'Nobody yet: the geocoder did not find the address (Review addresses)',
  LOW_CONFIDENCE: 'Nobody yet: the geocoder found only a vague place (Review addresses)',
  AMBIGUOUS: 'Nobody yet: the geocoder found several places (Review addresses)',
};

const HAND_OVER_WORDS = {
  RULE: 'By the class rule',
  ALWAYS: 'Always',
  NEVER: 'Never',
} as const;

function StudentDetails({ student }: { student: Student }) {
  const facts: Fact[] = [
    ['Class', student.class],
    ['Roll No', student.rollNo],
    ['NFC Tag Id', orDash(student.nfcTagId)],
    [
      'Parent',
      <Link component={RouterLink} to={paths.parents.details(student.parent.id)}>
        {student.parent.user.name}
      </Link>,
    ],
    ['Parent Phone No', student.parent.phone],
    ['Pickup Address', orDash(student.pickupDropAddress)],
    ['Pickup Point', formatHome(student.pickupAndDropLat, student.pickupAndDropLng)],
    ['Home placed by', HOME_PLACED_WORDS[student.addressStatus]],
    ['Route', student.assignment?.routeName ?? 'Not assigned'],
    ['Hand-over', HAND_OVER_WORDS[student.handOver]],
    ['Listed From', formatDate(student.createdAt)],
  ];

  return (
    <Stack spacing={3}>
      <RecordSummary
        name={student.name}
        photo={student.profileImage}
        photoUpload={{ kind: 'student', id: student.id }}
        facts={facts}
        updatePath={paths.students.update(student.id)}
      >
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Pickup point
        </Typography>
        <LazyLocationPicker
          point={toMapPoint(student.pickupAndDropLat, student.pickupAndDropLng)}
          label="Pickup location map"
          height={220}
        />
      </RecordSummary>
      <StudentGuardians studentId={student.id} name={student.name} />
      <StudentAbsences studentId={student.id} name={student.name} />
      <AuthorizedAdults studentId={student.id} name={student.name} />
      <StudentCard student={student} />
    </Stack>
  );
}

export function StudentDetailsPage() {
  return (
    <StudentGate title="Student Details">{(student) => <StudentDetails student={student} />}</StudentGate>
  );
}
