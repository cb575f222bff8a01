import Stack from '@mui/material/Stack';
import type { ParentDetails } from '@school-transport/shared';
import { PageHeader } from '../../components/PageHeader';
import { RecordSummary, type Fact } from '../../components/RecordSummary';
import { formatDate, orDash } from '../../lib/format';
import { ParentChildren } from './ParentChildren';
import { ParentGate } from './ParentGate';
import { PARENT_LIST_PATH, updateParentPath } from './paths';

const BREADCRUMBS = [{ label: 'All Parents', to: PARENT_LIST_PATH }];

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
        updatePath={updateParentPath(parent.id)}
      />
      <ParentChildren parent={parent} />
    </Stack>
  );
}

export function ParentDetailsPage() {
  return (
    <>
      <PageHeader title="Parent Details" breadcrumbs={BREADCRUMBS} />
      <ParentGate>{(parent) => <ParentOverview parent={parent} />}</ParentGate>
    </>
  );
}
