import Stack from '@mui/material/Stack';
import type { Driver } from '@school-transport/shared';
import { AppAccount } from '../../components/account/AppAccount';
import { CredentialsPanel } from '../../components/credentials/CredentialsPanel';
import { RecordSummary, type Fact } from '../../components/record/RecordSummary';
import { TitledPanel } from '../../components/page/TitledPanel';
import { formatDate, orDash } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { DriverGate } from './DriverGate';

function DriverDetails({ driver }: { driver: Driver }) {
  const facts: Fact[] = [
    ['Phone', driver.phone],
    ['Alternative Phone', orDash(driver.alternativePhone)],
    ['Email', driver.user.email],
    ['License No', driver.licenseNo],
    ['Joined', formatDate(driver.createdAt)],
    ['Address', orDash(driver.address)],
  ];

  return (
    <Stack spacing={3}>
      <RecordSummary
        name={driver.user.name}
        photo={driver.profileImage}
        photoUpload={{ kind: 'driver', id: driver.id }}
        facts={facts}
        updatePath={paths.drivers.update(driver.id)}
      />
      <AppAccount kind="driver" record={driver} />
      <TitledPanel title="Credentials">
        <CredentialsPanel holder={{ subject: 'DRIVER', id: driver.id, name: driver.user.name }} />
      </TitledPanel>
    </Stack>
  );
}

export function DriverDetailsPage() {
  return <DriverGate title="Driver Details">{(driver) => <DriverDetails driver={driver} />}</DriverGate>;
}
