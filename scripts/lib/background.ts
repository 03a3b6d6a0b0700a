/**
 * Background services that `npm start` runs next to the web server: the
 * reflection job worker (in-process by default; WORKER=off turns it off when
 * standalone workers run elsewhere) and the OTLP receiver's sweep for traces
 * left pending (lib/otlp/build-pending-traces.ts). `npm run worker` runs the same worker
 * standalone for scale-out; the e2e runner starts it too.
 */
import { setting } from '@/lib/env';
import { plural } from '@/lib/text/plural';

type Stop = () => Promise<void>;
const stops: Stop[] = [];

export function inProcessWorkerEnabled(): boolean {
  return setting('WORKER') !== 'off';
}

export async function startBackground(): Promise<void> {
  const { failStaleImports } = await import('@/lib/import/fail-stale-imports');
  const stale = await failStaleImports();
  if (stale) console.log(`• Marked ${plural(stale, 'interrupted import')} as failed`);
  const { startTraceBuildSweep } = await import('@/lib/otlp/build-pending-traces');
  stops.push(startTraceBuildSweep());
  if (inProcessWorkerEnabled()) {
    const { startReflectionWorker } = await import('@/lib/reflection/reflection-worker');
    const worker = await startReflectionWorker();
    stops.push(worker.stop);
  }
}

export async function stopBackground(): Promise<void> {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
}
