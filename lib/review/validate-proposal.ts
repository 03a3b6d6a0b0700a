import type { CardKind, CardOperation } from '@prisma/client';
import { functionCardSchema, skillCardSchema, type SkillCardContent } from '@/lib/cards/card-schemas';
import { prisma } from '@/lib/db/prisma';
import { loadFunctionCards } from '@/lib/reflection/card-targets';
import { aggregateToolCalls, type ToolAggregate } from '@/lib/reflection/function-aggregate';
import { buildContrastPacket } from '@/lib/reflection/packet';
import { reflectionRunSettingsSchema } from '@/lib/reflection/run-settings';
import { validateFunctionCard } from '@/lib/reflection/function-cards';
import {
  activeContentIssues,
  privacyIssues,
  schemaIssues,
  validatePatch,
  type ValidationContext,
  type ValidationIssue,
} from '@/lib/reflection/validate-card';
import { reviewerWordIssues } from './reviewer-words';

/**
 * Validation of a proposal's final content *now* (docs/architecture.md
 * "Validation": when a proposal is written and again at approval): the same validators
 * the curator's output went through, against the target cards as they are
 * now. Inputs that do not depend on the cards (the run's observed tools,
 * scenario values, model names) are loaded once, outside the approval
 * transaction; the check itself is synchronous so it can run under the
 * cards' row locks.
 */
export type ProposalForValidation = {
  id: string;
  cardKind: CardKind;
  operation: CardOperation;
  proposedCard: unknown;
  run: { id: string; kind: string; taskId: string | null; settings: unknown } | null;
  delta: { content: unknown } | null;
};

export type ValidationInputs =
  | { kind: 'SKILL'; vctx: ValidationContext; delta: SkillCardContent | null; functionCards: unknown[] }
  | { kind: 'FUNCTION'; aggregate: ToolAggregate | null; ctx: { scenarioValues: string[]; forbiddenTerms: string[] } };

/** A target as it is now: key, whether it is the primary (kept) card, current content. */
export type CurrentTarget = { cardId: string; key: string; primary: boolean; content: unknown };

async function modelNames(): Promise<string[]> {
  return (await prisma.trajectory.findMany({ distinct: ['model'], select: { model: true }, take: 200 })).map(
    (m) => m.model,
  );
}

export async function loadValidationInputs(
  p: ProposalForValidation,
  content: unknown = p.proposedCard,
): Promise<ValidationInputs> {
  if (p.cardKind === 'FUNCTION') {
    const tool = (content as { tool?: unknown } | null)?.tool;
    const [aggregate] = typeof tool === 'string' ? await aggregateToolCalls({ tools: [tool] }) : [];
    return {
      kind: 'FUNCTION',
      aggregate: aggregate ?? null,
      ctx: { scenarioValues: [], forbiddenTerms: await modelNames() },
    };
  }
  const deltaParsed = skillCardSchema.safeParse(p.delta?.content);
  const delta = deltaParsed.success ? deltaParsed.data : null;
  let vctx: ValidationContext | null = null;
  if (p.run?.taskId) {
    // The packet is rebuilt from the same task and settings: the de-identification mapping lives only in memory.
    const built = await buildContrastPacket(
      p.run.taskId,
      reflectionRunSettingsSchema.parse(p.run.settings ?? {}),
    ).catch(() => null);
    if (built) {
      const c = built.context;
      vctx = {
        observedTools: c.observedTools,
        allFailed: c.allFailed,
        scenarioValues: c.scenarioValues,
        forbiddenTerms: c.forbiddenTerms,
        judgeNotes: c.judgeNotes,
      };
    }
  }
  // No run to rebuild (a hand-made or orphaned proposal): schema, privacy and shape still apply; functions must be observed somewhere.
  vctx ??= {
    observedTools: await observedToolsOf(content),
    allFailed: false,
    scenarioValues: [],
    forbiddenTerms: await modelNames(),
  };
  const fns = [
    ...new Set([
      ...(delta?.functions_used ?? []),
      ...(Array.isArray((content as SkillCardContent | null)?.functions_used)
        ? (content as SkillCardContent).functions_used
        : []),
    ]),
  ];
  const functionCards = (await loadFunctionCards(fns)).map((f) => f.content);
  return { kind: 'SKILL', vctx, delta, functionCards };
}

async function observedToolsOf(content: unknown): Promise<string[]> {
  const fns = (content as { functions_used?: unknown } | null)?.functions_used;
  if (!Array.isArray(fns) || fns.length === 0) return [];
  const rows = await prisma.event.findMany({
    where: { tool: { in: fns.map(String) }, type: 'TOOL_CALL' },
    distinct: ['tool'],
    select: { tool: true },
  });
  return rows.map((r) => r.tool!).filter(Boolean);
}

/**
 * Every issue of `content` as the final card of proposal `p`, against the targets as they are now.
 * `authored`: the fields whose words are a reviewer's (lib/review/reviewer-words.ts), checked as theirs.
 */
export function validateFinalContent(
  p: Pick<ProposalForValidation, 'operation' | 'cardKind' | 'proposedCard'>,
  content: unknown,
  targets: CurrentTarget[],
  inputs: ValidationInputs,
  authored: string[] = [],
): ValidationIssue[] {
  const issues = issuesOf(p, content, targets, inputs);
  if (!authored.length) return issues;
  return reviewerWordIssues(issues, issuesOf(p, p.proposedCard, targets, inputs), authored);
}

function issuesOf(
  p: Pick<ProposalForValidation, 'operation' | 'cardKind'>,
  content: unknown,
  targets: CurrentTarget[],
  inputs: ValidationInputs,
): ValidationIssue[] {
  if (inputs.kind === 'FUNCTION') {
    if (!inputs.aggregate) {
      const parsed = functionCardSchema.safeParse(content);
      const issues = parsed.success ? [] : schemaIssues(parsed.error);
      issues.push(...privacyIssues(content, inputs.ctx), ...activeContentIssues(content));
      issues.push({
        rule: 'evidence',
        path: 'tool',
        message: 'no observed call of this tool: a function card needs observed calls',
      });
      return issues;
    }
    return validateFunctionCard(content, inputs.aggregate, inputs.ctx).issues;
  }
  const primary = targets.find((t) => t.primary) ?? targets[0];
  const candidates = new Map<string, SkillCardContent>();
  for (const t of targets) {
    const parsed = skillCardSchema.safeParse(t.content);
    if (parsed.success) candidates.set(t.key, parsed.data);
  }
  // A proposal without a stored delta (seeded, hand-made) is traced against its own proposed card.
  const deltaParsed = inputs.delta ?? skillCardSchema.safeParse(content).data ?? null;
  const { issues } = validatePatch(
    {
      operation: p.operation,
      targetKey: p.operation === 'ADD_CARD' ? null : (primary?.key ?? null),
      targetKeys: p.operation === 'MERGE_CARD' ? targets.map((t) => t.key) : [],
      card: content,
    },
    { delta: deltaParsed ?? (content as SkillCardContent), candidates, functionCards: inputs.functionCards },
    inputs.vctx,
  );
  // validatePatch names fields as the curator's output did; the reviewer edits the card itself.
  return issues.map((i) => ({ ...i, path: i.path.replace(/^new_or_updated_card\.?/, '') || '(card)' }));
}
