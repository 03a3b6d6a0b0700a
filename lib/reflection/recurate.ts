import type { ReflectionRun } from '@prisma/client';
import { skillCardSchema } from '@/lib/cards/card-schemas';
import { canonicalJson } from '@/lib/text/canonical-json';
import { prisma } from '@/lib/db/prisma';
import { getLlmConfig } from '@/lib/llm/config';
import { sha256 } from '@/lib/llm/prompts';
import { curateDelta } from './curate';
import { curationContextOf } from './curation-flaws';
import { runFunctionCards } from './function-cards';
import { OFFLINE_MODEL, OFFLINE_PIPELINE_VERSION } from './offline-provider';
import { buildContrastPacket } from './packet';
import { PipelineFailure, type PartialRun, type PipelineResult } from './pipeline-types';
import { recurateRunSettingsSchema, reflectionRunSettingsSchema } from './run-settings';

/**
 * A RECURATE run (a reviewer's "re-curate" on a stale proposal): the curator
 * runs again on the same delta against the bank as it is now, so the new
 * proposal's base is each target's current version. For a function card the
 * card is rebuilt from the tool's observed calls against its current card.
 * persistSuccess then supersedes the stale proposal with the new one.
 */
export async function runRecuration(run: ReflectionRun, signal?: AbortSignal): Promise<PipelineResult> {
  const settings = recurateRunSettingsSchema.parse(run.settings ?? {});
  const stale = await prisma.proposal.findUnique({
    where: { id: settings.recurateProposalId },
    include: {
      delta: true,
      run: {
        select: {
          id: true,
          diagnoses: { select: { diagnosisId: true } },
          trajectories: { select: { trajectoryId: true } },
        },
      },
    },
  });
  if (!stale)
    throw new PipelineFailure(`Proposal ${settings.recurateProposalId} no longer exists`, {
      promptTokens: 0,
      completionTokens: 0,
    });
  if (stale.cardKind === 'FUNCTION') {
    const result = await runFunctionCards(run, signal);
    return { ...result, inputHash: sha256(`recurate|${stale.id}|${result.inputHash}`) };
  }
  const timings: Record<string, number> = {};
  const partial: PartialRun = { promptTokens: 0, completionTokens: 0, timings };
  const started = Date.now();
  try {
    if (!run.taskId) throw new Error('The stale proposal has no task to re-curate against');
    const delta = skillCardSchema.safeParse(stale.delta?.content);
    if (!delta.success) throw new Error('The stale proposal has no valid delta to re-curate');
    const reflection = reflectionRunSettingsSchema.parse(run.settings ?? {});
    const { packet, context } = await buildContrastPacket(run.taskId, reflection);
    partial.packet = packet;
    const offline = settings.provider === 'offline';
    const config = offline ? null : await getLlmConfig();
    if (config && !config.configured)
      throw new Error('No OpenAI-compatible endpoint is configured (OPENAI_BASE_URL); use the offline provider');
    const model = offline ? OFFLINE_MODEL : (reflection.curatorModel ?? config!.models.curator);
    partial.model = offline ? (run.model ?? OFFLINE_MODEL) : model;
    const index = stale.deltaIndex ?? 0;
    const curated = await curateDelta(
      index,
      delta.data,
      {
        observedTools: context.observedTools,
        allFailed: context.allFailed,
        scenarioValues: context.scenarioValues,
        forbiddenTerms: context.forbiddenTerms,
        judgeNotes: context.judgeNotes,
      },
      {
        runId: run.id,
        provider: settings.provider,
        model,
        config,
        ability: stale.ability ?? context.ability,
        apps: context.apps,
        outcomeRule: context.allFailed
          ? 'Every run failed: no success content.'
          : 'Success content must come from what a passing run did.',
        curation: curationContextOf(packet, context.observedTools),
        signal,
      },
    );
    const bank = curated.proposal.targets.map((t) => [t.cardId, t.baseVersionId]);
    const prompt = curated.prompt ?? { version: OFFLINE_PIPELINE_VERSION, hash: sha256(OFFLINE_PIPELINE_VERSION) };
    timings.totalMs = Date.now() - started;
    return {
      inputHash: sha256(canonicalJson({ recurate: stale.id, delta: stale.deltaId, bank, prompt: prompt.hash, model })),
      packet,
      rawOutput: `## curator (delta ${index}, re-curation of ${stale.id})\n${curated.raw}`,
      promptVersion: prompt.version,
      promptHash: prompt.hash,
      model: partial.model,
      promptTokens: curated.promptTokens,
      completionTokens: curated.completionTokens,
      timings,
      // The delta is copied into this run so its page and the provenance chain show what was re-curated.
      // With the diagnoses it was built from, so the card's provenance still names them.
      deltas: [
        { index, content: delta.data, valid: true, validation: [], diagnosisIds: stale.delta?.diagnosisIds ?? [] },
      ],
      proposals: [curated.proposal],
      trajectoryIds: stale.run?.trajectories.map((t) => t.trajectoryId) ?? context.trajectoryIds,
      diagnosisIds: stale.run?.diagnoses.map((d) => d.diagnosisId) ?? context.diagnosisIds,
    };
  } catch (e) {
    timings.totalMs = Date.now() - started;
    throw new PipelineFailure((e as Error).message, partial);
  }
}
