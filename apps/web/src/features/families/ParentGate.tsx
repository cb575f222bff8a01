import { recordGate } from '../../components/record/RecordGate';
import { paths } from '../../lib/paths/paths';
import { useParent } from './families-api';

export const ParentGate = recordGate({
  useRecord: useParent,
  noun: 'Parent',
  back: { label: 'All Parents', to: paths.parents.list },
});
