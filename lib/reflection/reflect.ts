import type { ReflectionRun } from '@prisma/client';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { getLlmConfig, type LlmConfig } from '@/lib/llm/config';
import { combinePromptIds, loadFocus, readTemplate, renderPrompt, sha256 } from '@/lib/llm/prompts';
import { completeStructured } from '@/lib/llm/structured-call';
import { rankSkillCards } from '@/lib/retrieval/bm25-skill-cards';
import { curateDelta } from './curate';
import { asValidationIssues, curationContextOf, duplicateTitleFlaws } from './curation-flaws';
import { reflectorOutputSchema } from './curator-schema';
import { takeDeltaSources } from './delta-sources';
import { computeInputHash } from './input-hash';
import { OFFLINE_MODEL, OFFLINE_PIPELINE_VERSION, offlineReflect } from './offline-provider';
import { buildContrastPacket } from './packet';
import { assertStillRunning, RunNoLongerRunning } from './persist-run';
import {
  PipelineFailure,
  type DeltaRecord,
  type PartialRun,
  type PipelineResult,
  type ProposalRecord,
} from './pipeline-types';
import { reflectionRunSettingsSchema } from './run-settings';
import { validateDelta, type ValidationContext } from './validate-card';

/** Top relevant current skill cards shown to the Reflector. */
export const REFLECTOR_CARDS = 3;

const ALL_FAILED_RULE =
  'Every run of this task failed: emit only diagnostic, failure-contrast and recovery content. Leave success_contrast and good_examples empty; never invent a success recipe.';
const SOME_PASSED_RULE = 'Success content must come from what a passing run actually did.';

/**
 * A REFLECTION run: contrast packet → Reflector → validation → Curator per
 * valid delta → validation. Returns everything to persist; throws
 * PipelineFailure (with what it had so far) when a step cannot complete.
 */
