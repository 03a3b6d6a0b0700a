import path from 'node:path';

/**
 * The command that serves the built console on `port` (scripts/serve.ts, which
 * decides the client address itself; see there why not plain `next start`).
 * Every place that starts the built app uses this one.
 */
export function serveCommand(port: number, opts: { dev?: boolean } = {}): { bin: string; args: string[] } {
  return {
    bin: process.execPath,
    args: ['--import', 'tsx', path.resolve('scripts/serve.ts'), '-p', String(port), ...(opts.dev ? ['--dev'] : [])],
  };
}
