/** A command-line mistake: reported on stderr with exit code 2. */
export class UsageError extends Error {}

/** Splits arguments into positionals and `--name value` options. */
export function parseArguments(argv: string[]): { positional: string[]; options: Map<string, string> } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i]!;
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const value = argv[++i];
    if (value === undefined) throw new UsageError(`${argument} needs a value`);
    options.set(argument.slice(2), value);
  }
  return { positional, options };
}

export function numberOption(
  options: Map<string, string>,
  name: string,
  fallback: number | undefined,
  accept: (value: number) => boolean,
): number {
  const text = options.get(name);
  if (text === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  const value = Number(text);
  if (!Number.isFinite(value) || !accept(value)) throw new UsageError(`--${name} ${text} is not valid`);
  return value;
}

export function rejectUnknownOptions(options: Map<string, string>, known: string[]): void {
  for (const name of options.keys()) {
    if (!known.includes(name)) throw new UsageError(`unknown option --${name}`);
  }
}

/** Runs a command's main; a usage or format mistake prints its message and exits with code 2. */
export function runCommand(
  main: () => void | Promise<void>,
  usage: string,
  expected: (error: unknown) => boolean,
) {
  Promise.resolve()
    .then(main)
    .catch((error: unknown) => {
      if (!expected(error)) throw error;
      process.stderr.write(`${(error as Error).message}\n${usage}\n`);
      process.exitCode = 2;
    });
}