export async function runReflection(run: ReflectionRun, signal?: AbortSignal): Promise<PipelineResult> {
  if (!run.taskId) throw new PipelineFailure('A reflection run needs a task', { promptTokens: 0, completionTokens: 0 });
  const settings = reflectionRunSettingsSchema.parse(run.settings ?? {});
  const timings: Record<string, number> = {};
  const partial: PartialRun = { promptTokens: 0, completionTokens: 0, timings };
  const started = Date.now();
  try {
    partial.inputHash = await computeInputHash(run.taskId, settings);
    const { packet, context } = await buildContrastPacket(run.taskId, settings);
    partial.packet = packet;
    timings.packetMs = Date.now() - started;

    const offline = settings.provider === 'offline';
    const config: LlmConfig | null = offline ? null : await getLlmConfig();
    if (config && !config.configured)
      throw new Error('No OpenAI-compatible endpoint is configured (OPENAI_BASE_URL); use the offline provider');
    const reflectorModel = offline ? OFFLINE_MODEL : (settings.reflectorModel ?? config!.models.reflector);
    const curatorModel = offline ? OFFLINE_MODEL : (settings.curatorModel ?? config!.models.curator);
    partial.model = offline
      ? (run.model ?? OFFLINE_MODEL)
      : reflectorModel === curatorModel
        ? reflectorModel
        : `${reflectorModel} / ${curatorModel}`;
    const focus = loadFocus(context.ability);
    const ids = offline
      ? { version: OFFLINE_PIPELINE_VERSION, hash: sha256(OFFLINE_PIPELINE_VERSION) }
      : combinePromptIds([readTemplate('reflector.md'), readTemplate('curator.md'), focus]);
    partial.promptVersion = ids.version;
    partial.promptHash = ids.hash;

    const vctx: ValidationContext = {
      observedTools: context.observedTools,
      allFailed: context.allFailed,
      scenarioValues: context.scenarioValues,
      forbiddenTerms: context.forbiddenTerms,
      judgeNotes: context.judgeNotes,
    };
    const outcomeRule = context.allFailed ? ALL_FAILED_RULE : SOME_PASSED_RULE;

    // Reflector
    const t1 = Date.now();
    let rawDeltas: unknown[];
    // Per delta, the packet diagnoses (by index) it was built from: the offline reflector's root-cause groups, or
    // the LLM reflector's from_diagnoses.
    let sources: number[][] = [];
    let reflectorRaw: string;
    if (offline) {
      ({ deltas: rawDeltas, sources } = offlineReflect(packet));
      reflectorRaw = JSON.stringify({ deltas: rawDeltas });
    } else {
      const query = [
        packet.task.instruction,
        ...packet.diagnoses.map((d) => `${d.what_went_wrong} ${d.what_should_have_happened}`),
      ].join('\n');
      const bank = await rankSkillCards({
        ability: context.ability,
        apps: context.apps,
        query,
        limit: REFLECTOR_CARDS,
      });
      const prompt = renderPrompt('reflector', {
        focus: focus.body,
        cards: bank.length ? bank.map((c) => JSON.stringify(c.content)).join('\n') : '(none yet)',
        outcome_rule: outcomeRule,
        packet: JSON.stringify(packet),
      });
      const res = await completeStructured({
        runId: run.id,
        step: 'reflector',
        model: reflectorModel,
        prompt,
        schema: reflectorOutputSchema,
        config: config!,
        signal,
      });
      partial.promptTokens += res.promptTokens;
      partial.completionTokens += res.completionTokens;
      const cited = res.data.deltas.map((raw) => takeDeltaSources(raw, packet.diagnoses.length));
      rawDeltas = cited.map((c) => c.content);
      sources = cited.map((c) => c.sources);
      reflectorRaw = res.raw;
    }
    partial.rawOutput = rawOutputText(reflectorRaw, []);
    timings.reflectorMs = Date.now() - t1;

    const deltas: DeltaRecord[] = rawDeltas.map((content, index) => {
      const v = validateDelta(content, vctx);
      const diagnosisIds = [...new Set((sources[index] ?? []).flatMap((i) => context.packetDiagnosisIds[i] ?? []))];
      return { index, content: v.content ?? content, valid: v.issues.length === 0, validation: v.issues, diagnosisIds };
    });

    // Curator: one patch per valid delta (the LLM concurrency limit applies inside).
    await assertStillRunning(run.id);
    const t2 = Date.now();
    const curated = await Promise.all(
      deltas
        .filter((d) => d.valid)
        .map((d) =>
          curateDelta(d.index, d.content as SkillCardContent, vctx, {
            runId: run.id,
            provider: settings.provider,
            model: curatorModel,
            config,
            ability: context.ability,
            apps: context.apps,
            outcomeRule,
            curation: curationContextOf(packet, context.observedTools),
            signal,
          }),
        ),
    );
    timings.curatorMs = Date.now() - t2;
    for (const c of curated) {
      partial.promptTokens += c.promptTokens;
      partial.completionTokens += c.completionTokens;
    }
    partial.rawOutput = rawOutputText(
      reflectorRaw,
      curated.map((c) => ({ delta: c.proposal.deltaIndex, raw: c.raw })),
    );
    const proposals: ProposalRecord[] = flagDuplicateTitles(curated.map((c) => c.proposal));
    timings.totalMs = Date.now() - started;
    return {
      inputHash: partial.inputHash,
      packet,
      rawOutput: partial.rawOutput,
      promptVersion: ids.version,
      promptHash: ids.hash,
      model: partial.model,
      promptTokens: partial.promptTokens,
      completionTokens: partial.completionTokens,
      timings,
      deltas,
      proposals,
      trajectoryIds: context.trajectoryIds,
      diagnosisIds: context.diagnosisIds,
    };
  } catch (e) {
    if (e instanceof RunNoLongerRunning) throw e;
    timings.totalMs = Date.now() - started;
    throw new PipelineFailure((e as Error).message, partial);
  }
}

/** Two ADDs of one run with one title: the later ones are flagged (approval would refuse them anyway). */
function flagDuplicateTitles(proposals: ProposalRecord[]): ProposalRecord[] {
  const titleOf = (p: ProposalRecord) => {
    const t = (p.proposedCard as { title?: unknown } | null)?.title;
    return typeof t === 'string' ? t : null;
  };
  const flaws = duplicateTitleFlaws(
    proposals.map((p, index) => ({ index, title: p.operation === 'ADD_CARD' ? titleOf(p) : null })),
  );
  return proposals.map((p, i) => {
    const found = flaws.get(i);
    if (!found) return p;
    const validation = [...p.validation, ...asValidationIssues(found)];
    return { ...p, valid: false, validation };
  });
}

function rawOutputText(reflector: string, curator: { delta: number | null; raw: string }[]): string {
  const parts = [`## reflector\n${reflector}`, ...curator.map((c) => `## curator (delta ${c.delta})\n${c.raw}`)];
  return parts.join('\n\n');
}
