import { useSyncExternalStore } from 'react';

/**
 * The account menu (drawn by the phone shell, outside the driver's outbox) asks to sign out; the confirmation is
 * drawn inside the signed-in screens, where the outbox says how much would be left waiting. This is the one bit of
 * state between the two.
 */
let asking = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  asking = value;
  for (const listener of listeners) listener();
}

export const askToSignOut = () => set(true);
export const stopAskingToSignOut = () => set(false);

export function useSignOutAsked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => asking,
    () => false,
  );
}
