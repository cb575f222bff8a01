import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Student } from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { toMapPoint } from '../../components/map/coordinates';
import { LazyLocationPicker } from '../../components/map/LazyLocationPicker';
import { PageHeader } from '../../components/PageHeader';
import { RecordSummary, type Fact } from '../../components/RecordSummary';
import { formatCoordinates, formatDate, orDash } from '../../lib/format';
import { parentDetailsPath } from '../parents';
import { STUDENT_LIST_PATH, updateStudentPath } from './paths';
import { StudentGate } from './StudentGate';

const BREADCRUMBS = [{ label: 'All Students', to: STUDENT_LIST_PATH }];

function StudentDetails({ student }: { student: Student }) {
  const facts: Fact[] = [
    ['Class', student.class],
    ['Roll No', student.rollNo],
    ['NFC Tag Id', orDash(student.nfcTagId)],
    [
      'Parent',
      <Link component={RouterLink} to={parentDetailsPath(student.parent.id)}>
        {student.parent.user.name}
      </Link>,
    ],
    ['Parent Phone No', student.parent.phone],
    ['Pickup Address', orDash(student.pickupDropAddress)],
    ['Pickup Point', formatCoordinates(student.pickupAndDropLat, student.pickupAndDropLng)],
    ['Route', student.assignment?.routeName ?? 'Not assigned'],
    ['Listed From', formatDate(student.createdAt)],
  ];

  return (
    <RecordSummary
      name={student.name}
      photo={student.profileImage}
      photoUpload={{ kind: 'student', id: student.id }}
      facts={facts}
      updatePath={updateStudentPath(student.id)}
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
  );
}

export function StudentDetailsPage() {
  return (
    <>
      <PageHeader title="Student Details" breadcrumbs={BREADCRUMBS} />
      <StudentGate>{(student) => <StudentDetails student={student} />}</StudentGate>
    </>
  );
}
