import Stack from '@mui/material/Stack';
import type { ParentDetails } from '@school-transport/shared';
import { AppAccount } from '../../components/account/AppAccount';
import { RecordSummary, type Fact } from '../../components/record/RecordSummary';
import { formatDate, orDash } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { ParentChildren } from './ParentChildren';
import { ParentGate } from './ParentGate';

function ParentOverview({ parent }: { parent: ParentDetails }) {
  const facts: Fact[] = [
    ['Phone No', parent.phone],
    ['Alternative Phone No', parent.alternativePhone],
    ['Email', parent.user.email],
    ['Address', parent.address],
    ['City', orDash(parent.city)],
    ['State', parent.state],
    ['ZIP Code', parent.pinCode],
    ['Joined', formatDate(parent.createdAt)],
  ];

  return (
    <Stack spacing={3}>
      <RecordSummary
        name={parent.user.name}
        photo={parent.profileImage}
        photoUpload={{ kind: 'parent', id: parent.id }}
        facts={facts}
        updatePath={paths.parents.update(parent.id)}
      />
      <AppAccount kind="parent" record={parent} />
      <ParentChildren parent={parent} />
    </Stack>
  );
}

export function ParentDetailsPage() {
  return <ParentGate title="Parent Details">{(parent) => <ParentOverview parent={parent} />}</ParentGate>;
}
