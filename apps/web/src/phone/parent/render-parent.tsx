import { render } from '@testing-library/react';
import { ParentApp } from './ParentApp';

/**
 * The parent portal's tests: the whole portal (its shell, session, words and screens, as its entry mounts it) opened
 * at `path`. The shell owns its router (the browser's), so the address is set first.
 */
export function renderParent(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ParentApp />);
}
