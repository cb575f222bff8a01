import { BrowserRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../app/providers';
import { ParentRoot } from '../../features/parent-portal/ParentRoot';

/** The parent portal's entry component (main.tsx mounts it). Being rewritten on the phone kit (issue 33). */
export function ParentApp() {
  return (
    <AppProviders>
      <BrowserRouter>
        <Routes>
          <Route path="/parent/*" element={<ParentRoot />} />
        </Routes>
      </BrowserRouter>
    </AppProviders>
  );
}
