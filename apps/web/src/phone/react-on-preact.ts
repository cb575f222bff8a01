/**
 * What the phone build gives a module that imports `react` (phone-build.ts, PREACT_ALIASES): Preact's compatibility
 * layer, plus React 19's `use` for the one way a library of the phone apps calls it. react-leaflet 5 (the parent's
 * bus map) reads its context with `use(LeafletContext)`; preact/compat 10 has no `use`, and for a context it is
 * `useContext`. A promise (Suspense data) is not supported: nothing in the phone apps passes one.
 */
import { useContext, type Context } from 'preact/compat';

// @ts-expect-error -- preact/compat's types are one `export =` namespace; at run time it is an ES module, whose
// names this passes on (the phone's code is typed against React's own types, not this file's).
export * from 'preact/compat';
export { default } from 'preact/compat';

export function use<T>(usable: Context<T> | PromiseLike<T>): T {
  if ('then' in usable) throw new Error('use(promise) is not supported by the phone apps’ UI layer (Preact)');
  return useContext(usable);
}
