import { useDeferredValue } from 'react';

/** What a screen draws before its deferred answer: never a value an answer can be, so React always sees a change. */
const NOT_DRAWN_YET = Symbol('not drawn yet');

/**
 * A query's answer as a screen should draw it: a moment later, at low priority, in slices of a few ms that yield to
 * the browser, instead of within the one long task in which it arrives (decision 062). TanStack Query hands an
 * answer to React as an update React must draw at once; and when the answer lands while the screen's first render
 * is under way, React redraws the whole screen at once to stay consistent. Either way the screen's rows or figures
 * were drawn in a task of hundreds of ms on a phone. Here that urgent render draws the screen without the answer
 * (its spinner or skeletons, cheap), and React draws the answer just after in a render of its own — also when the
 * screen mounts with the answer already at hand (the initial value), at the price of one frame of the spinner on
 * a screen revisited from the cache. `undefined` until then: the screen shows its loading state. A later answer
 * (another page of a list) is deferred the same way, the earlier one staying on screen meanwhile. Errors are not
 * deferred: the screen reads them from its query.
 */
export function useAnswerDrawnLater<T>(answer: T | undefined): T | undefined {
  const drawn = useDeferredValue<T | undefined | typeof NOT_DRAWN_YET>(answer, NOT_DRAWN_YET);
  return drawn === NOT_DRAWN_YET ? undefined : drawn;
}
