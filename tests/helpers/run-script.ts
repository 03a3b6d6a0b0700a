import { spawn } from 'node:child_process';

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/** Runs a CLI script (e.g. `scripts/import.ts`) as its own Node process and collects its exit code and output. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
