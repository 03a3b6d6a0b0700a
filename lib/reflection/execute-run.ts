/**
 * Executes one ReflectionRun (REFLECTION or FUNCTION_CARDS) end to end.
 * Safe to call again for a run left RUNNING by a crash.
 */
export async function executeRun(runId: string, opts?: { signal?: AbortSignal }): Promise<void> {
  void runId;
  void opts;
  throw new Error('executeRun: not implemented yet');
}
