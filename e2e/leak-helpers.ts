import type { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { createCard, importDemoMailTask } from './review-helpers';

/**
 * `tasks` held-out copies of mail/1 in their own ability bank, and `cards`
 * skill cards there whose version history was reflected from every one of
 * those tasks (one version per task's run): each held-out task then retrieves
 * each card, and every pair is a leak — tasks × cards leaks in all.
 */
export async function seedHeldOutLeaks(ability: string, tasks: number, cards: number): Promise<{ taskIds: string[] }> {
  const taskIds: string[] = [];
  for (let i = 0; i < tasks; i++) taskIds.push((await importDemoMailTask(`e2e-${ability}-${i}`, ability)).taskId);
  // A word of this audit's own, in the tasks and the cards: the demo card's words are on many cards of the
  // whole bank (other specs copy it), and retrieval no longer returns cards that match on such words alone.
  const word = `quarterly${ability.replace(/[^a-z]/g, '')}`;
  for (const id of taskIds) {
    const task = await prisma.task.findUniqueOrThrow({ where: { id }, select: { instruction: true } });
    await prisma.task.update({
      where: { id },
      data: { instruction: `${task.instruction} It is about the ${word} report.` },
    });
  }
  const demo = DEMO_SKILL_CARDS[0].versions[0];
  const base = { ...demo, applies_when: `${demo.applies_when}, for the ${word} report` };
  for (let c = 0; c < cards; c++) {
    const card = await createCard(ability, { ...base, title: `${base.title} (${c + 1})` });
    let parentVersionId = card.versionId;
    for (const [n, taskId] of taskIds.entries()) {
      const run = await prisma.reflectionRun.create({
        data: { status: 'SUCCEEDED', provider: 'OFFLINE', model: 'rule-based', promptVersion: 'offline', taskId },
      });
      const content = {
        ...base,
        title: `${base.title} (${c + 1})`,
        solves: `${base.solves} (${n + 2})`,
      } as Prisma.InputJsonValue;
      const proposal = await prisma.proposal.create({
        data: {
          runId: run.id,
          cardKind: 'SKILL',
          ability,
          operation: 'PATCH_CARD',
          proposedCard: content,
          reason: 'e2e leak',
          status: 'APPROVED',
        },
      });
      const v = await prisma.cardVersion.create({
        data: { cardId: card.id, number: n + 2, content, parentVersionId, proposalId: proposal.id },
      });
      parentVersionId = v.id;
    }
    await prisma.card.update({ where: { id: card.id }, data: { currentVersionId: parentVersionId } });
  }
  await prisma.task.updateMany({ where: { id: { in: taskIds } }, data: { split: 'HELDOUT' } });
  return { taskIds };
}

/** Takes the tasks out of the held-out set again (the release freeze audits every held-out task). */
export async function clearHeldOut(taskIds: string[]) {
  await prisma.task.updateMany({ where: { id: { in: taskIds } }, data: { split: null } });
}
