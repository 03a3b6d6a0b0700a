import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { runFunctionCards } from './function-cards';
import { persistFailure, persistSuccess, RunNoLongerRunning, startRun } from './persist-run';
import { PipelineFailure } from './pipeline-types';
import { runRecuration } from './recurate';
import { runReflection } from './reflect';

/**
 * Executes one ReflectionRun (REFLECTION or FUNCTION_CARDS) end to end and
 * leaves it SUCCEEDED or FAILED with a reason. Safe to call again for a run a
 * crash left RUNNING: the interrupted attempt's rows are cleared in one
 * transaction and the run starts over. A finished run is left untouched.
 * Nothing here writes to the bank (Card/CardVersion): only proposals.
 */
export async function executeRun(runId: string, opts?: { signal?: AbortSignal }): Promise<void> {
  const exists = await prisma.reflectionRun.findUnique({ where: { id: runId }, select: { id: true } });
  if (!exists) throw notFound(`Run ${runId}`);
  if (!(await startRun(runId))) return;
  const run = await prisma.reflectionRun.findUniqueOrThrow({ where: { id: runId } });
  try {
    const result =
      run.kind === 'FUNCTION_CARDS'
        ? await runFunctionCards(run, opts?.signal)
        : run.kind === 'RECURATE'
          ? await runRecuration(run, opts?.signal)
          : await runReflection(run, opts?.signal);
    if (opts?.signal?.aborted)
      throw new PipelineFailure('The run was cancelled before its results were saved', {
        promptTokens: 0,
        completionTokens: 0,
      });
    await persistSuccess(runId, result);
  } catch (e) {
    if (e instanceof RunNoLongerRunning) return;
    const partial = e instanceof PipelineFailure ? e.partial : { promptTokens: 0, completionTokens: 0 };
    await persistFailure(runId, (e as Error).message || 'The run failed', partial);
  }
}
