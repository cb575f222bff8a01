import { useEffect, useRef } from 'react';

/**
 * Brings an element into view whenever `trigger` changes while `shown`: a message that answers a button may stand
 * far from it (the top of a long page, the top of a scrolled dialog).
 */
export function useScrollIntoView<T extends HTMLElement>(trigger: unknown, shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    // Optional call: jsdom, where the unit tests run, has no layout and leaves the method out.
    if (shown) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [trigger, shown]);
  return ref;
}
