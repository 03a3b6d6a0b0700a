import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCountArgs } from '../../../scripts/lib/cli-args';

const USAGE = 'Usage: npm run bench:x [-- --rounds 3 --per-arm 50000 --only NAME]';

/** Runs parseCountArgs on `args`; a usage error's process.exit becomes a thrown "exit N" and its message is kept. */
function parse(args: string[]) {
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
  vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`exit ${code}`);
  });
  try {
    return { parsed: parseCountArgs(USAGE, { rounds: 3, 'per-arm': 50000 }, { only: { type: 'string' } }, args) };
  } catch (err) {
    return { exit: (err as Error).message, errors };
  }
}

describe("a benchmark's count options", () => {
  afterEach(() => vi.restoreAllMocks());

  it('are numbers: the defaults, or whole numbers given', () => {
    expect(parse([]).parsed?.counts).toEqual({ rounds: 3, 'per-arm': 50000 });
    const { parsed } = parse(['--rounds', '1', '--per-arm', '200', '--only', 'tau2']);
    expect(parsed?.counts).toEqual({ rounds: 1, 'per-arm': 200 });
    expect(parsed?.values.only).toBe('tau2');
  });

  it('refuse anything but a whole number, naming the option, with the usage', () => {
    for (const bad of ['x', '1.5', '-2', '']) {
      const result = parse([`--per-arm=${bad}`]);
      expect(result.exit).toBe('exit 1');
      expect(result.errors?.join('\n')).toBe(`✖ --per-arm must be a whole number (got "${bad}")\n${USAGE}`);
    }
  });

  it('refuse an unknown option as a usage error', () => {
    const result = parse(['--round', '2']);
    expect(result.exit).toBe('exit 1');
    expect(result.errors?.join('\n')).toMatch(/^✖ .*--round/);
  });
});
