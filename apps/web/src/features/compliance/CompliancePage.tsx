import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { CredentialKindsPanel } from './CredentialKindsPanel';
import { CredentialListPanel } from './CredentialListPanel';

/**
 * The Compliance screen: every credential (filtered by state and holder type, or one holder's from a link), and
 * the kinds' settings. The tab is kept in the address (`?tab=kinds`).
 */
export function CompliancePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'kinds' ? 'kinds' : 'credentials';
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, next: string) => setParams(next === 'kinds' ? { tab: 'kinds' } : {})}
        aria-label="Compliance sections"
        sx={{ mb: 2 }}
      >
        <Tab value="credentials" label="Credentials" />
        <Tab value="kinds" label="Kinds" />
      </Tabs>
      {tab === 'kinds' ? <CredentialKindsPanel /> : <CredentialListPanel />}
    </>
  );
}
