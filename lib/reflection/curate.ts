import type { SkillCardContent } from '@/lib/cards/card-schemas';
import type { LlmConfig } from '@/lib/llm/config';
import { renderPrompt } from '@/lib/llm/prompts';
import { completeStructured } from '@/lib/llm/structured-call';
import { rankSkillCards, skillCardSearchText, type RankedSkillCard } from '@/lib/retrieval/bm25-skill-cards';
import { loadFunctionCards } from './card-targets';
import { asValidationIssues, cardFlaws, patchFlaws, type CurationContext } from './curation-flaws';
import { curatorPatchSchema, type CuratorPatch } from './curator-schema';
import { offlineCurate } from './offline-curate';
import type { ProposalRecord } from './pipeline-types';
import { validatePatch, type ValidationContext } from './validate-card';

export const CURATOR_CANDIDATES = 5;

export type CurateDeps = {
  runId: string;
  provider: 'offline' | 'openai';
  model: string;
  config: LlmConfig | null;
  ability: string | null;
  apps: string[];
  outcomeRule: string;
  /** The annotators' texts and observed functions, for the curation-flaw checks. */
  curation: CurationContext;
  signal?: AbortSignal;
};

export type CurateResult = {
  proposal: ProposalRecord;
  raw: string;
  promptTokens: number;
  completionTokens: number;
  prompt?: { version: string; hash: string };
};

/**
 * One valid delta → one validated patch (docs/architecture.md "Curator"): retrieves the
 * closest cards of the same bank and the related function cards, asks the
 * provider for a patch, validates it against exactly those inputs, and
 * records each target's current version as the proposal's base.
 */
export async function curateDelta(
  index: number,
  delta: SkillCardContent,
  vctx: ValidationContext,
  deps: CurateDeps,
): Promise<CurateResult> {
  const candidates = await rankSkillCards({
    ability: deps.ability,
    apps: deps.apps,
    query: skillCardSearchText(delta),
    limit: CURATOR_CANDIDATES,
  });
  const functionCards = await loadFunctionCards(delta.functions_used);
  let patch: CuratorPatch;
  let raw: string;
  let tokens = { promptTokens: 0, completionTokens: 0 };
  let prompt: { version: string; hash: string } | undefined;
  if (deps.provider === 'offline') {
    patch = offlineCurate(
      index,
      delta,
      candidates.map((c) => ({ key: c.key, content: c.content })),
    );
    raw = JSON.stringify(patch);
  } else {
    const rendered = renderPrompt('curator', {
      delta_index: index,
      delta: JSON.stringify(delta, null, 1),
      cards: candidates.length ? candidates.map((c) => `${c.key} → ${JSON.stringify(c.content)}`).join('\n') : '(none)',
      function_cards: functionCards.length ? functionCards.map((f) => JSON.stringify(f.content)).join('\n') : '(none)',
      outcome_rule: deps.outcomeRule,
    });
    prompt = { version: rendered.version, hash: rendered.hash };
    const res = await completeStructured({
      runId: deps.runId,
      step: `curator[${index}]`,
      model: deps.model,
      prompt: rendered,
      schema: curatorPatchSchema,
      config: deps.config!,
      signal: deps.signal,
    });
    patch = res.data;
    raw = res.raw;
    tokens = { promptTokens: res.promptTokens, completionTokens: res.completionTokens };
  }
  return {
    proposal: toProposal(
      index,
      delta,
      patch,
      candidates,
      functionCards.map((f) => f.content),
      vctx,
      deps.ability,
      deps.curation,
    ),
    raw,
    ...tokens,
    prompt,
  };
}

function toProposal(
  index: number,
  delta: SkillCardContent,
  patch: CuratorPatch,
  candidates: RankedSkillCard[],
  functionCards: unknown[],
  vctx: ValidationContext,
  ability: string | null,
  curation: CurationContext,
): ProposalRecord {
  const byKey = new Map(candidates.map((c) => [c.key, c]));
  // Models sometimes answer with the database id instead of the card key: accept either.
  const keyOfId = new Map(candidates.map((c) => [c.cardId, c.key]));
  const asKey = (k: string | null) => (k ? (keyOfId.get(k) ?? k) : null);
  patch = {
    ...patch,
    target_card_id: asKey(patch.target_card_id),
    target_card_ids: patch.target_card_ids.map((k) => asKey(k)!),
  };
  const targetKeys = patch.operation === 'MERGE_CARD' ? patch.target_card_ids : [];
  const { card, issues } = validatePatch(
    { operation: patch.operation, targetKey: patch.target_card_id, targetKeys, card: patch.new_or_updated_card },
    { delta, candidates: new Map(candidates.map((c) => [c.key, c.content])), functionCards },
    vctx,
  );
  // Flaws a reviewer would otherwise have to find: flagged now, with the reason, so the proposal is not approvable as is.
  if (card && patch.operation !== 'NOOP') {
    const edited = [...new Set([patch.target_card_id, ...targetKeys].filter((k): k is string => Boolean(k)))].flatMap(
      (k) => (byKey.get(k) ? [{ key: k, content: byKey.get(k)!.content }] : []),
    );
    issues.push(
      ...asValidationIssues([
        ...cardFlaws(card, curation, 'new_or_updated_card.'),
        ...patchFlaws(patch.operation, delta, edited),
      ]),
    );
  }
  // A NOOP may name the card it duplicates; that is informative, not a target to edit.
  const touched =
    patch.operation === 'ADD_CARD'
      ? []
      : [...new Set([patch.target_card_id, ...targetKeys].filter((k): k is string => Boolean(k)))];
  const targets = touched.flatMap((k) => {
    const c = byKey.get(k);
    return c ? [{ cardId: c.cardId, baseVersionId: c.currentVersionId, primary: k === patch.target_card_id }] : [];
  });
  return {
    deltaIndex: index,
    cardKind: 'SKILL',
    ability,
    operation: patch.operation,
    targetCardId: targets.find((t) => t.primary)?.cardId ?? null,
    targets: patch.operation === 'NOOP' ? [] : targets,
    proposedCard: card ?? patch.new_or_updated_card ?? null,
    reason: patch.reason,
    valid: issues.length === 0,
    validation: issues,
    slot: `delta:${index}`,
  };
}
