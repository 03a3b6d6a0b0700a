import type { FunctionBankCard, SkillBankCard } from './bank-card';
import { BLOCK_TOKEN_CAP, renderPreToolBlock, renderTaskStartBlock } from './render';
import { MIN_SHARE_OF_BEST, type RetrievalIndex, type Ranked } from './retrieval-index';
import type { RetrieveRequest, RetrieveResponse } from './retrieve-schema';

/** The skill-card query text: the task instruction (the curator passes card text instead). */
export type RetrievalRun = {
  response: RetrieveResponse;
  skills: Ranked<SkillBankCard>[];
  functions: Ranked<FunctionBankCard>[];
  preToolCard: FunctionBankCard | null;
};

/**
 * One retrieval against one bank index: rank, render, and describe. Pure (no
 * database): the same index and input always give the same output, which is
 * what makes a release reproducible.
 */
export function runRetrieval(
  index: RetrievalIndex,
  releaseLabel: string,
  input: RetrieveRequest,
  opts: { memoryRelease?: string | null } = {},
): RetrievalRun {
  const apps = input.apps ?? [];
  const skills = index.rankSkills({ query: input.task, apps, ability: input.ability ?? null, k: input.k });
  const functions = index.rankFunctions({ query: input.task, apps, ability: input.ability ?? null });
  const scope = index.functionScope({ apps, ability: input.ability ?? null });
  const rendered = renderTaskStartBlock({
    skillCards: skills.map((s) => s.card.content),
    functionCards: functions.map((f) => f.card.content),
  });
  const skillIn = new Set(rendered.skillIncluded);
  const functionIn = new Set(rendered.functionIncluded);
  const preToolCard = input.function ? (index.functionCard(input.function) ?? null) : null;
  const preTool = input.function
    ? preToolCard
      ? {
          function: preToolCard.content.tool,
          key: preToolCard.key,
          version: preToolCard.versionNumber,
          ...renderPreTool(preToolCard),
        }
      : { function: input.function, key: null, version: null, block: '', tokens: 0 }
    : undefined;
  const injected = [
    ...skills.filter((_, i) => skillIn.has(i)).map((s) => s.card.key),
    ...functions.filter((_, i) => functionIn.has(i)).map((f) => f.card.key),
    ...(preToolCard ? [preToolCard.key] : []),
  ];
  const response: RetrieveResponse = {
    release: releaseLabel,
    block: rendered.text,
    tokens: rendered.tokens,
    budget: BLOCK_TOKEN_CAP,
    skillCards: skills.map((s, i) => ({
      key: s.card.key,
      version: s.card.versionNumber,
      versionId: s.card.versionId,
      title: s.card.content.title,
      ability: s.card.ability,
      score: s.score,
      matchedTerms: s.matchedTerms,
      fillerTerms: s.fillerTerms,
      inBlock: skillIn.has(i),
    })),
    functionCards: functions.map((f, i) => ({
      key: f.card.key,
      version: f.card.versionNumber,
      versionId: f.card.versionId,
      tool: f.card.content.tool,
      score: f.score,
      matchedTerms: f.matchedTerms,
      fillerTerms: f.fillerTerms,
      inBlock: functionIn.has(i),
    })),
    minScore: { ...index.minScores({ ability: input.ability ?? null }), shareOfBest: MIN_SHARE_OF_BEST },
    functionScope: scope,
    ...(preTool ? { preTool } : {}),
    memory: {
      bank_release: opts.memoryRelease === undefined ? releaseLabel : opts.memoryRelease,
      card_ids: [...new Set(injected)],
    },
  };
  return { response, skills, functions, preToolCard };
}

function renderPreTool(card: FunctionBankCard): { block: string; tokens: number } {
  const { text, tokens } = renderPreToolBlock(card.content);
  return { block: text, tokens };
}
