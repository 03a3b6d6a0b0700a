import { z } from 'zod';
import type { Tx } from '@/lib/db/prisma';
import { OFFLINE_MODEL_LABEL } from '@/lib/reflection/offline-provider';

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

/** Stored by runs seeded or made before offline runs recorded their pipeline version. */
const UNVERSIONED_OFFLINE = 'rule-based (version not recorded)';

type RunNames = {
  provider: string;
  model: string | null;
  promptVersion: string | null;
  llmCalls: { model: string; promptVersion: string }[];
};

/**
 * One name per model and prompt version a run used. An LLM run names them on
 * its calls (its own model field may join two, "a / b"); an offline run has no
 * calls and was stored as "rule-based" or "rule-based (offline)", "offline" or
 * "rule-based@N" over time: one model name, and its pipeline version.
 */
function runNames(r: RunNames): { models: (string | null)[]; promptVersions: (string | null)[] } {
  if (r.provider === 'OFFLINE') {
    return {
      models: [OFFLINE_MODEL_LABEL],
      promptVersions: [r.promptVersion && r.promptVersion !== 'offline' ? r.promptVersion : UNVERSIONED_OFFLINE],
    };
  }
  if (!r.llmCalls.length) return { models: [r.model], promptVersions: [r.promptVersion] };
  return { models: r.llmCalls.map((c) => c.model), promptVersions: r.llmCalls.map((c) => c.promptVersion) };
}

const sorted = (xs: Iterable<string | null | undefined>) =>
  [...new Set([...xs].filter((x): x is string => !!x))].sort();

/** Summarises the runs behind every released version and its earlier versions. */
export async function buildReleaseRecipe(tx: Tx, versionIds: string[], skippedCards: string[]): Promise<ReleaseRecipe> {
  const versions = await tx.cardVersion.findMany({
    where: { id: { in: versionIds } },
    select: { cardId: true, number: true, proposal: { select: { runId: true } } },
  });
  // A version's content was built by the runs of its whole history (a PATCH keeps what earlier runs wrote).
  const released = new Map(versions.map((v) => [v.cardId, v.number]));
  const history = await tx.cardVersion.findMany({
    where: { cardId: { in: [...released.keys()] } },
    select: { cardId: true, number: true, proposal: { select: { runId: true } } },
  });
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
  const scope = (s: unknown) =>
    s && typeof s === 'object' && 'scope' in s && typeof s.scope === 'string' ? s.scope : null;
  return {
    runs: runs.length,
    runKinds: sorted(runs.map((r) => r.kind)),
    scopes: sorted(runs.map((r) => scope(r.settings))),
    feedbackKinds: sorted(runs.flatMap((r) => r.trajectories.map((t) => t.trajectory.feedbackKind))),
    providers: sorted(runs.map((r) => r.provider)),
    models: sorted(runs.flatMap((r) => runNames(r).models)),
    promptVersions: sorted(runs.flatMap((r) => runNames(r).promptVersions)),
    versionsWithoutRun: versions.filter((v) => !v.proposal?.runId).length,
    skippedCards,
  };
}
