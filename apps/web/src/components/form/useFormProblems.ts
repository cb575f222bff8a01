import { MESSAGES } from '@school-transport/shared';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api/api-client';

/** The server's per-field refusals (a duplicate email, …), or else its message. */
export function serverProblems(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [MESSAGES.somethingWentWrongSpaced];
  return error.errors.length > 0 ? error.errors.map((item) => item.message) : [error.message];
}

/**
 * The problems shown above a form, the one way for every form (schema forms through `useSchemaForm`, and forms
 * whose state is not fields, such as Add Assignment's selects and picked children): what is still missing is
 * passed in as worked out from the form's current state at this render, so each message goes as soon as its
 * cause is fixed; the server's refusal is kept until `dismissRefusal` (the form calls it at the next change),
 * since it was about the values then sent.
 */
export function useFormProblems() {
  const [refusal, setRefusal] = useState<string[]>([]);
  const dismissRefusal = useCallback(() => setRefusal((current) => (current.length ? [] : current)), []);

  return {
    /** What to show: once a submit was tried, `missing` (from the current state) and the refusal; before, the refusal. */
    shown: (submitted: boolean, missing: string[]) => (submitted ? [...missing, ...refusal] : refusal),
    /** Runs `save` unless something is `missing`; when `save` rejects, what it was refused for is shown. */
    async attempt(missing: string[], save: () => Promise<unknown>): Promise<void> {
      setRefusal([]);
      if (missing.length > 0) return;
      try {
        await save();
      } catch (error) {
        setRefusal(serverProblems(error));
      }
    },
    dismissRefusal,
  };
}
