/**
 * What the phone build gives a module that imports `react` (phone-build.ts, PREACT_ALIASES): Preact's compatibility
 * layer, plus React 19's `use` for the one way a library of the phone apps calls it. react-leaflet 5 (the parent's
 * bus map) reads its context with `use(LeafletContext)`; preact/compat 10 has no `use`, and for a context it is
 * `useContext`. A promise (Suspense data) is not supported: nothing in the phone apps passes one.
 */
import { useContext, type Context } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

export function use<T>(usable: Context<T> | PromiseLike<T>): T {
  if ('then' in usable) throw new Error('use(promise) is not supported by the phone apps’ UI layer (Preact)');
  return useContext(usable);
}
