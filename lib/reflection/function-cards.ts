import type { ReflectionRun } from '@prisma/client';
import { z } from 'zod';
import { functionCardSchema, type FunctionCardContent } from '@/lib/cards/card-schemas';
import { canonicalJson } from '@/lib/text/canonical-json';
import { prisma } from '@/lib/db/prisma';
import { getLlmConfig } from '@/lib/llm/config';
import { readTemplate, renderPrompt, sha256 } from '@/lib/llm/prompts';
import { completeStructured } from '@/lib/llm/structured-call';
import { loadFunctionCards } from './card-targets';
import { aggregateToolCalls, type ToolAggregate } from './function-aggregate';
import { OFFLINE_MODEL, OFFLINE_PIPELINE_VERSION } from './offline-provider';
import { PipelineFailure, type PartialRun, type PipelineResult, type ProposalRecord } from './pipeline-types';
import { functionCardRunSettingsSchema } from './run-settings';
import { activeContentIssues, privacyIssues, schemaIssues, type ValidationIssue } from './validate-card';

const human = (s: string) => s.replace(/[_-]+/g, ' ');
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Rule-based card from the aggregate alone (offline provider). */
export function offlineFunctionCard(a: ToolAggregate): FunctionCardContent {
  const required = a.arguments.filter((x) => x.calls === a.calls).map((x) => x.name);
  return {
    tool: a.tool,
    app: a.app,
    function: a.function,
    what_it_does: clip(
      `${a.stateChangingGuess ? 'Changes' : 'Reads'} ${a.app} data (${human(a.function)}); seen in ${a.calls} call${a.calls === 1 ? '' : 's'} across ${a.trajectories} run${a.trajectories === 1 ? '' : 's'}`,
      400,
    ),
    arguments: a.arguments.slice(0, 12).map((x) => ({
      name: x.name,
      meaning: clip(`${human(x.name)}; passed in ${x.calls} of ${a.calls} calls`, 300),
      value_form: clip(x.forms.join(' or '), 200),
    })),
    returns: clip(a.returnShapes.length ? a.returnShapes.join('; or ') : 'no structured result observed', 400),
    usage_rules: [
      ...(required.length ? [clip(`Always pass ${required.join(', ')}`, 300)] : []),
      ...(a.emptyResults
        ? [`Can return an empty result (${a.emptyResults} of ${a.calls} calls); check before relying on it`]
        : []),
    ].slice(0, 5),
    common_mistakes: a.errors.examples.slice(0, 4).map((e) => clip(`A call failed with: ${e}`, 300)),
    side_effects: a.stateChangingGuess
      ? [`Changes ${a.app} state (inferred from the function name and observed writes)`]
      : [],
  };
}

export function validateFunctionCard(
  raw: unknown,
  a: ToolAggregate,
  ctx: { scenarioValues: string[]; forbiddenTerms: string[] },
): { card: FunctionCardContent | null; issues: ValidationIssue[] } {
  const parsed = functionCardSchema.safeParse(raw);
  const issues: ValidationIssue[] = parsed.success ? [] : schemaIssues(parsed.error);
  issues.push(...privacyIssues(raw, ctx), ...activeContentIssues(raw));
  if (parsed.success) {
    if (parsed.data.tool !== a.tool)
      issues.push({ rule: 'evidence', path: 'tool', message: `card is for ${parsed.data.tool}, not ${a.tool}` });
    const observed = new Set(a.arguments.map((x) => x.name));
    parsed.data.arguments.forEach((x, i) => {
      if (!observed.has(x.name))
        issues.push({
          rule: 'evidence',
          path: `arguments[${i}].name`,
          message: `argument ${x.name} was never observed in calls of ${a.tool}`,
        });
    });
  }
  return { card: parsed.success ? parsed.data : null, issues };
}

/**
 * A FUNCTION_CARDS run: aggregate observed calls per App.function → one card
 * per tool (offline rules or the LLM) → validation → ADD_CARD, or PATCH_CARD
 * against the existing card (NOOP when unchanged). Never writes the bank.
 */
