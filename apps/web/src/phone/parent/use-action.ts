import { useState } from 'react';

/**
 * A button's action that is neither a query nor a form (subscribing this phone, downloading a file): whether it
 * is running, and what it said last, a success or the problem in words.
 */
export function useAction() {
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
      setProblem(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, problem, done, run };
}
