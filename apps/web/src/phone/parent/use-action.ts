import { useState } from 'react';

/**
 * A button's action that is neither a query nor a form (subscribing this phone, downloading a file): whether it
 * is running, and what it said last, a success or the problem in words (`describe` puts an error in the screen's
 * language).
 */
export function useAction(describe: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  /** Runs `action`; `doneMessage` is shown once it succeeds. Answers whether it did. */
  const run = async (action: () => Promise<void>, doneMessage: string | null = null): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await action();
      setDone(doneMessage);
      return true;
    } catch (error) {
      setProblem(describe(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, problem, done, run };
}
