import { z } from 'zod';
import type { Tx } from '@/lib/db/prisma';

/**
 * What built a release's versions, summarised from the reflection runs behind
 * them (ingestion scope, feedback kinds of the trajectories they read,
 * provider/models, prompt versions). Stored on the release at freeze time.
 */
export const releaseRecipeSchema = z.object({
  runs: z.number().int(),
  runKinds: z.array(z.string()),
  scopes: z.array(z.string()),
  feedbackKinds: z.array(z.string()),
  providers: z.array(z.string()),
  models: z.array(z.string()),
  promptVersions: z.array(z.string()),
  /** Versions approved without a run (hand-written or seeded cards). */
  versionsWithoutRun: z.number().int(),
  /** Cards whose current version no longer parses (left out of the release). */
  skippedCards: z.array(z.string()),
});
export type ReleaseRecipe = z.infer<typeof releaseRecipeSchema>;

const sorted = (xs: Iterable<string | null | undefined>) => [...new Set([...xs].filter((x): x is string => !!x))].sort();

/** Summarises the runs behind every released version and its earlier versions. */
export async function buildReleaseRecipe(tx: Tx, versionIds: string[], skippedCards: string[]): Promise<ReleaseRecipe> {
  const versions = await tx.cardVersion.findMany({ where: { id: { in: versionIds } }, select: { cardId: true, number: true, proposal: { select: { runId: true } } } });
  // A version's content was built by the runs of its whole history (a PATCH keeps what earlier runs wrote).
  const released = new Map(versions.map((v) => [v.cardId, v.number]));
  const history = await tx.cardVersion.findMany({ where: { cardId: { in: [...released.keys()] } }, select: { cardId: true, number: true, proposal: { select: { runId: true } } } });
  const runIds = sorted(history.filter((h) => h.number <= released.get(h.cardId)!).map((h) => h.proposal?.runId));
  const runs = await tx.reflectionRun.findMany({
    where: { id: { in: runIds } },
    select: {
      kind: true,
      provider: true,
      model: true,
      promptVersion: true,
      settings: true,
      llmCalls: { select: { model: true, promptVersion: true } },
      trajectories: { select: { trajectory: { select: { feedbackKind: true } } } },
    },
  });
  const scope = (s: unknown) => (s && typeof s === 'object' && 'scope' in s && typeof s.scope === 'string' ? s.scope : null);
  return {
    runs: runs.length,
    runKinds: sorted(runs.map((r) => r.kind)),
    scopes: sorted(runs.map((r) => scope(r.settings))),
    feedbackKinds: sorted(runs.flatMap((r) => r.trajectories.map((t) => t.trajectory.feedbackKind))),
    providers: sorted(runs.map((r) => r.provider)),
    models: sorted(runs.flatMap((r) => [r.model, ...r.llmCalls.map((c) => c.model)])),
    promptVersions: sorted(runs.flatMap((r) => [r.promptVersion, ...r.llmCalls.map((c) => c.promptVersion)])),
    versionsWithoutRun: versions.filter((v) => !v.proposal?.runId).length,
    skippedCards,
  };
}
