import { BrowserRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../app/providers';
import { DriverRoot } from '../../features/driver-app/DriverRoot';

/** The driver app's entry component (main.tsx mounts it). Being rewritten on the phone kit (issue 33). */
export function DriverApp() {
  return (
    <AppProviders>
      <BrowserRouter>
        <Routes>
          <Route path="/driver/*" element={<DriverRoot />} />
        </Routes>
      </BrowserRouter>
    </AppProviders>
  );
}
