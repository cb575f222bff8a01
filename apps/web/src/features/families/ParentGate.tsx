import { recordGate } from '../../components/RecordGate';
import { paths } from '../../lib/paths';
import { useParent } from './api';

export const ParentGate = recordGate({
  useRecord: useParent,
  noun: 'Parent',
  back: { label: 'All Parents', to: paths.parents.list },
});
