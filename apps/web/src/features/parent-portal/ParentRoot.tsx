import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { tokensCss } from '../../design/tokens';
import { ParentApp } from '../../phone/parent/ParentApp';

/**
 * TEMPORARY (issue 33): the back-office's /parent route (app/routes.tsx) still loads this module until the portal's
 * own HTML entry (apps/web/parent/index.html) takes /parent over; then the route and this folder go. The portal
 * owns its router, which cannot sit inside the office's, so it is drawn into a React root of its own, with the
 * design tokens its HTML would have inlined.
 */
export function ParentRoot() {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const tokens = document.createElement('style');
    tokens.textContent = tokensCss();
    document.head.append(tokens);
    const root = createRoot(host.current!);
    root.render(<ParentApp />);
    return () => {
      // After this render has finished: React refuses to unmount a root during another root's render.
      queueMicrotask(() => root.unmount());
      tokens.remove();
    };
  }, []);
  // The office's page styles its body for the office's theme: the portal's text and background are set here.
  return (
    <div
      ref={host}
      style={{ minHeight: '100vh', color: 'var(--sr-text)', background: 'var(--sr-background)' }}
    />
  );
}
