import type { Driver } from '@school-transport/shared';
import { PageHeader } from '../../components/PageHeader';
import { RecordSummary, type Fact } from '../../components/RecordSummary';
import { formatDate, orDash } from '../../lib/format';
import { DriverGate } from './DriverGate';
import { DRIVER_LIST_PATH, updateDriverPath } from './paths';

const BREADCRUMBS = [{ label: 'All Drivers', to: DRIVER_LIST_PATH }];

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
    <RecordSummary
      name={driver.user.name}
      photo={driver.profileImage}
      facts={facts}
      updatePath={updateDriverPath(driver.id)}
    />
  );
}

export function DriverDetailsPage() {
  return (
    <>
      <PageHeader title="Driver Details" breadcrumbs={BREADCRUMBS} />
      <DriverGate>{(driver) => <DriverDetails driver={driver} />}</DriverGate>
    </>
  );
}
