/**
 * Two rounds of the demo bank on the same six tasks, so the compare page and the dashboard's
 * regression headline are filled on first start: release demo-r1 (the cards' first versions),
 * then demo-r2 (their current versions), both run by one model. demo-r2 fixes three tasks and
 * breaks mail/1, where it injected a card that has a PATCH proposal waiting (a1f0c3) and one that
 * has a NARROW proposal and helped nowhere (c3e4a7). Self-written, like the rest of the demo.
 */
import { skillCardKey } from '@/lib/cards/card-schemas';
import type { Tx } from '@/lib/db/prisma';
import { DEMO_BENCHMARK, DEMO_TASKS } from './demo-world';
import { writeDemoRun } from './write-demo-run';

export const DEMO_ROUNDS = ['demo-r1', 'demo-r2'] as const;
const MODEL = 'orbit-large-2';
const AGENT = 'react-agent';
const card = (hex: string) => skillCardKey(hex);

/** Per task: passed under demo-r1, under demo-r2, and the cards each round injected. */
const PLAN: Record<string, { r1: boolean; r2: boolean; cards1: string[]; cards2: string[] }> = {
  'mail/1': { r1: true, r2: false, cards1: [card('b27d91')], cards2: [card('a1f0c3'), card('c3e4a7')] },
  'mail/2': { r1: false, r2: true, cards1: [card('b27d91')], cards2: [card('a1f0c3'), card('b27d91')] },
  'mail/3': { r1: false, r2: true, cards1: [card('b27d91')], cards2: [card('a1f0c3'), card('f6c2d1')] },
  'travel/1': { r1: true, r2: true, cards1: [card('d4a9b2')], cards2: [card('d4a9b2'), card('e5b0c8')] },
  'travel/2': { r1: false, r2: true, cards1: [card('d4a9b2')], cards2: [card('e5b0c8')] },
  'travel/3': { r1: false, r2: false, cards1: [card('d4a9b2')], cards2: [card('d4a9b2')] },
};

/** Freezes the two demo releases (first versions, then current ones) and writes both rounds' runs. */
export async function seedDemoRounds(tx: Tx, createdById: string): Promise<void> {
  const cards = await tx.card.findMany({
    select: {
      currentVersionId: true,
      ability: true,
      apps: true,
      versions: { where: { number: 1 }, select: { id: true } },
    },
  });
  const day = 86_400_000;
  for (const [i, name] of DEMO_ROUNDS.entries()) {
    await tx.bankRelease.create({
      data: {
        name,
        note: i === 0 ? 'Demo: the first versions of the cards' : 'Demo: the reviewed versions',
        createdById,
        // demo-r1 before demo-r2, both before any release a user freezes.
        createdAt: new Date(Date.now() - (2 - i) * day),
        cards: {
          create: cards.map((c) => ({
            cardVersionId: i === 0 ? c.versions[0].id : c.currentVersionId!,
            ability: c.ability,
            apps: c.apps,
          })),
        },
      },
    });
  }
  for (const task of DEMO_TASKS) {
    const plan = PLAN[task.externalId];
    // A failing run repeats a failure this task already has in the demo (its first failing attempt).
    const failing = task.attempts.find((a) => a.divergeAt !== null)!;
    for (const [round, passed, cardIds] of [
      [DEMO_ROUNDS[0], plan.r1, plan.cards1],
      [DEMO_ROUNDS[1], plan.r2, plan.cards2],
    ] as const) {
      const attempt = passed
        ? { model: MODEL, agent: AGENT, divergeAt: null }
        : { ...failing, model: MODEL, agent: AGENT };
      await writeDemoRun(tx, task, attempt, `${DEMO_BENCHMARK}:${task.externalId}:${MODEL}:${round}`, {
        bank_release: round,
        card_ids: [...cardIds],
      });
    }
  }
}
