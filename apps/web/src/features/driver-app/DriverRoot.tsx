import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { tokensCss } from '../../design/tokens';
import { DriverApp } from '../../phone/driver/DriverApp';

/**
 * A bridge, only while the office's index.html still answers /driver (app/routes.tsx's lazy route names this file):
 * the driver app lives in phone/driver and owns its router, so it is drawn in a React root of its own, outside the
 * office's router and providers. It goes with that route once /driver has its own HTML entry (issue 33).
 */
export function DriverRoot() {
  const host = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const root = createRoot(host.current!);
    root.render(<DriverApp />);
    // Unmounted after this render pass, as React asks of a root removed from within an effect's cleanup.
    return () => void setTimeout(() => root.unmount());
  }, []);
  return (
    <>
      {/* The phone kit's tokens (--sr-*) and page colours, which the driver app's own HTML inlines at build time;
          `html body` outweighs the office's baseline, whose colours follow the office's own mode. */}
      <style>{`${tokensCss()}html body{background:var(--sr-background);color:var(--sr-text);font-family:var(--sr-font)}`}</style>
      <div ref={host} />
    </>
  );
}
