import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import {
  BLOCK_TOKEN_CAP,
  FUNCTION_CARD_TOKEN_CAP,
  MEMORY_USE_RULES,
  SKILL_CARD_TOKEN_CAP,
  renderCardRuntimeText,
  countTokens,
} from '@/lib/retrieval/render';
import { retrieve } from '@/lib/retrieval/retrieve';
import { createFunctionCard, createSkillCard, functionContent, skillContent } from '../../helpers/bank-factories';
import { createActor, uid } from '../../helpers/factories';

// Long but within the card schema's limits (≤ 300–400 characters a field).
const long = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');

describe('rendered runtime text through retrieval', () => {
  it('keeps every card and the block within their token budgets, counted with the real tokenizer', async () => {
    const ability = `big-${uid()}`;
    const word = `vellum${uid()}`;
    // One word per card as well: a word every card of a bank has is filler, under the minimum score.
    const topics = Array.from({ length: 6 }, (_, i) => `topic${i}${uid()}`);
    for (let i = 0; i < 6; i++) {
      await createSkillCard({
        ability,
        content: skillContent({
          title: `Handle ${word} case ${i}`,
          tags: [word, 'case', 'handle', topics[i]],
          core_rule: `When the ${word} appears, ${long(30, 'consider')}`,
          skill: {
            core_rule: `When the ${word} appears, ${long(30, 'consider')}`,
            completion_condition: [long(25, 'done'), long(25, 'also')],
            success_contrast: [],
            failure_contrast: [long(25, 'pitfall')],
            recovery: [long(25, 'recover')],
            efficiency: [],
            procedure_sketch: [long(25, 'step'), long(25, 'next')],
          },
        }),
      });
    }
    const app = `app${uid()}`;
    for (const f of ['one', 'two', 'three']) {
      await createFunctionCard(`${app}.${word}_${f}`, {
        content: functionContent(`${app}.${word}_${f}`, {
          what_it_does: `Lists ${word} ${long(30, 'thing')}`,
          usage_rules: [long(25, 'rule'), long(25, 'more')],
          common_mistakes: [long(25, 'oops')],
          side_effects: [long(25, 'effect')],
        }),
      });
    }
    const res = await retrieve(await createActor('ANNOTATOR'), {
      task: `a ${word} case to handle: ${topics.join(' ')}`,
      ability,
      apps: [app],
      release: 'current',
      k: 6,
      function: `${app}.${word}_one`,
    });
    expect(res.tokens).toBe(encode(res.block).length);
    expect(res.tokens).toBeLessThanOrEqual(BLOCK_TOKEN_CAP);
    const lines = res.block.split('\n');
    const skillLines = lines.filter((l) => /^\d+\. /.test(l));
    const toolLines = lines.filter((l) => l.startsWith(`- ${app}.`));
    expect(skillLines).toHaveLength(res.skillCards.filter((c) => c.inBlock).length);
    expect(skillLines.length).toBeLessThanOrEqual(3);
    expect(res.skillCards.length).toBe(6);
    for (const l of skillLines) expect(countTokens(l.replace(/^\d+\. /, ''))).toBeLessThanOrEqual(SKILL_CARD_TOKEN_CAP);
    for (const l of toolLines) expect(countTokens(l.slice(2))).toBeLessThanOrEqual(FUNCTION_CARD_TOKEN_CAP);
    expect(res.preTool!.tokens).toBeLessThanOrEqual(FUNCTION_CARD_TOKEN_CAP);
    for (const rule of MEMORY_USE_RULES) expect(res.block).toContain(rule);
  });

  it('never puts ids, provenance, model names or scores into the text', async () => {
    const ability = `clean-${uid()}`;
    const word = `tessel${uid()}`;
    const run = { taskId: undefined, trajectoryIds: [], diagnosisIds: [] };
    const card = await createSkillCard({
      ability,
      apps: ['mail'],
      content: skillContent({ title: `Check ${word} twice`, tags: [word, 'check', 'twice'] }),
      provenance: run,
    });
    await prisma.reflectionRun.updateMany({ data: { model: 'gpt-4o-mini' } });
    const fn = await createFunctionCard(`mail.${word}_read`);
    const res = await retrieve(await createActor('ANNOTATOR'), {
      task: `check the ${word} and read it`,
      ability,
      apps: ['mail'],
      release: 'current',
      function: `mail.${word}_read`,
    });
    expect(res.skillCards[0].inBlock).toBe(true);
    const version = await prisma.cardVersion.findFirstOrThrow({
      where: { id: card.version.id },
      include: { proposal: true },
    });
    const forbidden = [
      card.card.key,
      card.card.id,
      card.version.id,
      version.proposalId!,
      version.proposal!.runId!,
      fn.card.key,
      fn.version.id,
      'skill::',
      'function::',
      'gpt-4o',
      'rule-based',
      'bm25',
      'score',
    ];
    for (const text of [res.block, res.preTool!.block, renderCardRuntimeText('SKILL', card.version.content)]) {
      for (const f of forbidden) expect(text, f).not.toContain(f);
      expect(text).not.toMatch(/\d+\.\d{2,}/); // no score-like decimals
    }
  });

  it('injects nothing when no card matches', async () => {
    const res = await retrieve(await createActor('ANNOTATOR'), { task: `qwertyuiop${uid()}`, release: 'current' });
    expect(res).toMatchObject({ block: '', tokens: 0, skillCards: [], functionCards: [], memory: { card_ids: [] } });
  });
});
