import { recordGate } from '../../components/RecordGate';
import { useParent } from './api';
import { PARENT_LIST_PATH } from './paths';

export const ParentGate = recordGate({
  useRecord: useParent,
  noun: 'Parent',
  back: { label: 'All Parents', to: PARENT_LIST_PATH },
});
