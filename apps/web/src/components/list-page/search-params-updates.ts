import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's parameters and a way to change them in which each change builds on the one before it, as React's
 * `setState(fn)` does. React Router's `setSearchParams(fn)` hands `fn` the parameters of the last render instead:
 * two changes before the page renders again (a status chosen, then a date typed at once, on a busy phone) keep only
 * the second. Its maintainers call that expected (remix-run/react-router#9757, #14491); a browser test lost the
 * status that way under load.
 */
export function useSearchParamsUpdates() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The last change made here and the rendered parameters it was made from: a change from the same render (none
  // shown yet) builds on it; once a render shows the address, that address is the base.
  const latest = useRef<{ from: URLSearchParams; changed: URLSearchParams } | null>(null);

  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const base = latest.current?.from === searchParams ? latest.current.changed : searchParams;
      const next = change(new URLSearchParams(base));
      latest.current = { from: searchParams, changed: next };
      setSearchParams(next, options);
    },
    [searchParams, setSearchParams],
  );
  return [searchParams, update] as const;
}
