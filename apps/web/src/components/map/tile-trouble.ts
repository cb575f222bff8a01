import { useMemo, useState } from 'react';

/**
 * The tile server may be unreachable (offline, blocked, misconfigured): what a map shows still shows on a blank
 * background, and the screen says why it is blank rather than letting it look broken. Pass `eventHandlers` to the
 * TileLayer; `failed` says whether to show that notice.
 */
export function useTileTrouble() {
  const [failed, setFailed] = useState(false);
  const eventHandlers = useMemo(
    () => ({ tileerror: () => setFailed(true), tileload: () => setFailed(false) }),
    [],
  );
  return { failed, eventHandlers };
}