export async function runFunctionCards(run: ReflectionRun, signal?: AbortSignal): Promise<PipelineResult> {
  const settings = functionCardRunSettingsSchema.parse(run.settings ?? {});
  const timings: Record<string, number> = {};
  const partial: PartialRun = { promptTokens: 0, completionTokens: 0, timings };
  const started = Date.now();
  try {
    const aggregates = await aggregateToolCalls({ taskId: run.taskId, tools: settings.tools });
    if (aggregates.length === 0)
      throw new Error(
        settings.tools.length
          ? `No observed calls of ${settings.tools.join(', ')}`
          : 'No tool calls observed yet: import trajectories first',
      );
    partial.packet = { tools: aggregates };
    timings.aggregateMs = Date.now() - started;
    const offline = settings.provider === 'offline';
    const config = offline ? null : await getLlmConfig();
    if (config && !config.configured)
      throw new Error('No OpenAI-compatible endpoint is configured (OPENAI_BASE_URL); use the offline provider');
    const model = offline ? OFFLINE_MODEL : (settings.model ?? config!.models.function_cards);
    const template = offline ? null : readTemplate('function-card.md');
    partial.model = offline ? (run.model ?? OFFLINE_MODEL) : model;
    partial.promptVersion = template?.version ?? OFFLINE_PIPELINE_VERSION;
    partial.promptHash = template?.hash ?? sha256(OFFLINE_PIPELINE_VERSION);
    partial.inputHash = sha256(
      canonicalJson({ kind: 'function_cards', settings, aggregates, prompt: partial.promptHash, model }),
    );

    const existing = new Map((await loadFunctionCards(aggregates.map((a) => a.tool))).map((c) => [c.content.tool, c]));
    // Model names of the agents under test must never reach a card.
    const models = await prisma.trajectory.findMany({ distinct: ['model'], select: { model: true }, take: 200 });
    const ctx = { scenarioValues: [], forbiddenTerms: models.map((m) => m.model) };
    const t1 = Date.now();
    const results = await Promise.all(
      aggregates.map(async (a) => {
        if (offline) return { a, raw: offlineFunctionCard(a) as unknown, text: '' };
        const prompt = renderPrompt('function-card', { tool: a.tool, aggregate: JSON.stringify(a, null, 1) });
        const res = await completeStructured({
          runId: run.id,
          step: `function-card[${a.tool}]`,
          model,
          prompt,
          schema: z.record(z.string(), z.unknown()),
          config: config!,
          signal,
        });
        return { a, raw: res.data as unknown, text: res.raw };
      }),
    );
    timings.cardsMs = Date.now() - t1;
    const proposals: ProposalRecord[] = results.map(({ a, raw }) => {
      const { card, issues } = validateFunctionCard(raw, a, ctx);
      const prior = existing.get(a.tool);
      const unchanged = prior && card && canonicalJson(prior.content) === canonicalJson(card);
      const operation = unchanged ? 'NOOP' : prior ? 'PATCH_CARD' : 'ADD_CARD';
      return {
        deltaIndex: null,
        cardKind: 'FUNCTION',
        ability: null,
        operation,
        targetCardId: prior?.cardId ?? null,
        targets:
          prior && operation !== 'NOOP'
            ? [{ cardId: prior.cardId, baseVersionId: prior.currentVersionId, primary: true }]
            : [],
        proposedCard: operation === 'NOOP' ? null : (card ?? raw),
        reason: unchanged
          ? `The observed calls add nothing to the current card of ${a.tool}`
          : `${prior ? 'Refreshes' : 'Creates'} the card of ${a.tool} from ${a.calls} observed call${a.calls === 1 ? '' : 's'} in ${a.trajectories} run${a.trajectories === 1 ? '' : 's'}`,
        valid: issues.length === 0,
        validation: issues,
        slot: `function:${a.tool}`,
      };
    });
    partial.rawOutput = results.map((r) => `## ${r.a.tool}\n${r.text || JSON.stringify(r.raw)}`).join('\n\n');
    timings.totalMs = Date.now() - started;
    return {
      inputHash: partial.inputHash,
      packet: partial.packet,
      rawOutput: partial.rawOutput,
      promptVersion: partial.promptVersion,
      promptHash: partial.promptHash,
      model: partial.model,
      promptTokens: 0,
      completionTokens: 0,
      timings,
      deltas: [],
      proposals,
      trajectoryIds: [],
      diagnosisIds: [],
    };
  } catch (e) {
    timings.totalMs = Date.now() - started;
    throw new PipelineFailure((e as Error).message, partial);
  }
}
