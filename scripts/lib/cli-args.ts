import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O & typeof HELP }>>['values'];

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * The command line of a CLI script, parsed before any database is opened: `--help`/`-h` prints the
 * usage and exits 0; a bad command line (an unknown option, a missing value, or a check of the
 * script's own failing through `usageError`) prints one `✖ message` line and the usage, and exits 1.
 */
export function parseCliArgs<O extends Options>(
  usage: string,
  options: O,
  args: string[] = process.argv.slice(2),
): { values: Values<O>; usageError: (message: string) => never } {
  const usageError = (message: string): never => {
    console.error(`✖ ${message}\n${usage}`);
    process.exit(1);
  };
  let values: Values<O>;
  try {
    ({ values } = parseArgs<{ args: string[]; options: O & typeof HELP }>({ args, options: { ...options, ...HELP } }));
  } catch (err) {
    // Node's ERR_PARSE_ARGS_* (an unknown option, a missing value) as one line, not a stack trace.
    return usageError((err as Error).message);
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return { values, usageError };
}

/**
 * parseCliArgs for a command whose options are mostly counts (a benchmark's sizes and rounds):
 * `counts` gives each count option and its default, answered as whole numbers; anything else
 * there is a usage error naming the option. `options` are the command's other options.
 */
export function parseCountArgs<C extends Record<string, number>, O extends Options = Record<never, never>>(
  usage: string,
  counts: C,
  options: O = {} as O,
  args: string[] = process.argv.slice(2),
): { counts: { [K in keyof C]: number }; values: Values<O>; usageError: (message: string) => never } {
  const countOptions = Object.fromEntries(
    Object.entries(counts).map(([name, byDefault]) => [name, { type: 'string', default: String(byDefault) }]),
  );
  const { values, usageError } = parseCliArgs(usage, { ...options, ...countOptions } as O, args);
  const parsed = Object.fromEntries(
    Object.keys(counts).map((name) => {
      const text = String((values as Record<string, unknown>)[name]);
      if (!/^\d+$/.test(text)) usageError(`--${name} must be a whole number (got "${text}")`);
      return [name, Number(text)];
    }),
  );
  return { counts: parsed as { [K in keyof C]: number }, values, usageError };
}
