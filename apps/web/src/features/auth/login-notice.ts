/**
 * A success message for the Log In screen from the screen that sent the person there (a reset password). It
 * travels in the navigation state, not the address, so a bookmarked or shared Log In link never shows it.
 */
export interface LoginNotice {
  notice: string;
}

export function readLoginNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice } = state as Partial<LoginNotice>;
  return typeof notice === 'string' ? notice : null;
}
